import { i18nFor, type Language } from '../../../shared/i18n/index.ts';
import type { LeaveExportQuery, LeaveReport, LeaveReportQuery } from '../../../shared/leave.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { pageWindow, reportPageOf } from '../../core/paging.ts';
import { reportRange } from '../../core/reporting/periods.ts';
import { CONTENT_TYPES, writeTables, type Cell, type TableSheet } from '../../core/reporting/table-export.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { leaveSettingsPolicy } from './leave.policy.ts';
import * as reports from './leave-reports.repository.ts';

/**
 * The leave summary (spec section 7: GET /leave-requests/reports and /export-files): days of leave
 * by person, department or absence type, per day, week, month, quarter or year, with totals.
 * Approved leave by default; `status=WAITING FOR APPROVAL` shows what is planned.
 */

const BATCH = 2000;

function filtersOf(ctx: ServiceContext, query: LeaveReportQuery): reports.LeaveReportFilters {
  const range = reportRange(query, companyToday(ctx.config));
  return {
    period: range.period,
    groupBy: query.groupBy ?? 'person',
    from: range.from,
    to: range.to,
    status: query.status ?? 'APPROVED',
    departmentId: query.departmentId,
    absenceTypeId: query.absenceTypeId,
    personId: query.personId,
  };
}

const days = (value: string | number | undefined) => Number(value ?? 0);

function leaveT(language: Language) {
  const t = i18nFor(language);
  return (key: string) => t.t(`leave:${key}`) as string;
}

function shape(
  ctx: ServiceContext,
  filters: reports.LeaveReportFilters,
  result: reports.LeaveReportRows,
  window: { currentPage: number; perPage: number },
): LeaveReport {
  const buckets = reportRange(filters).buckets;
  const totals = Object.fromEntries(Object.entries(result.totals).map(([key, value]) => [key, days(value)]));
  const noDepartment = leaveT(ctx.request.language)('report.noDepartment');
  return {
    period: filters.period,
    groupBy: filters.groupBy,
    from: filters.from,
    to: filters.to,
    buckets,
    rows: result.rows.map((row) => ({
      key: row.key,
      label: row.label || (filters.groupBy === 'department' ? noDepartment : row.key),
      values: Object.fromEntries(Object.entries(row.values ?? {}).map(([key, value]) => [key, days(value)])),
      total: days(row.total),
    })),
    totals,
    total: Object.values(totals).reduce((sum, value) => sum + value, 0),
    ...reportPageOf(window, window.perPage, result.groupCount),
  };
}

/** One page of the summary (groups by total, largest first) with the totals of every period. */
export async function getLeaveReport(ctx: ServiceContext, query: LeaveReportQuery): Promise<LeaveReport> {
  leaveSettingsPolicy.authorize(ctx.actor, 'report', undefined);
  const filters = filtersOf(ctx, query);
  const window = pageWindow(query, { perPage: 50 });
  const result = await reports.leaveReport(ctx.db, filters, window);
  return shape(ctx, filters, result, window);
}

/** The whole summary, every group (the CLI's --format json). */
export async function getFullLeaveReport(ctx: ServiceContext, query: LeaveReportQuery): Promise<LeaveReport> {
  leaveSettingsPolicy.authorize(ctx.actor, 'report', undefined);
  const filters = filtersOf(ctx, query);
  const result = await reports.leaveReport(ctx.db, filters, null);
  return shape(ctx, filters, result, { currentPage: 1, perPage: Math.max(1, result.groupCount) });
}

/**
 * The summary as a file: XLSX with two sheets (the summary, one column per period with totals, and
 * every request behind it), or CSV of the summary. Checked and recorded before the first byte.
 */
export async function prepareLeaveExport(
  ctx: ServiceContext,
  query: LeaveExportQuery,
  options: { onProgress?: (rows: number) => void } = {},
): Promise<PreparedExport> {
  leaveSettingsPolicy.authorize(ctx.actor, 'report', undefined);
  const filters = filtersOf(ctx, query);
  const format = query.format ?? 'xlsx';
  const t = leaveT(ctx.request.language);
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'leave_report.exported',
      entityType: 'leave_report',
      after: { ...filters, format },
    }),
  );
  const buckets = reportRange(filters).buckets;
  const summary: TableSheet = {
    title: t('report.sheetSummary'),
    columns: [
      { header: t(`report.group.${filters.groupBy}`), width: 36 },
      ...buckets.map((bucket) => ({ header: bucket.key, kind: 'number' as const, width: 11 })),
      { header: t('report.total'), kind: 'number', width: 11 },
    ],
    async *rows() {
      const result = shape(ctx, filters, await reports.leaveReport(ctx.db, filters, null), {
        currentPage: 1,
        perPage: 1,
      });
      for (let i = 0; i < result.rows.length; i += BATCH)
        yield result.rows
          .slice(i, i + BATCH)
          .map((row) => [row.label, ...buckets.map((b) => row.values[b.key] ?? null), row.total] as Cell[]);
      yield [[t('report.total'), ...buckets.map((b) => result.totals[b.key] ?? null), result.total]];
    },
  };
  const status = (value: string) => t(`status.${value}`);
  const part = (value: string) => t(`part.${value}`);
  const detail: TableSheet = {
    title: t('report.sheetRequests'),
    columns: [
      { header: t('report.columns.person'), width: 24 },
      { header: t('report.columns.email'), width: 28 },
      { header: t('report.columns.department'), width: 20 },
      { header: t('report.columns.type'), width: 20 },
      { header: t('report.columns.start'), kind: 'date', width: 12 },
      { header: t('report.columns.startPart'), width: 12 },
      { header: t('report.columns.end'), kind: 'date', width: 12 },
      { header: t('report.columns.endPart'), width: 12 },
      { header: t('report.columns.duration'), kind: 'number', width: 10 },
      { header: t('report.columns.status'), width: 18 },
      { header: t('report.columns.reason'), width: 40 },
    ],
    async *rows() {
      let after: { startDate: string; id: string } | null = null;
      let written = 0;
      for (;;) {
        const rows = await reports.leaveReportRequests(ctx.db, filters, after, BATCH);
        if (rows.length === 0) return;
        yield rows.map((row) => [
          `${row.first_name} ${row.last_name}`.trim(),
          row.email,
          row.department_name,
          row.absence_type_name,
          row.start_date,
          part(row.start_part),
          row.end_date,
          part(row.end_part),
          Number(row.duration),
          status(row.status),
          row.reason,
        ]);
        written += rows.length;
        options.onProgress?.(written);
        const last = rows.at(-1)!;
        after = { startDate: last.start_date, id: last.id };
        if (rows.length < BATCH) return;
      }
    },
  };
  return {
    fileName: `leave-${filters.groupBy}-${filters.period}-${filters.from}-${filters.to}.${format}`,
    contentType: CONTENT_TYPES[format],
    write: (output) => writeTables(output, format, format === 'csv' ? [summary] : [summary, detail]),
  };
}
