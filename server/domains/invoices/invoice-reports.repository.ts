import { sql, type RawBuilder } from 'kysely';
import type { InvoiceReportGroup, InvoiceStatus } from '../../../shared/invoices.schemas.ts';
import type { ReportPeriod } from '../../../shared/reporting.schemas.ts';
import type { Db } from '../../db/connect.ts';
import { periodKeySql } from '../../core/reporting/periods.ts';

/**
 * The invoice report: amounts per category, kind, vendor or person, per period of the invoice's
 * date. The same shape as the leave, overtime and work-log reports — totals per group, totals per
 * period, and the periods of the page's groups only — in one statement, which reads the invoices
 * once (see `cells`). Sums are `numeric` sent as
 * text: whole VND past JavaScript's safe integers stay exact.
 */

export interface InvoiceReportFilters {
  period: ReportPeriod;
  groupBy: InvoiceReportGroup;
  from: string;
  to: string;
  /** One status, or null: every invoice that is not rejected. */
  status: InvoiceStatus | null;
}

const GROUP_KEY: Record<InvoiceReportGroup, RawBuilder<unknown>> = {
  category: sql`i.category`,
  kind: sql`i.kind`,
  vendor: sql`coalesce(i.vendor_id::text, '')`,
  person: sql`i.user_id::text`,
};
// Categories and kinds are labelled by the service, in the caller's language.
const GROUP_LABEL: Record<InvoiceReportGroup, RawBuilder<unknown>> = {
  category: sql`null`,
  kind: sql`null`,
  vendor: sql`(select x.name from vendors x where x.id::text = p.key)`,
  person: sql`(select trim(x.first_name || ' ' || x.last_name) || ' <' || x.email || '>' from users x where x.id::text = p.key)`,
};

export function compileInvoiceReport(
  db: Db,
  filters: InvoiceReportFilters,
  window: { offset: number; limit: number } | null,
) {
  const start =
    filters.period === 'day'
      ? sql`i.invoice_date`
      : sql`date_trunc(${sql.lit(filters.period)}, i.invoice_date)::date`;
  const status = filters.status ? sql`i.status = ${filters.status}` : sql`i.status <> 'REJECTED'`;
  // One pass over the invoices makes the cells (group × period, a few thousand at most); the totals
  // per group, per period and the page are sums of those cells, not further passes over the rows.
  return sql<{
    group_count: number;
    invoice_count: number;
    total: string;
    totals: Record<string, string> | null;
    rows: Array<{
      key: string;
      label: string | null;
      total: string;
      count: number;
      values: Record<string, string> | null;
    }> | null;
  }>`
    with cells as materialized (
      select ${GROUP_KEY[filters.groupBy]} as key, ${start} as start, sum(i.amount) as amount, count(*)::int as n
      from invoices i
      where i.invoice_date between ${filters.from}::date and ${filters.to}::date and ${status}
      group by 1, 2
    ),
    groups as (select key, sum(amount) as total, sum(n)::int as n from cells group by key),
    page as (select key, total, n from groups order by total desc, key ${window ? sql`offset ${window.offset} limit ${window.limit}` : sql``}),
    page_values as (
      select c.key, json_object_agg(${periodKeySql(filters.period, sql`c.start`)}, c.amount::text) as "values"
      from cells c where c.key in (select key from page) group by c.key
    ),
    period_totals as (select start, sum(amount) as amount from cells group by start)
    select
      (select count(*)::int from groups) as group_count,
      (select coalesce(sum(n), 0)::int from groups) as invoice_count,
      (select coalesce(sum(total), 0)::text from groups) as total,
      (select json_object_agg(${periodKeySql(filters.period, sql`start`)}, amount::text) from period_totals) as totals,
      (select json_agg(json_build_object('key', p.key, 'label', ${GROUP_LABEL[filters.groupBy]}, 'total', p.total::text,
          'count', p.n, 'values', v."values") order by p.total desc, p.key)
       from page p left join page_values v on v.key = p.key) as rows`.compile(db);
}

export async function invoiceReport(
  db: Db,
  filters: InvoiceReportFilters,
  window: { offset: number; limit: number } | null,
) {
  const result = await db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    return trx.executeQuery(compileInvoiceReport(trx, filters, window));
  });
  const row = result.rows[0]!;
  return {
    groupCount: row.group_count,
    invoiceCount: row.invoice_count,
    total: row.total,
    totals: row.totals ?? {},
    rows: row.rows ?? [],
  };
}
