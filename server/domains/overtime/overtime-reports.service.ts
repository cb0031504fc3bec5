import { i18nFor } from '../../../shared/i18n/index.ts';
import type {
  OtExportQuery,
  OtReport,
  OtReportQuery,
  OtSummaryPage,
  OtSummaryQuery,
} from '../../../shared/overtime.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { pageWindow, reportPageOf, pageOf } from '../../core/paging.ts';
import { canAnywhere, isSelf } from '../../core/policy.ts';
import { reportRange } from '../../core/reporting/periods.ts';
import { CONTENT_TYPES, writeTables, type Cell, type TableSheet } from '../../core/reporting/table-export.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { readRegulations } from './overtime-settings.service.ts';
import { overtimeSettingsPolicy } from './overtime.policy.ts';
import * as reports from './overtime-reports.repository.ts';

/**
 * Overtime summaries (per person and month, by day type, with pay-equivalent hours at the
 * regulations' rates) and the report by day, week, month, quarter or year, by person, department or
 * project (spec section 7: GET /ot-summaries, /ot-summaries/reports, /ot-summaries/export-files).
 * Approved overtime only.
 */

const hours = (minutes: number | null | undefined) => Math.round(((minutes ?? 0) / 60) * 100) / 100;

/** Per person for a month: one's own with overtime.request, everyone's with report or manage. */
export async function listOvertimeSummaries(
  ctx: ServiceContext,
  query: OtSummaryQuery,
): Promise<OtSummaryPage> {
  const reporter = overtimeSettingsPolicy.can(ctx.actor, 'report', undefined);
  // Without the report permission, one's own summary (the default then).
  const personId = reporter ? query.personId : (query.personId ?? ctx.actor.id ?? undefined);
  if (!reporter && !(personId && isSelf(ctx.actor, personId) && canAnywhere(ctx.actor, 'overtime.request')))
    throw new AppError('FORBIDDEN');
  query = { ...query, personId };
  const month = query.month ?? companyToday(ctx.config).slice(0, 7);
  const rates = await readRegulations(ctx);
  const window = pageWindow(query);
  const { rows, total } = await reports.monthSummaries(ctx.db, month, query, rates, window);
  return {
    items: rows.map((row) => ({
      person: {
        id: row.user_id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        departmentName: row.department_name,
      },
      month,
      workdayHours: hours(row.workday),
      weekendHours: hours(row.weekend),
      holidayHours: hours(row.holiday),
      nightHours: hours(row.night),
      totalHours: hours(row.total),
      payEquivalentHours: Math.round((row.pay / 60) * 100) / 100,
    })),
    ...pageOf(window, total),
  };
}

function filtersOf(ctx: ServiceContext, query: OtReportQuery): reports.OtReportFilters {
  const range = reportRange(query, companyToday(ctx.config));
  return {
    period: range.period,
    groupBy: query.groupBy ?? 'person',
    from: range.from,
    to: range.to,
    departmentId: query.departmentId,
    projectId: query.projectId,
    personId: query.personId,
  };
}

async function build(
  ctx: ServiceContext,
  filters: reports.OtReportFilters,
  window: { currentPage: number; perPage: number; offset: number; limit: number } | null,
): Promise<OtReport> {
  const rates = await readRegulations(ctx);
  const result = await reports.otReport(ctx.db, filters, rates, window);
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
      label:
        row.label ||
        (filters.groupBy === 'person' ? row.key : (t.t(`overtime:report.none.${filters.groupBy}`) as string)),
      values: Object.fromEntries(Object.entries(row.values ?? {}).map(([k, v]) => [k, Number(v)])),
      total: Number(row.total),
      payEquivalentHours: Number(row.pay),
    })),
    totals,
    total: Math.round(Object.values(totals).reduce((a, b) => a + b, 0) * 100) / 100,
    ...reportPageOf(window, perPage, result.groupCount),
  };
}

/** One page of the report, groups by total hours. */
export async function getOvertimeReport(ctx: ServiceContext, query: OtReportQuery): Promise<OtReport> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'report', undefined);
  return build(ctx, filtersOf(ctx, query), pageWindow(query, { perPage: 50 }));
}

/** The whole report (the CLI's JSON). */
export async function getFullOvertimeReport(ctx: ServiceContext, query: OtReportQuery): Promise<OtReport> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'report', undefined);
  return build(ctx, filtersOf(ctx, query), null);
}

/** The report as XLSX or CSV: one row per group, one column per period, totals and pay-equivalent hours. */
export async function prepareOvertimeExport(
  ctx: ServiceContext,
  query: OtExportQuery,
): Promise<PreparedExport> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'report', undefined);
  const filters = filtersOf(ctx, query);
  const format = query.format ?? 'xlsx';
  const t = (key: string) => i18nFor(ctx.request.language).t(`overtime:${key}`) as string;
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'overtime_report.exported',
      entityType: 'overtime_report',
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
      { header: t('report.pay'), kind: 'number', width: 14 },
    ],
    async *rows() {
      const report = await build(ctx, filters, null);
      for (let i = 0; i < report.rows.length; i += 2000)
        yield report.rows
          .slice(i, i + 2000)
          .map(
            (row) =>
              [
                row.label,
                ...buckets.map((b) => row.values[b.key] ?? null),
                row.total,
                row.payEquivalentHours,
              ] as Cell[],
          );
      yield [[t('report.total'), ...buckets.map((b) => report.totals[b.key] ?? null), report.total, null]];
    },
  };
  return {
    fileName: `overtime-${filters.groupBy}-${filters.period}-${filters.from}-${filters.to}.${format}`,
    contentType: CONTENT_TYPES[format],
    write: (output) => writeTables(output, format, [sheet]),
  };
}
