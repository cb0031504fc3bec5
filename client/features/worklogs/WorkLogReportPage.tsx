import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WORK_LOG_REPORT_GROUPS, type ReconciliationRow } from '../../../shared/worklogs.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useSession } from '../../api/session.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import {
  ExportButtons,
  ReportPager,
  ReportPeriodSwitch,
  ReportRangeFields,
} from '../../tables/ReportControls.tsx';
import { ReportTable } from '../../tables/ReportTable.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { showDate } from '../projects/project-dates.ts';
import {
  useReconciliation,
  useWorkLogReport,
  workLogsApi,
  type WorkLogReportParams,
} from './worklogs.queries.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * /work-logs/reporting: hours per person, project or Jira task by period, exported to XLSX or CSV;
 * and, for company-wide reporters, logged hours beside approved overtime and leave.
 */
export default function WorkLogReportPage() {
  const { t } = useTranslation('worklogs');
  const session = useSession();
  const year = new Date().getFullYear();
  const [params, setParams] = useState<WorkLogReportParams>({
    period: 'month',
    groupBy: 'person',
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    page: 1,
    perPage: 50,
  });
  const report = useWorkLogReport(params);
  const run = useRunAction([]);
  const change = (patch: Partial<WorkLogReportParams>) => setParams({ ...params, ...patch, page: 1 });
  const { page: _page, perPage: _perPage, ...filters } = params;
  const data = report.data;
  const companyWide = session?.permissions.includes('worklogs.report') ?? false;
  return (
    <div className="lv-page" data-testid="worklogs-report">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('ui.reportTitle')}</h2>
        <Link to="/work-logs">{t('ui.backToLogs')}</Link>
      </div>
      <ReportPeriodSwitch
        value={params.period}
        onChange={(period) => change({ period })}
        testId="wl-report-period"
      />
      <div className="lv-filters">
        <label>
          {t('leave:ui.groupBy')}
          <Dropdown
            value={params.groupBy}
            options={WORK_LOG_REPORT_GROUPS.map((value) => ({ value, label: t(`report.group.${value}`) }))}
            onChange={(e) => change({ groupBy: e.value })}
            data-testid="wl-report-group"
          />
        </label>
        <ReportRangeFields from={params.from} to={params.to} onChange={change} />
        <ExportButtons
          testId="wl-export-xlsx"
          onExport={(format) =>
            void run(() => workLogsApi.exportReport(filters, format), t('leave:ui.exported'))
          }
        />
      </div>
      {report.error && <p className="lv-error">{errorMessage(report.error, t)}</p>}
      {data && (
        <ReportTable
          data={data}
          groupLabel={t(`report.group.${data.groupBy}`)}
          totalLabel={t('report.total')}
          emptyLabel={t('ui.noLogs')}
          testId="wl-report-table"
        />
      )}
      <ReportPager data={data} onPage={(page) => setParams({ ...params, page })} />
      {companyWide && <Reconciliation />}
    </div>
  );
}

/** Logged hours beside approved overtime and leave, per employee, with gaps and double counts. */
function Reconciliation() {
  const { t } = useTranslation('worklogs');
  const [range, setRange] = useState({ from: `${today().slice(0, 7)}-01`, to: today(), page: 1 });
  const rows = useReconciliation(range);
  const days = (list: string[]) => list.map(showDate).join(', ');
  return (
    <section className="lv-card" data-testid="wl-reconciliation">
      <div className="lv-bar">
        <h3>{t('ui.reconcileTitle')}</h3>
        <div className="lv-filters" style={{ minWidth: '24rem' }}>
          <ReportRangeFields
            from={range.from}
            to={range.to}
            onChange={(next) => setRange({ ...next, page: 1 })}
          />
        </div>
      </div>
      <p className="lv-hint">{t('ui.reconcileHint')}</p>
      {rows.error && <p className="lv-error">{errorMessage(rows.error, t)}</p>}
      <DataTable
        value={rows.data?.items ?? []}
        lazy
        paginator
        first={(range.page - 1) * 20}
        rows={20}
        totalRecords={rows.data?.total ?? 0}
        onPage={(e) => setRange({ ...range, page: (e.page ?? 0) + 1 })}
        emptyMessage={t('cli.reconcile.empty')}
        cellMemo={false}
        dataKey="person.id"
      >
        <Column
          header={t('report.group.person')}
          body={(r: ReconciliationRow) => `${r.person.firstName} ${r.person.lastName}`.trim()}
        />
        <Column header={t('reconcile.expected')} body={(r: ReconciliationRow) => r.expectedHours} />
        <Column header={t('reconcile.logged')} body={(r: ReconciliationRow) => r.loggedHours} />
        <Column header={t('reconcile.overtime')} body={(r: ReconciliationRow) => r.overtimeHours} />
        <Column header={t('reconcile.leave')} body={(r: ReconciliationRow) => r.leaveHours} />
        <Column
          header={t('reconcile.gaps')}
          body={(r: ReconciliationRow) =>
            r.gapDays.length > 0 ? (
              <Tag value={r.gapDays.length} severity="warning" title={days(r.gapDays)} />
            ) : (
              0
            )
          }
        />
        <Column
          header={t('reconcile.doubles')}
          body={(r: ReconciliationRow) =>
            r.doubleCountDays.length > 0 ? (
              <Tag value={r.doubleCountDays.length} severity="danger" title={days(r.doubleCountDays)} />
            ) : (
              0
            )
          }
        />
      </DataTable>
    </section>
  );
}
