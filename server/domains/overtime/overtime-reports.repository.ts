import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/reporting.schemas.ts';
import type { Db } from '../../db/connect.ts';
import { periodKeySql } from '../../core/reporting/periods.ts';

/**
 * Overtime summaries and the report, from `ot_segments` (one row per calendar day of an approved
 * request, with its minutes, night minutes and day type). Same shape as the leave report: totals per
 * group, totals per period, and the periods of the page's groups only.
 */

export interface OtReportFilters {
  period: ReportPeriod;
  groupBy: 'person' | 'department' | 'project';
  from: string;
  to: string;
  departmentId?: string;
  projectId?: string;
  personId?: string;
}

const NIL = sql`'00000000-0000-0000-0000-000000000000'::uuid`;
const GROUP_KEY = {
  person: sql`s.user_id`,
  department: sql`coalesce(u.department_id, ${NIL})`,
  project: sql`coalesce(s.project_id, ${NIL})`,
};
const GROUP_LABEL = {
  person: sql`(select trim(x.first_name || ' ' || x.last_name) || ' <' || x.email || '>' from users x where x.id = p.key)`,
  department: sql`coalesce((select x.name from departments x where x.id = p.key), '')`,
  project: sql`coalesce((select x.name from projects x where x.id = p.key), '')`,
};

function segmentsSql(filters: OtReportFilters): RawBuilder<unknown> {
  const people = filters.groupBy === 'department' || Boolean(filters.departmentId);
  return sql`select ${GROUP_KEY[filters.groupBy]} as key, s.day, s.minutes, s.night_minutes, s.day_type
    from ot_segments s ${people ? sql`join users u on u.id = s.user_id` : sql``}
    where s.status = 'APPROVED' and s.day between ${filters.from}::date and ${filters.to}::date
      ${filters.departmentId ? sql`and u.department_id = ${filters.departmentId}` : sql``}
      ${filters.projectId ? sql`and s.project_id = ${filters.projectId}` : sql``}
      ${filters.personId ? sql`and s.user_id = ${filters.personId}` : sql``}`;
}

export interface Rates {
  workdayPercent: number;
  weekendPercent: number;
  holidayPercent: number;
  nightBonusPercent: number;
}

/** Pay-equivalent minutes of a segment row, in SQL. */
const payMinutes = (
  rates: Rates,
) => sql`(d.minutes * (case d.day_type when 'HOLIDAY' then ${rates.holidayPercent}::int
  when 'WEEKEND' then ${rates.weekendPercent}::int else ${rates.workdayPercent}::int end) + d.night_minutes * ${rates.nightBonusPercent}::int) / 100.0`;

export function compileOtReport(
  db: Db,
  filters: OtReportFilters,
  rates: Rates,
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
      pay: number;
      values: Record<string, number> | null;
    }> | null;
  }>`
    with days as (${segmentsSql(filters)}),
    groups as (select key, sum(minutes) as total, sum(${payMinutes(rates)}) as pay from days d group by key),
    page as (select key, total, pay from groups order by total desc, key ${window ? sql`offset ${window.offset} limit ${window.limit}` : sql``}),
    page_periods as materialized (
      select d.key, ${start} as start, sum(d.minutes) as minutes from days d where d.key in (select key from page) group by 1, 2
    ),
    page_values as (select key, json_object_agg(${periodKeySql(filters.period, sql`start`)}, round(minutes / 60.0, 2)) as "values" from page_periods group by key),
    period_totals as (select ${start} as start, sum(d.minutes) as minutes from days d group by 1)
    select
      (select count(*)::int from groups) as group_count,
      (select json_object_agg(${periodKeySql(filters.period, sql`start`)}, round(minutes / 60.0, 2)) from period_totals) as totals,
      (select json_agg(json_build_object('key', p.key, 'label', ${GROUP_LABEL[filters.groupBy]}, 'total', round(p.total / 60.0, 2),
          'pay', round(p.pay / 60.0, 2), 'values', v."values") order by p.total desc, p.key)
       from page p left join page_values v on v.key = p.key) as rows`.compile(db);
}

export async function otReport(
  db: Db,
  filters: OtReportFilters,
  rates: Rates,
  window: { offset: number; limit: number } | null,
) {
  const result = await db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    return trx.executeQuery(compileOtReport(trx, filters, rates, window));
  });
  const row = result.rows[0]!;
  return { groupCount: row.group_count, totals: row.totals ?? {}, rows: row.rows ?? [] };
}

/** Per person, for one month: hours by day type, night hours and the pay-equivalent hours. */
export async function monthSummaries(
  db: Db,
  month: string,
  filters: { departmentId?: string; personId?: string },
  rates: Rates,
  window: { offset: number; limit: number },
) {
  const from = `${month}-01`;
  const base = sql`from ot_segments d join users u on u.id = d.user_id
    where d.status = 'APPROVED' and d.day >= ${from}::date and d.day < (${from}::date + interval '1 month')
      ${filters.departmentId ? sql`and u.department_id = ${filters.departmentId}` : sql``}
      ${filters.personId ? sql`and d.user_id = ${filters.personId}` : sql``}`;
  const [rows, count] = await Promise.all([
    sql<{
      user_id: string;
      first_name: string;
      last_name: string;
      email: string;
      department_name: string | null;
      workday: number;
      weekend: number;
      holiday: number;
      night: number;
      total: number;
      pay: number;
    }>`
      select d.user_id, u.first_name, u.last_name, u.email, (select name from departments x where x.id = u.department_id) as department_name,
        sum(d.minutes) filter (where d.day_type = 'WORKDAY')::int as workday,
        sum(d.minutes) filter (where d.day_type = 'WEEKEND')::int as weekend,
        sum(d.minutes) filter (where d.day_type = 'HOLIDAY')::int as holiday,
        sum(d.night_minutes)::int as night, sum(d.minutes)::int as total, sum(${payMinutes(rates)})::float8 as pay
      ${base} group by d.user_id, u.first_name, u.last_name, u.email, u.department_id
      order by u.first_name, u.last_name, d.user_id offset ${window.offset} limit ${window.limit}`.execute(
      db,
    ),
    sql<{ total: number }>`select count(distinct d.user_id)::int as total ${base}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.total };
}
