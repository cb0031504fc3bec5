import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/reporting.schemas.ts';
import type { WorkLogReportGroup } from '../../../shared/worklogs.schemas.ts';
import type { Db } from '../../db/connect.ts';
import { periodKeySql } from '../../core/reporting/periods.ts';

/**
 * The work-log report (hours per person, project or Jira task, per period) and the hours beside
 * approved overtime and leave. Same shape as the overtime report: totals per group, totals per
 * period, and the periods of the page's groups only. Reads the overtime and leave areas' day tables.
 */

export interface WorkLogReportFilters {
  period: ReportPeriod;
  groupBy: WorkLogReportGroup;
  from: string;
  to: string;
  /** 'all', or the projects whose logs the reporter sees. */
  projectIds: 'all' | readonly string[];
  projectId?: string;
  personId?: string;
}

function daysSql(filters: WorkLogReportFilters): RawBuilder<unknown> {
  const scope =
    filters.projectIds === 'all'
      ? sql``
      : filters.projectIds.length === 0
        ? sql`and false`
        : sql`and w.project_id in (${sql.join(filters.projectIds)})`;
  const where = sql`w.work_date between ${filters.from}::date and ${filters.to}::date ${scope}
      ${filters.projectId ? sql`and w.project_id = ${filters.projectId}` : sql``}
      ${filters.personId ? sql`and w.user_id = ${filters.personId}` : sql``}`;
  // A log of several tasks counts its hours evenly across them, so the task totals add up to the hours logged.
  if (filters.groupBy === 'task')
    return sql`select coalesce(t.key, '') as key, w.work_date as day,
        w.minutes::numeric / greatest(cardinality(w.jira_task_keys), 1) as minutes
      from work_logs w left join lateral unnest(w.jira_task_keys) as t(key) on true where ${where}`;
  const key = filters.groupBy === 'person' ? sql`w.user_id::text` : sql`w.project_id::text`;
  return sql`select ${key} as key, w.work_date as day, w.minutes::numeric as minutes from work_logs w where ${where}`;
}

const GROUP_LABEL: Record<WorkLogReportGroup, RawBuilder<unknown>> = {
  person: sql`(select trim(x.first_name || ' ' || x.last_name) || ' <' || x.email || '>' from users x where x.id::text = p.key)`,
  project: sql`coalesce((select x.name from projects x where x.id::text = p.key), '')`,
  task: sql`p.key`,
};

export function compileWorkLogReport(
  db: Db,
  filters: WorkLogReportFilters,
  window: { offset: number; limit: number } | null,
) {
  const start =
    filters.period === 'day' ? sql`d.day` : sql`date_trunc(${sql.lit(filters.period)}, d.day)::date`;
  return sql<{
    group_count: number;
    totals: Record<string, number> | null;
    rows: Array<{
      key: string;
      label: string | null;
      total: number;
      values: Record<string, number> | null;
    }> | null;
  }>`
    with days as (${daysSql(filters)}),
    groups as (select key, sum(minutes) as total from days d group by key),
    page as (select key, total from groups order by total desc, key ${window ? sql`offset ${window.offset} limit ${window.limit}` : sql``}),
    page_periods as materialized (
      select d.key, ${start} as start, sum(d.minutes) as minutes from days d where d.key in (select key from page) group by 1, 2
    ),
    page_values as (select key, json_object_agg(${periodKeySql(filters.period, sql`start`)}, round(minutes / 60.0, 2)) as "values" from page_periods group by key),
    period_totals as (select ${start} as start, sum(d.minutes) as minutes from days d group by 1)
    select
      (select count(*)::int from groups) as group_count,
      (select json_object_agg(${periodKeySql(filters.period, sql`start`)}, round(minutes / 60.0, 2)) from period_totals) as totals,
      (select json_agg(json_build_object('key', p.key, 'label', ${GROUP_LABEL[filters.groupBy]}, 'total', round(p.total / 60.0, 2),
          'values', v."values") order by p.total desc, p.key)
       from page p left join page_values v on v.key = p.key) as rows`.compile(db);
}

export async function workLogReport(
  db: Db,
  filters: WorkLogReportFilters,
  window: { offset: number; limit: number } | null,
) {
  const result = await db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    return trx.executeQuery(compileWorkLogReport(trx, filters, window));
  });
  const row = result.rows[0]!;
  return { groupCount: row.group_count, totals: row.totals ?? {}, rows: row.rows ?? [] };
}

export interface ReconciliationFilters {
  from: string;
  /** The last day counted: the range's end, or today when that is earlier. */
  to: string;
  personId?: string;
  departmentId?: string;
}

/**
 * Per employee (by name): expected minutes (working days from their onboarding on, eight hours
 * each), logged minutes, approved overtime minutes, approved leave minutes, the working days with
 * neither a log nor leave, and the full leave days that also have logs.
 */
export async function reconciliation(
  db: Db,
  filters: ReconciliationFilters,
  window: { offset: number; limit: number },
) {
  const people = sql`from users u where u.deleted_at is null and u.user_type = 'EMPLOYEE' and u.status = 'ACTIVE'
    ${filters.personId ? sql`and u.id = ${filters.personId}` : sql``}
    ${filters.departmentId ? sql`and u.department_id = ${filters.departmentId}` : sql``}`;
  const [rows, count] = await Promise.all([
    sql<{
      id: string;
      first_name: string;
      last_name: string;
      email: string;
      expected: number;
      logged: number;
      overtime: number;
      leave: number;
      gap_days: string[];
      double_days: string[];
    }>`
      with page as (select u.id, u.first_name, u.last_name, u.email, u.onboard_date ${people}
          order by u.first_name, u.last_name, u.id offset ${window.offset} limit ${window.limit}),
        working as (select d::date as day from generate_series(${filters.from}::date, ${filters.to}::date, interval '1 day') d
          where extract(isodow from d) < 6
            and not exists (select 1 from holidays h where d::date between h.start_date and h.end_date)),
        logged as (select w.user_id, w.work_date as day, sum(w.minutes) as minutes from work_logs w
          where w.user_id in (select id from page) and w.work_date between ${filters.from}::date and ${filters.to}::date group by 1, 2),
        leave as (select l.user_id, l.day, sum(l.amount) as amount from leave_days l
          where l.status = 'APPROVED' and l.user_id in (select id from page) and l.day between ${filters.from}::date and ${filters.to}::date group by 1, 2)
      select p.id, p.first_name, p.last_name, p.email,
        (select count(*) * 480 from working x where p.onboard_date is null or x.day >= p.onboard_date)::int as expected,
        (select coalesce(sum(l.minutes), 0) from logged l where l.user_id = p.id)::int as logged,
        (select coalesce(sum(s.minutes), 0) from ot_segments s where s.user_id = p.id and s.status = 'APPROVED'
          and s.day between ${filters.from}::date and ${filters.to}::date)::int as overtime,
        (select coalesce(sum(v.amount), 0) * 480 from leave v where v.user_id = p.id)::int as leave,
        array(select x.day::text from working x
          where (p.onboard_date is null or x.day >= p.onboard_date)
            and not exists (select 1 from logged l where l.user_id = p.id and l.day = x.day)
            and not exists (select 1 from leave v where v.user_id = p.id and v.day = x.day) order by x.day) as gap_days,
        array(select v.day::text from leave v where v.user_id = p.id and v.amount >= 1
            and exists (select 1 from logged l where l.user_id = p.id and l.day = v.day) order by v.day) as double_days
      from page p order by p.first_name, p.last_name, p.id`.execute(db),
    sql<{ total: number }>`select count(*)::int as total ${people}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.total };
}
