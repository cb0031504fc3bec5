import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ReportPeriod } from '../../../shared/reporting.schemas.ts';
import type { Db } from '../../db/connect.ts';
import { periodKeySql } from '../../core/reporting/periods.ts';

/**
 * The leave summary: days of leave per group (person, department or absence type) and period, read
 * from `leave_days` (one row per working day of a request) so a request across two months counts
 * in each. One statement aggregates once and answers the page of groups, the totals per period and
 * the number of groups.
 */

export type LeaveReportGroup = 'person' | 'department' | 'type';

export interface LeaveReportFilters {
  period: ReportPeriod;
  groupBy: LeaveReportGroup;
  from: string;
  to: string;
  status: 'APPROVED' | 'WAITING FOR APPROVAL';
  departmentId?: string;
  absenceTypeId?: string;
  personId?: string;
}

// Grouped on the raw columns (cheaper than text); turned into text once per group.
const GROUP_KEY: Record<LeaveReportGroup, RawBuilder<unknown>> = {
  person: sql`ld.user_id`,
  department: sql`u.department_id`,
  type: sql`r.absence_type_id`,
};

const GROUP_LABEL: Record<LeaveReportGroup, RawBuilder<string>> = {
  person: sql`(select trim(x.first_name || ' ' || x.last_name) || ' <' || x.email || '>' from users x where x.id::text = p.key)`,
  department: sql`coalesce((select x.name from departments x where x.id::text = p.key), '')`,
  type: sql`(select x.name from absence_types x where x.id::text = p.key)`,
};

/**
 * The aggregate as SQL: key, bucket, days. Days are summed per group and period start first
 * (`date_trunc` on a date is cheap), and only those sums are turned into text keys; people are
 * joined only when a department groups or filters.
 */
export function leaveAggregateSql(filters: LeaveReportFilters): RawBuilder<unknown> {
  const needsPeople = filters.groupBy === 'department' || Boolean(filters.departmentId);
  const trunc =
    filters.period === 'day' ? sql`ld.day` : sql`date_trunc(${sql.lit(filters.period)}, ld.day)::date`;
  return sql`select coalesce(s.key::text, '') as key, ${periodKeySql(filters.period, sql`s.start`)} as bucket, s.days
    from (
      select ${GROUP_KEY[filters.groupBy]} as key, ${trunc} as start, sum(ld.amount) as days
      from leave_days ld
      join leave_requests r on r.id = ld.leave_request_id
      ${needsPeople ? sql`join users u on u.id = ld.user_id` : sql``}
      where ld.day between ${filters.from}::date and ${filters.to}::date
        and r.status = ${filters.status}
        ${filters.departmentId ? sql`and u.department_id = ${filters.departmentId}` : sql``}
        ${filters.absenceTypeId ? sql`and r.absence_type_id = ${filters.absenceTypeId}` : sql``}
        ${filters.personId ? sql`and ld.user_id = ${filters.personId}` : sql``}
      group by 1, 2
    ) s`;
}

export interface LeaveReportRows {
  groupCount: number;
  totals: Record<string, string>;
  rows: Array<{ key: string; label: string | null; total: string; values: Record<string, string> }>;
}

/**
 * The report as one statement (compiled, so the benchmark runs the very same SQL on a bare pool):
 * the page of groups (by total, largest first), the totals per period and the group count.
 */
export function compileLeaveReport(
  db: Db,
  filters: LeaveReportFilters,
  window: { offset: number; limit: number } | null,
) {
  return sql<{
    group_count: number;
    totals: Record<string, string> | null;
    rows: LeaveReportRows['rows'] | null;
  }>`
    with agg as materialized (${leaveAggregateSql(filters)}),
    groups as (select key, sum(days) as total from agg group by key),
    page as (
      select key, total from groups order by total desc, key
      ${window ? sql`offset ${window.offset} limit ${window.limit}` : sql``}
    ),
    page_values as (
      select p.key, p.total, json_object_agg(a.bucket, a.days) as "values"
      from page p join agg a on a.key = p.key
      group by p.key, p.total
    ),
    page_rows as (select p.key, p.total, p."values", ${GROUP_LABEL[filters.groupBy]} as label from page_values p)
    select
      (select count(*)::int from groups) as group_count,
      (select json_object_agg(bucket, days) from (select bucket, sum(days) as days from agg group by bucket) b) as totals,
      (select json_agg(json_build_object('key', key, 'label', label, 'total', total, 'values', "values")
         order by total desc, key) from page_rows) as rows`.compile(db);
}

/** The report's page of groups (by total, largest first), the totals per period and the group count. */
export async function leaveReport(
  db: Db,
  filters: LeaveReportFilters,
  window: { offset: number; limit: number } | null,
): Promise<LeaveReportRows> {
  const result = await db.executeQuery(compileLeaveReport(db, filters, window));
  const row = result.rows[0]!;
  return { groupCount: row.group_count, totals: row.totals ?? {}, rows: row.rows ?? [] };
}

/** The requests behind a report, a batch at a time after `afterId` by (start date, id): the export's detail sheet. */
export function leaveReportRequests(
  db: Db,
  filters: Omit<LeaveReportFilters, 'period' | 'groupBy'>,
  after: { startDate: string; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('leave_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('absence_types as t', 't.id', 'r.absence_type_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'r.id',
      'r.start_date',
      'r.start_part',
      'r.end_date',
      'r.end_part',
      'r.duration',
      'r.status',
      'r.reason',
      'u.first_name',
      'u.last_name',
      'u.email',
      'd.name as department_name',
      't.name as absence_type_name',
    ])
    .where('r.status', '=', filters.status)
    .where('r.end_date', '>=', filters.from)
    .where('r.start_date', '<=', filters.to);
  if (filters.departmentId) query = query.where('u.department_id', '=', filters.departmentId);
  if (filters.absenceTypeId) query = query.where('r.absence_type_id', '=', filters.absenceTypeId);
  if (filters.personId) query = query.where('r.user_id', '=', filters.personId);
  // A row comparison walks the (start_date, id) index: each batch starts where the last one ended.
  if (after)
    query = query.where(sql<SqlBool>`(r.start_date, r.id) > (${after.startDate}::date, ${after.id}::uuid)`);
  return query.orderBy('r.start_date').orderBy('r.id').limit(limit).execute();
}
