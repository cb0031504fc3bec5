import { i18nFor } from '../../../shared/i18n/index.ts';
import type {
  InvoiceReport,
  InvoiceReportExportQuery,
  InvoiceReportQuery,
} from '../../../shared/invoices.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { pageWindow, reportPageOf } from '../../core/paging.ts';
import { reportRange } from '../../core/reporting/periods.ts';
import { CONTENT_TYPES, writeTables, type Cell, type TableSheet } from '../../core/reporting/table-export.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { invoicesPolicy } from './invoices.policy.ts';
import * as reports from './invoice-reports.repository.ts';

/**
 * The invoice report (`GET /invoices/reports`, `/invoices/reports/export-files`): amounts in whole VND
 * per category, kind, vendor or person, by day, week, month, quarter or year of the invoice's date,
 * every invoice but rejected ones unless a status is asked for. `invoices.report` only.
 */

function filtersOf(ctx: ServiceContext, query: InvoiceReportQuery): reports.InvoiceReportFilters {
  const range = reportRange(query, companyToday(ctx.config));
  return {
    period: range.period,
    groupBy: query.groupBy ?? 'category',
    from: range.from,
    to: range.to,
    status: query.status ?? null,
  };
}

function labelOf(
  ctx: ServiceContext,
  groupBy: reports.InvoiceReportFilters['groupBy'],
  key: string,
  label: string | null,
) {
  const t = i18nFor(ctx.request.language);
  if (groupBy === 'category') return t.t(`invoices:category.${key}`) as string;
  if (groupBy === 'kind') return t.t(`invoices:kind.${key}`) as string;
  return label || (t.t(`invoices:report.none.${groupBy}`) as string);
}

async function build(
  ctx: ServiceContext,
  filters: reports.InvoiceReportFilters,
  window: { currentPage: number; perPage: number; offset: number; limit: number } | null,
): Promise<InvoiceReport> {
  const result = await reports.invoiceReport(ctx.db, filters, window);
  const perPage = window?.perPage ?? Math.max(1, result.groupCount);
  return {
    period: filters.period,
    groupBy: filters.groupBy,
    from: filters.from,
    to: filters.to,
    status: filters.status,
    buckets: reportRange(filters).buckets,
    rows: result.rows.map((row) => ({
      key: row.key,
      label: labelOf(ctx, filters.groupBy, row.key, row.label),
      values: row.values ?? {},
      total: row.total,
      count: row.count,
    })),
    totals: result.totals,
    total: result.total,
    count: result.invoiceCount,
    ...reportPageOf(window, perPage, result.groupCount),
  };
}

/** One page of the report, groups by total amount. */
export async function getInvoiceReport(
  ctx: ServiceContext,
  query: InvoiceReportQuery,
): Promise<InvoiceReport> {
  invoicesPolicy.authorize(ctx.actor, 'report', undefined);
  return build(ctx, filtersOf(ctx, query), pageWindow(query, { perPage: 50 }));
}

/** The whole report (the CLI's JSON). */
export async function getFullInvoiceReport(
  ctx: ServiceContext,
  query: InvoiceReportQuery,
): Promise<InvoiceReport> {
  invoicesPolicy.authorize(ctx.actor, 'report', undefined);
  return build(ctx, filtersOf(ctx, query), null);
}

/** The report as XLSX or CSV: one row per group, one column per period, the totals and the counts. */
export async function prepareInvoiceReportExport(
  ctx: ServiceContext,
  query: InvoiceReportExportQuery,
): Promise<PreparedExport> {
  invoicesPolicy.authorize(ctx.actor, 'report', undefined);
  const filters = filtersOf(ctx, query);
  const format = query.format ?? 'xlsx';
  const t = (key: string) => i18nFor(ctx.request.language).t(`invoices:${key}`) as string;
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'invoice_report.exported',
      entityType: 'invoice_report',
      after: { ...filters, format },
    }),
  );
  const buckets = reportRange(filters).buckets;
  const amount = (value: string | undefined) => (value === undefined ? null : Number(value));
  const sheet: TableSheet = {
    title: t('report.sheet'),
    columns: [
      { header: t(`report.group.${filters.groupBy}`), width: 36 },
      ...buckets.map((b) => ({ header: b.key, kind: 'number' as const, width: 16 })),
      { header: t('report.total'), kind: 'number', width: 18 },
      { header: t('report.count'), kind: 'number', width: 10 },
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
                ...buckets.map((b) => amount(row.values[b.key])),
                amount(row.total),
                row.count,
              ] as Cell[],
          );
      yield [
        [
          t('report.total'),
          ...buckets.map((b) => amount(report.totals[b.key])),
          amount(report.total),
          report.count,
        ],
      ];
    },
  };
  return {
    fileName: `invoices-${filters.groupBy}-${filters.period}-${filters.from}-${filters.to}.${format}`,
    contentType: CONTENT_TYPES[format],
    write: (output) => writeTables(output, format, [sheet]),
  };
}
