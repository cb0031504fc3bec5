import { i18nFor } from '../../../shared/i18n/index.ts';
import type {
  ReconciliationPage,
  ReconciliationQuery,
  WorkLogExportQuery,
  WorkLogReport,
  WorkLogReportQuery,
} from '../../../shared/worklogs.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { pageWindow, reportPageOf, pageOf } from '../../core/paging.ts';
import { projectScope } from '../../core/policy.ts';
import { reportRange } from '../../core/reporting/periods.ts';
import { CONTENT_TYPES, writeTables, type Cell, type TableSheet } from '../../core/reporting/table-export.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { hoursOf } from './worklog-rules.ts';
import { workLogsPolicy } from './worklogs.policy.ts';
import * as reports from './worklog-reports.repository.ts';

/**
 * The work-log report by day, week, month, quarter or year, per person, project or Jira task, with
 * its XLSX/CSV export (`GET /work-logs/reports`, `/work-logs/export-files`, `backoffice worklogs
 * export`), and the hours beside approved overtime and leave (`GET /work-logs/reconciliation`).
 * A project's reporter sees their projects' logs only.
 */

function filtersOf(ctx: ServiceContext, query: WorkLogReportQuery): reports.WorkLogReportFilters {
  const range = reportRange(query, companyToday(ctx.config));
  return {
    period: range.period,
    groupBy: query.groupBy ?? 'person',
    from: range.from,
    to: range.to,
    projectIds: projectScope(ctx.actor, 'worklogs.report'),
    projectId: query.projectId,
    personId: query.personId,
  };
}

async function build(
  ctx: ServiceContext,
  filters: reports.WorkLogReportFilters,
  window: { currentPage: number; perPage: number; offset: number; limit: number } | null,
): Promise<WorkLogReport> {
  const result = await reports.workLogReport(ctx.db, filters, window);
  const t = i18nFor(ctx.request.language);
  const totals = Object.fromEntries(Object.entries(result.totals).map(([k, v]) => [k, Number(v)]));
  const perPage = window?.perPage ?? Math.max(1, result.groupCount);
  return {
    period: filters.period,
    groupBy: filters.groupBy,
    from: filters.from,
    to: filters.to,
    buckets: reportRange(filters).buckets,
    rows: result.rows.map((row) => ({
      key: row.key,
      label: row.label || (t.t(`worklogs:report.none.${filters.groupBy}`) as string),
      values: Object.fromEntries(Object.entries(row.values ?? {}).map(([k, v]) => [k, Number(v)])),
      total: Number(row.total),
    })),
    totals,
    total: Math.round(Object.values(totals).reduce((a, b) => a + b, 0) * 100) / 100,
    ...reportPageOf(window, perPage, result.groupCount),
  };
}

/** One page of the report, groups by total hours. */
export async function getWorkLogReport(
  ctx: ServiceContext,
  query: WorkLogReportQuery,
): Promise<WorkLogReport> {
  workLogsPolicy.authorize(ctx.actor, 'report', undefined);
  return build(ctx, filtersOf(ctx, query), pageWindow(query, { perPage: 50 }));
}

/** The whole report (the CLI's JSON). */
export async function getFullWorkLogReport(
  ctx: ServiceContext,
  query: WorkLogReportQuery,
): Promise<WorkLogReport> {
  workLogsPolicy.authorize(ctx.actor, 'report', undefined);
  return build(ctx, filtersOf(ctx, query), null);
}

/** The report as XLSX or CSV: one row per group, one column per period, and the totals. */
export async function prepareWorkLogExport(
  ctx: ServiceContext,
  query: WorkLogExportQuery,
): Promise<PreparedExport> {
  workLogsPolicy.authorize(ctx.actor, 'report', undefined);
  const filters = filtersOf(ctx, query);
  const format = query.format ?? 'xlsx';
  const t = (key: string) => i18nFor(ctx.request.language).t(`worklogs:${key}`) as string;
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'work_log_report.exported',
      entityType: 'work_log_report',
      after: { ...filters, format },
    }),
  );
  const buckets = reportRange(filters).buckets;
  const sheet: TableSheet = {
    title: t('report.sheet'),
    columns: [
      { header: t(`report.group.${filters.groupBy}`), width: 36 },
      ...buckets.map((b) => ({ header: b.key, kind: 'number' as const, width: 11 })),
      { header: t('report.total'), kind: 'number', width: 11 },
    ],
    async *rows() {
      const report = await build(ctx, filters, null);
      for (let i = 0; i < report.rows.length; i += 2000)
        yield report.rows
          .slice(i, i + 2000)
          .map((row) => [row.label, ...buckets.map((b) => row.values[b.key] ?? null), row.total] as Cell[]);
      yield [[t('report.total'), ...buckets.map((b) => report.totals[b.key] ?? null), report.total]];
    },
  };
  return {
    fileName: `worklogs-${filters.groupBy}-${filters.period}-${filters.from}-${filters.to}.${format}`,
    contentType: CONTENT_TYPES[format],
    write: (output) => writeTables(output, format, [sheet]),
  };
}

/** Longest range the hours-beside view covers: a year (it lists days). */
const MAX_RECONCILIATION_DAYS = 366;

/**
 * Per employee: the hours expected (working days up to today), logged, approved overtime and
 * approved leave, the working days with neither a log nor leave (gaps), and the full days of leave
 * that also have logs (double counts). Company-wide reporters only.
 */
export async function getWorkLogReconciliation(
  ctx: ServiceContext,
  query: ReconciliationQuery,
): Promise<ReconciliationPage> {
  workLogsPolicy.authorize(ctx.actor, 'reconcile', undefined);
  const today = companyToday(ctx.config);
  const from = query.from ?? `${today.slice(0, 7)}-01`;
  const to = query.to ?? today;
  if (to < from) throw validationError([{ field: 'to', code: 'dateOrder' }]);
  if (Date.parse(to) - Date.parse(from) > (MAX_RECONCILIATION_DAYS - 1) * 86_400_000)
    throw validationError([{ field: 'to', code: 'rangeTooLong', params: { max: MAX_RECONCILIATION_DAYS } }]);
  const window = pageWindow(query);
  const until = to < today ? to : today;
  const { rows, total } = await reports.reconciliation(
    ctx.db,
    { from, to: until < from ? from : until, personId: query.personId, departmentId: query.departmentId },
    window,
  );
  const future = until < from;
  return {
    items: rows.map((row) => ({
      person: { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email },
      expectedHours: future ? 0 : hoursOf(row.expected),
      loggedHours: hoursOf(row.logged),
      overtimeHours: hoursOf(row.overtime),
      leaveHours: hoursOf(row.leave),
      gapDays: future ? [] : row.gap_days,
      doubleCountDays: row.double_days,
    })),
    ...pageOf(window, total),
    from,
    to,
  };
}
