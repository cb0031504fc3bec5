import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INVOICE_REPORT_GROUPS, INVOICE_STATUSES } from '../../../shared/invoices.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import {
  ExportButtons,
  ReportPager,
  ReportPeriodSwitch,
  ReportRangeFields,
} from '../../tables/ReportControls.tsx';
import { ReportTable } from '../../tables/ReportTable.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { BarChart } from './BarChart.tsx';
import { money } from './invoice-format.ts';
import { InvoiceStyles } from './InvoiceStyles.tsx';
import { invoicesApi, useInvoiceReport, type InvoiceReportParams } from './invoices.queries.ts';

/**
 * /invoices/reporting: amounts in VND per category, kind, vendor or person by day, week, month,
 * quarter or year of the invoice date, as a table and as bars (per group and per period), exported
 * to XLSX or CSV. Rejected invoices are left out unless their status is chosen.
 */
export default function InvoiceReportPage() {
  const { t } = useTranslation('invoices');
  const year = new Date().getFullYear();
  const [params, setParams] = useState<InvoiceReportParams>({
    period: 'month',
    groupBy: 'category',
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    page: 1,
    perPage: 50,
  });
  const report = useInvoiceReport(params);
  const run = useRunAction([]);
  const change = (patch: Partial<InvoiceReportParams>) => setParams({ ...params, ...patch, page: 1 });
  const { page: _page, perPage: _perPage, ...filters } = params;
  const data = report.data;
  const format = (value: number | string) => money(String(value));
  return (
    <div className="lv-page" data-testid="invoices-report">
      <LeaveStyles />
      <InvoiceStyles />
      <div className="lv-bar">
        <h2>{t('ui.reportTitle')}</h2>
        <Link to="/invoices">{t('ui.backToInvoices')}</Link>
      </div>
      <ReportPeriodSwitch
        value={params.period}
        onChange={(period) => change({ period })}
        testId="inv-report-period"
      />
      <div className="lv-filters">
        <label>
          {t('leave:ui.groupBy')}
          <Dropdown
            value={params.groupBy}
            options={INVOICE_REPORT_GROUPS.map((value) => ({ value, label: t(`report.group.${value}`) }))}
            onChange={(e) => change({ groupBy: e.value })}
            data-testid="inv-report-group"
          />
        </label>
        <label>
          {t('ui.columns.status')}
          <Dropdown
            value={params.status ?? null}
            options={INVOICE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            showClear
            placeholder={t('ui.notRejected')}
            onChange={(e) => change({ status: e.value ?? undefined })}
          />
        </label>
        <ReportRangeFields from={params.from} to={params.to} onChange={change} />
        <ExportButtons
          testId="inv-report-xlsx"
          onExport={(format) => void run(() => invoicesApi.exportReport(filters, format), t('ui.exported'))}
        />
      </div>
      {report.error && <p className="lv-error">{errorMessage(report.error, t)}</p>}
      {data && (
        <>
          <p className="lv-hint" data-testid="inv-report-summary">
            {t('ui.reportSummary', { count: data.count, amount: money(data.total) })}
          </p>
          <div className="lv-grid">
            <BarChart
              caption={t(`ui.chartBy.${data.groupBy}`)}
              items={data.rows.map((row) => ({ key: row.key, label: row.label, value: row.total }))}
              format={money}
              emptyLabel={t('ui.noInvoices')}
              testId="inv-chart-groups"
            />
            <BarChart
              caption={t('ui.chartByPeriod')}
              items={data.buckets
                .filter((bucket) => data.totals[bucket.key] !== undefined)
                .map((bucket) => ({ key: bucket.key, label: bucket.key, value: data.totals[bucket.key]! }))}
              format={money}
              emptyLabel={t('ui.noInvoices')}
              testId="inv-chart-periods"
            />
          </div>
          <ReportTable
            data={data}
            groupLabel={t(`report.group.${data.groupBy}`)}
            totalLabel={t('report.total')}
            emptyLabel={t('ui.noInvoices')}
            format={format}
            testId="inv-report-table"
          />
        </>
      )}
      <ReportPager data={data} onPage={(page) => setParams({ ...params, page })} />
    </div>
  );
}
