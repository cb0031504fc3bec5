/**
 * Work logs at scale (issue 18): 500 people logging every working day of a year on two of ten
 * projects (about 250,000 logs).
 *
 * - The report per person, each period (day, week, month, quarter, year), and per project and per
 *   Jira task by month: `GET /api/work-logs/reports` one call after another, beside the very same
 *   statement on a bare pg pool.
 * - Saving a person's week grid (five days × two rows: rules, locks, the 24-hour day, audit) beside
 *   the ten rows inserted on a bare pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createContext } from '../../server/core/context.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { loadUserActor } from '../../server/domains/access/actor.service.ts';
import { saveWorkWeek } from '../../server/domains/worklogs/work-week.service.ts';
import { compileWorkLogReport } from '../../server/domains/worklogs/worklog-reports.repository.ts';
import { REPORT_PERIODS } from '../../shared/reporting.schemas.ts';
import { addDays } from '../../shared/rules/periods.ts';
import type { WorkLogReportGroup } from '../../shared/worklogs.schemas.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'worklogs';
export const description = 'work-log report over 500 people × a year of daily logs, and saving a week grid';

const PEOPLE = 500;
const YEAR = 2025;

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const database = await env.createDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ db: handle.db, config, logger: false });
  const direct = new pg.Pool({
    connectionString: database.url,
    max: config.DATABASE_POOL_SIZE,
    options: '-c work_mem=64MB',
  });
  const db = handle.db;
  const rows: BenchRow[] = [];
  try {
    env.log(`seeding ${PEOPLE} people logging every working day of ${YEAR} on two of ten projects`);
    const role = await direct.query(
      `insert into roles (name, type, status) values ('Bench member', 'PROJECT', 'ACTIVE') returning id`,
    );
    await direct.query(`
      insert into clients (name) values ('Bench client');
      insert into projects (client_id, name) select (select id from clients limit 1), 'Dự án ' || g from generate_series(1, 10) g;
      insert into users (email, first_name, last_name, status, user_type)
        select 'nv' || g || '@bench.example', 'Người', 'Số ' || g, 'ACTIVE', 'EMPLOYEE' from generate_series(1, ${PEOPLE}) g;
      create temporary table bench_people as
        select id, row_number() over (order by id) as rn from users where email like 'nv%';
      create temporary table bench_projects as
        select id, row_number() over (order by name) - 1 as n from projects;
      insert into project_members (project_id, user_id, role_id)
        select p.id, u.id, '${role.rows[0].id}' from bench_people u
        join bench_projects p on p.n in (u.rn % 10, (u.rn + 3) % 10);
      insert into work_logs (user_id, project_id, work_date, minutes, description, jira_task_keys)
        select m.user_id, m.project_id, d::date, 240, 'Work',
          case when extract(day from d) < 10 then array['BO-' || (extract(doy from d)::int % 40 + 1)] else '{}' end
        from project_members m
        cross join generate_series(date '${YEAR}-01-01', date '${YEAR}-12-31', interval '1 day') d
        where extract(isodow from d) < 6;
      analyze users; analyze projects; analyze project_members;`);
    await direct.query('vacuum analyze work_logs');
    const count = await direct.query('select count(*)::int as n from work_logs');
    env.log(`${count.rows[0].n} work logs`);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const reporter = await createUser(db, { permissions: ['worklogs.report'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reporter.email, password: DEFAULT_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const seconds = Math.max(3, Math.round(env.durationSeconds / 2));

    const cases: Array<{ period: (typeof REPORT_PERIODS)[number]; groupBy: WorkLogReportGroup }> = [
      ...REPORT_PERIODS.map((period) => ({ period, groupBy: 'person' as const })),
      { period: 'month', groupBy: 'project' },
      { period: 'month', groupBy: 'task' },
    ];
    for (const { period, groupBy } of cases) {
      const filters = {
        period,
        groupBy,
        from: `${YEAR}-01-01`,
        to: `${YEAR}-12-31`,
        projectIds: 'all' as const,
      };
      const compiled = compileWorkLogReport(db, filters, { offset: 0, limit: 50 });
      const baseline = await loopTest(
        env,
        `work-log report by ${groupBy} and ${period}: the same SQL on bare pg`,
        () => direct.query(compiled.sql, compiled.parameters as unknown[]),
        seconds,
      );
      const url = `${appUrl}/api/work-logs/reports?groupBy=${groupBy}&period=${period}&from=${YEAR}-01-01&to=${YEAR}-12-31`;
      const appRow = await loopTest(
        env,
        `GET /api/work-logs/reports?groupBy=${groupBy}&period=${period} (app)`,
        async () => {
          const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
          if (!response.ok) throw new Error(String(response.status));
          await response.arrayBuffer();
        },
        seconds,
      );
      rows.push(baseline, compare(appRow, baseline));
    }

    // Saving a week grid for a person with a year of logs: each call a new week of last year.
    const person = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'nv7@bench.example')
      .executeTakeFirstOrThrow();
    const projects = await direct.query<{ project_id: string }>(
      'select project_id from project_members where user_id = $1 order by project_id',
      [person.id],
    );
    const actor = await loadUserActor(db, person);
    const ctx = createContext(
      { db, config },
      { ...actor, permissions: new Set([...actor.permissions, 'worklogs.log']) },
      {},
    );
    await direct.query('delete from work_logs where user_id = $1 and work_date < $2', [
      person.id,
      `${YEAR}-01-01`,
    ]);
    let monday = '2020-01-06';
    const grid = (start: string) =>
      projects.rows.map((p, i) => ({
        projectId: p.project_id,
        description: `Row ${i}`,
        hours: Object.fromEntries(Array.from({ length: 5 }, (_, d) => [addDays(start, d), 4])),
      }));
    const insertBaseline = await loopTest(
      env,
      'ten rows into work_logs on bare pg',
      () =>
        direct.query(
          `insert into work_logs (user_id, project_id, work_date, minutes, description)
           select $1, $2, date '2010-01-04' + g, 240, 'Row' from generate_series(0, 9) g`,
          [person.id, projects.rows[0]!.project_id],
        ),
      seconds,
    );
    const save = await loopTest(
      env,
      'saveWorkWeek (ten cells; membership, locks, the 24-hour day, audit)',
      () => {
        monday = addDays(monday, 7);
        return saveWorkWeek(ctx, { start: monday, rows: grid(monday) });
      },
      seconds,
    );
    rows.push(insertBaseline, compare(save, insertBaseline));
    return rows;
  } finally {
    await app.close();
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
