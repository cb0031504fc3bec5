import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OT_REPORT_GROUPS, type OtSummary } from '../../../shared/overtime.schemas.ts';
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
import {
  overtimeApi,
  useOvertimeReport,
  useOvertimeSummaries,
  type OtReportParams,
} from './overtime.queries.ts';

/**
 * /overtime-management/summary-reporting: the month's summary per person (hours by day type, night
 * hours, pay-equivalent hours at the regulations' rates) and the report by period and group, exported
 * to XLSX or CSV.
 */
export default function OvertimeReportPage() {
  const { t } = useTranslation('overtime');
  const year = new Date().getFullYear();
  const [month, setMonth] = useState(new Date().toISOString().slice(0, 7));
  const [summaryPage, setSummaryPage] = useState(1);
  const summaries = useOvertimeSummaries(month, summaryPage);
  const [params, setParams] = useState<OtReportParams>({
    period: 'month',
    groupBy: 'person',
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    page: 1,
    perPage: 50,
  });
  const report = useOvertimeReport(params);
  const run = useRunAction([]);
  const change = (patch: Partial<OtReportParams>) => setParams({ ...params, ...patch, page: 1 });
  const { page: _page, perPage: _perPage, ...filters } = params;
  const data = report.data;
  return (
    <div className="lv-page" data-testid="overtime-report">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('ui.reportTitle')}</h2>
        <Link to="/overtime-management">{t('ui.backToOvertime')}</Link>
      </div>
      <section className="lv-card">
        <div className="lv-bar">
          <h3>{t('ui.summaryTitle')}</h3>
          <label className="lv-field" style={{ flexDirection: 'row', alignItems: 'center' }}>
            <span className="lv-hint">{t('ui.month')}</span>
            <InputText
              type="month"
              value={month}
              onChange={(e) => e.target.value && (setMonth(e.target.value), setSummaryPage(1))}
            />
          </label>
        </div>
        <DataTable
          value={summaries.data?.items ?? []}
          lazy
          paginator
          first={(summaryPage - 1) * 50}
          rows={50}
          totalRecords={summaries.data?.total ?? 0}
          onPage={(e) => setSummaryPage((e.page ?? 0) + 1)}
          emptyMessage={t('cli.summary.empty')}
          cellMemo={false}
          dataKey="person.id"
          data-testid="ot-summary"
        >
          <Column
            header={t('ui.columns.person')}
            body={(s: OtSummary) => `${s.person.firstName} ${s.person.lastName}`.trim()}
          />
          <Column header={t('cli.summary.workday')} body={(s: OtSummary) => s.workdayHours} />
          <Column header={t('cli.summary.weekend')} body={(s: OtSummary) => s.weekendHours} />
          <Column header={t('cli.summary.holiday')} body={(s: OtSummary) => s.holidayHours} />
          <Column header={t('cli.summary.night')} body={(s: OtSummary) => s.nightHours} />
          <Column header={t('report.total')} body={(s: OtSummary) => s.totalHours} />
          <Column header={t('report.pay')} body={(s: OtSummary) => s.payEquivalentHours} />
        </DataTable>
      </section>
      <ReportPeriodSwitch
        value={params.period}
        onChange={(period) => change({ period })}
        testId="ot-report-period"
      />
      <div className="lv-filters">
        <label>
          {t('leave:ui.groupBy')}
          <Dropdown
            value={params.groupBy}
            options={OT_REPORT_GROUPS.map((value) => ({ value, label: t(`report.group.${value}`) }))}
            onChange={(e) => change({ groupBy: e.value })}
          />
        </label>
        <ReportRangeFields from={params.from} to={params.to} onChange={change} />
        <ExportButtons
          testId="ot-export-xlsx"
          onExport={(format) =>
            void run(() => overtimeApi.exportReport(filters, format), t('leave:ui.exported'))
          }
        />
      </div>
      {report.error && <p className="lv-error">{errorMessage(report.error, t)}</p>}
      {data && (
        <ReportTable
          data={{ ...data, rows: data.rows.map((row) => ({ ...row, extra: row.payEquivalentHours })) }}
          groupLabel={t(`report.group.${data.groupBy}`)}
          totalLabel={t('report.total')}
          extraLabel={t('report.pay')}
          emptyLabel={t('cli.summary.empty')}
          testId="ot-report-table"
        />
      )}
      <ReportPager data={data} onPage={(page) => setParams({ ...params, page })} />
    </div>
  );
}
