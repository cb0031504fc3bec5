/**
 * Overtime at scale (issue 12): 10,000 employees with a year of approved overtime (100,000
 * requests).
 *
 * - The report, each period (day, week, month, quarter, year): `GET /api/ot-summaries/reports` one
 *   call after another, beside the very same statement on a bare pg pool.
 * - Submitting a request for a person with a year of history (the three limit checks, overlap,
 *   leave, approvers, audit, notification) beside a single-row insert on a bare pool.
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
import { compileOtReport } from '../../server/domains/overtime/overtime-reports.repository.ts';
import { createOvertimeRequest } from '../../server/domains/overtime/overtime-requests.service.ts';
import { DEFAULT_OT_REGULATIONS } from '../../shared/overtime.schemas.ts';
import { REPORT_PERIODS } from '../../shared/reporting.schemas.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'overtime';
export const description = 'overtime report over 10,000 employees × a year, and submitting a request';

const EMPLOYEES = 10_000;
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
  // The same memory for sorting and hashing as the app's report transaction (SET LOCAL work_mem).
  const direct = new pg.Pool({
    connectionString: database.url,
    max: config.DATABASE_POOL_SIZE,
    options: '-c work_mem=64MB',
  });
  const db = handle.db;
  const rows: BenchRow[] = [];
  try {
    env.log(`seeding ${EMPLOYEES} employees with ten approved evenings of overtime each in ${YEAR}`);
    await direct.query(`
      insert into departments (name) select 'Phòng ' || g from generate_series(1, 20) g;
      insert into users (email, first_name, last_name, status, department_id)
        select 'nv' || g || '@bench.example', 'Người', 'Số ' || g, 'ACTIVE',
               (select id from departments order by name offset (g % 20) limit 1)
        from generate_series(1, ${EMPLOYEES}) g;
      insert into ot_requests (user_id, work_date, start_time, end_time, minutes, status)
        select u.id, (date '${YEAR}-01-06' + ((n * 31 + u.rn * 7) % 355)::int)::date, '18:00', '20:00', 120, 'APPROVED'
        from (select id, row_number() over (order by id) as rn from users where email like 'nv%') u
        cross join generate_series(1, 10) n;
      insert into ot_segments (ot_request_id, user_id, day, minutes, night_minutes, day_type)
        select id, user_id, work_date, minutes, 0,
               case when extract(isodow from work_date) >= 6 then 'WEEKEND' else 'WORKDAY' end
        from ot_requests;
      analyze users; analyze ot_requests; analyze ot_segments;`);
    await direct.query('vacuum analyze ot_segments');

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const manager = await createUser(db, { permissions: ['overtime.manage', 'overtime.report'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: manager.email, password: DEFAULT_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const seconds = Math.max(3, Math.round(env.durationSeconds / 2));

    for (const period of REPORT_PERIODS) {
      const filters = { period, groupBy: 'person' as const, from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
      const compiled = compileOtReport(db, filters, DEFAULT_OT_REGULATIONS, { offset: 0, limit: 50 });
      const baseline = await loopTest(
        env,
        `overtime report by ${period}: the same SQL on bare pg`,
        () => direct.query(compiled.sql, compiled.parameters as unknown[]),
        seconds,
      );
      const url = `${appUrl}/api/ot-summaries/reports?period=${period}&from=${YEAR}-01-01&to=${YEAR}-12-31`;
      const appRow = await loopTest(
        env,
        `GET /api/ot-summaries/reports?period=${period} (app)`,
        async () => {
          const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
          if (!response.ok) throw new Error(String(response.status));
          await response.arrayBuffer();
        },
        seconds,
      );
      rows.push(baseline, compare(appRow, baseline));
    }

    // Submitting for a person with a year of history: a new hour each call, on the next evening.
    const person = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'nv7@bench.example')
      .executeTakeFirstOrThrow();
    const actor = await loadUserActor(db, person);
    const ctx = createContext(
      { db, config },
      { ...actor, permissions: new Set([...actor.permissions, 'overtime.request']) },
      {},
    );
    const approver = await createUser(db, { permissions: ['overtime.approve'] });
    await direct.query(
      `update ot_limits set daily_minutes = 600, monthly_minutes = 100000, yearly_minutes = 1000000`,
    );
    let day = '2030-01-01';
    const insertBaseline = await loopTest(
      env,
      'one row into ot_requests on bare pg',
      () =>
        direct.query(
          `insert into ot_requests (user_id, work_date, start_time, end_time, minutes) values ($1, '2040-01-02', '18:00', '19:00', 60)`,
          [approver.id],
        ),
      seconds,
    );
    const submit = await loopTest(
      env,
      'createOvertimeRequest (a year of history; limits, overlap, leave, approvers, audit, notice)',
      () => {
        day = addDays(day, 1);
        return createOvertimeRequest(ctx, {
          workDate: day,
          startTime: '18:00',
          endTime: '19:00',
          approverIds: [approver.id],
        });
      },
      seconds,
    );
    rows.push(insertBaseline, compare(submit, insertBaseline));
    return rows;
  } finally {
    await app.close();
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
