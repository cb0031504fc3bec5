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
  // People without a department form one group (a nil key: the report calls it 'No department').
  department: sql`coalesce(u.department_id, '00000000-0000-0000-0000-000000000000'::uuid)`,
  type: sql`ld.absence_type_id`,
};

const GROUP_LABEL: Record<LeaveReportGroup, RawBuilder<string>> = {
  person: sql`(select trim(x.first_name || ' ' || x.last_name) || ' <' || x.email || '>' from users x where x.id = p.key)`,
  department: sql`coalesce((select x.name from departments x where x.id = p.key), '')`,
  type: sql`(select x.name from absence_types x where x.id = p.key)`,
};

/**
 * The days that count, as SQL: key (the group), day, amount. People are joined only when a
 * department groups or filters; the rest is one index of `leave_days` (status, day).
 */
export function leaveDaysSql(filters: LeaveReportFilters): RawBuilder<unknown> {
  const needsPeople = filters.groupBy === 'department' || Boolean(filters.departmentId);
  return sql`select ${GROUP_KEY[filters.groupBy]} as key, ld.day, ld.amount
      from leave_days ld
      ${needsPeople ? sql`join users u on u.id = ld.user_id` : sql``}
      where ld.status = ${filters.status}
        and ld.day between ${filters.from}::date and ${filters.to}::date
        ${filters.departmentId ? sql`and u.department_id = ${filters.departmentId}` : sql``}
        ${filters.absenceTypeId ? sql`and ld.absence_type_id = ${filters.absenceTypeId}` : sql``}
        ${filters.personId ? sql`and ld.user_id = ${filters.personId}` : sql``}`;
}

/** The first day of a row's period (`date_trunc` on a date is cheap; text keys are made per group). */
function periodStartSql(period: ReportPeriod, column: RawBuilder<unknown>): RawBuilder<unknown> {
  return period === 'day' ? column : sql`date_trunc(${sql.lit(period)}, ${column})::date`;
}

export interface LeaveReportRows {
  groupCount: number;
  totals: Record<string, string>;
  rows: Array<{ key: string; label: string | null; total: string; values: Record<string, string> }>;
}

/**
 * The report as one statement (compiled, so the benchmark runs the very same SQL on a bare pool).
 * Only what the page shows is split by period: the totals per group (to order and page them), the
 * totals per period (every group), and the periods of the page's groups alone. A year of ten
 * thousand people is then two passes over its days, whatever the period.
 */
export function compileLeaveReport(
  db: Db,
  filters: LeaveReportFilters,
  window: { offset: number; limit: number } | null,
) {
  const start = periodStartSql(filters.period, sql`d.day`);
  return sql<{
    group_count: number;
    totals: Record<string, string> | null;
    rows: LeaveReportRows['rows'] | null;
  }>`
    with days as (${leaveDaysSql(filters)}),
    groups as (select key, sum(amount) as total from days group by key),
    page as (
      select key, total from groups order by total desc, key
      ${window ? sql`offset ${window.offset} limit ${window.limit}` : sql``}
    ),
    page_periods as materialized (
      select d.key, ${start} as start, sum(d.amount) as days
      from days d where d.key in (select key from page)
      group by 1, 2
    ),
    page_values as (
      select key, json_object_agg(${periodKeySql(filters.period, sql`start`)}, days) as "values" from page_periods group by key
    ),
    period_totals as (select ${start} as start, sum(d.amount) as days from days d group by 1)
    select
      (select count(*)::int from groups) as group_count,
      (select json_object_agg(${periodKeySql(filters.period, sql`start`)}, days) from period_totals) as totals,
      (select json_agg(json_build_object('key', p.key, 'label', ${GROUP_LABEL[filters.groupBy]}, 'total', p.total, 'values', v."values")
         order by p.total desc, p.key) from page p left join page_values v on v.key = p.key) as rows`.compile(
    db,
  );
}

/** The report's page of groups (by total, largest first), the totals per period and the group count. */
export async function leaveReport(
  db: Db,
  filters: LeaveReportFilters,
  window: { offset: number; limit: number } | null,
): Promise<LeaveReportRows> {
  // A year of a large company's leave is aggregated in memory, not in temporary files.
  const result = await db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    return trx.executeQuery(compileLeaveReport(trx, filters, window));
  });
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
