import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEAVE_REPORT_GROUPS } from '../../../shared/leave.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import {
  ExportButtons,
  ReportPager,
  ReportPeriodSwitch,
  ReportRangeFields,
} from '../../tables/ReportControls.tsx';
import { ReportTable } from '../../tables/ReportTable.tsx';
import { leaveApi, useAbsenceTypes, useLeaveReport, type ReportParams } from './leave.queries.ts';
import { LeaveStyles } from './LeaveStyles.tsx';

/**
 * /leave-management/summary-reporting: days of leave by person, department or type, switching
 * between day, week, month, quarter and year, with totals; exported to XLSX or CSV.
 */
export default function LeaveReportPage() {
  const { t } = useTranslation('leave');
  const year = new Date().getFullYear();
  const types = useAbsenceTypes();
  const [params, setParams] = useState<ReportParams>({
    period: 'month',
    groupBy: 'person',
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    status: 'APPROVED',
    page: 1,
    perPage: 50,
  });
  const report = useLeaveReport(params);
  const run = useRunAction([]);
  const change = (patch: Partial<ReportParams>) => setParams({ ...params, ...patch, page: 1 });
  const { page: _page, perPage: _perPage, ...filters } = params;
  const data = report.data;

  return (
    <div className="lv-page" data-testid="leave-report">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('ui.reportTitle')}</h2>
        <Link to="/leave-management">{t('ui.backToLeave')}</Link>
      </div>
      <ReportPeriodSwitch
        value={params.period}
        onChange={(period) => change({ period })}
        testId="report-period"
      />
      <div className="lv-filters">
        <label>
          {t('ui.groupBy')}
          <Dropdown
            value={params.groupBy}
            options={LEAVE_REPORT_GROUPS.map((value) => ({ value, label: t(`report.group.${value}`) }))}
            onChange={(event) => change({ groupBy: event.value })}
          />
        </label>
        <ReportRangeFields from={params.from} to={params.to} onChange={change} />
        <label>
          {t('ui.columns.type')}
          <Dropdown
            value={params.absenceTypeId ?? ''}
            options={[
              { value: '', label: t('ui.any') },
              ...(types.data?.items ?? []).map((type) => ({ value: type.id, label: type.name })),
            ]}
            onChange={(event) => change({ absenceTypeId: event.value || undefined })}
          />
        </label>
        <label>
          {t('ui.columns.status')}
          <Dropdown
            value={params.status}
            options={(['APPROVED', 'WAITING FOR APPROVAL'] as const).map((value) => ({
              value,
              label: t(`ui.reportStatus.${value}`),
            }))}
            onChange={(event) => change({ status: event.value })}
          />
        </label>
        <ExportButtons
          testId="export-xlsx"
          onExport={(format) => void run(() => leaveApi.exportReport(filters, format), t('ui.exported'))}
        />
      </div>
      {report.error && <p className="lv-error">{errorMessage(report.error, t)}</p>}
      {data && (
        <ReportTable
          data={data}
          groupLabel={t(`report.group.${data.groupBy}`)}
          totalLabel={t('report.total')}
          emptyLabel={t('ui.reportEmpty')}
          testId="report-table"
        />
      )}
      <ReportPager data={data} onPage={(page) => setParams({ ...params, page })} />
    </div>
  );
}
