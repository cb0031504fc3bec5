/**
 * Leave at scale (issue 11): 10,000 employees with a year of requests (about 100,000, a quarter of a
 * million leave days).
 *
 * - The summary report, each period (day, week, month, quarter, year): `GET /api/leave-requests/reports`
 *   one call after another, beside the very same statement run on a bare pg pool.
 * - The export of the whole year (XLSX, its requests sheet about 100,000 rows), streamed to a file
 *   through the service the CLI calls, beside writing the same rows as CSV by hand from bare pg;
 *   both report the peak RSS growth (a stream keeps it flat).
 * - Filing a request for a person with five years of history (every rule checked, audited, notified),
 *   beside a single-row insert into leave_requests on a bare pool.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createContext, type Actor } from '../../server/core/context.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { loadUserActor } from '../../server/domains/access/actor.service.ts';
import { compileLeaveReport } from '../../server/domains/leave/leave-reports.repository.ts';
import { prepareLeaveExport } from '../../server/domains/leave/leave-reports.service.ts';
import { createLeaveRequest } from '../../server/domains/leave/leave-requests.service.ts';
import { REPORT_PERIODS } from '../../shared/reporting.schemas.ts';
import { addDays, weekday } from '../../shared/rules/periods.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'leave';
export const description = 'leave summary over 10,000 employees × a year, its export, and filing a request';

const EMPLOYEES = 10_000;
const YEAR = 2025;

/** Peak RSS growth (MB) while `work` runs, sampled every 20 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; seconds: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const began = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      result,
      peakMb: Number(((peak - start) / 1048576).toFixed(1)),
      seconds: (performance.now() - began) / 1000,
    };
  } finally {
    clearInterval(timer);
  }
}

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
    env.log(`seeding ${EMPLOYEES} employees in 20 departments, about 100,000 requests of ${YEAR}`);
    // Seeded in SQL: a benchmark's data, not a use case. Each person takes about ten requests a year
    // of one to five working days; four in five are approved.
    await direct.query(`
      insert into departments (name) select 'Phòng ' || g from generate_series(1, 20) g;
      insert into users (email, first_name, last_name, status, department_id, onboard_date)
        select 'nv' || g || '@bench.example', 'Người', 'Số ' || g, 'ACTIVE',
               (select id from departments order by name offset (g % 20) limit 1), date '2018-01-01' + (g % 2000)
        from generate_series(1, ${EMPLOYEES}) g;
      create temporary table seed as
        select u.id as user_id, t.id as type_id, n,
               (date '${YEAR}-01-05' + ((n * 37 + u.rn * 11) % 340)::int)::date as start_day, (1 + (n + u.rn) % 5)::int as days,
               case when (n + u.rn) % 5 = 0 then 'WAITING FOR APPROVAL' else 'APPROVED' end as status
        from (select id, row_number() over (order by id) as rn from users where email like 'nv%') u
        cross join generate_series(1, 10) n
        join lateral (select id from absence_types order by position offset (n % 3) limit 1) t on true;
      insert into leave_requests (id, user_id, absence_type_id, start_date, start_part, end_date, end_part, duration, year, status)
        select gen_random_uuid(), user_id, type_id, start_day, 'MORNING', start_day + days - 1, 'AFTERNOON', days, ${YEAR}, status
        from seed;
      insert into leave_days (leave_request_id, user_id, day, amount)
        select r.id, r.user_id, d::date, 1 from leave_requests r
        cross join generate_series(r.start_date, r.end_date, interval '1 day') d
        where extract(isodow from d) < 6;
      analyze users; analyze leave_requests; analyze leave_days; analyze departments;`);
    const counts = await direct.query(
      'select (select count(*) from leave_requests) as requests, (select count(*) from leave_days) as days',
    );
    env.log(`seeded ${counts.rows[0].requests} requests, ${counts.rows[0].days} leave days`);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const hr = await createUser(db, { builtInRoles: ['hr'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: hr.email, password: DEFAULT_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const seconds = Math.max(3, Math.round(env.durationSeconds / 2));

    for (const period of REPORT_PERIODS) {
      const filters = {
        period,
        groupBy: 'person' as const,
        from: `${YEAR}-01-01`,
        to: `${YEAR}-12-31`,
        status: 'APPROVED' as const,
      };
      const compiled = compileLeaveReport(db, filters, { offset: 0, limit: 50 });
      const baseline = await loopTest(
        env,
        `leave summary by ${period}: the same SQL on bare pg`,
        () => direct.query(compiled.sql, compiled.parameters as unknown[]),
        seconds,
      );
      const url = `${appUrl}/api/leave-requests/reports?period=${period}&from=${YEAR}-01-01&to=${YEAR}-12-31`;
      const appRow = await loopTest(
        env,
        `GET /api/leave-requests/reports?period=${period} (app)`,
        async () => {
          const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
          if (!response.ok) throw new Error(String(response.status));
          await response.arrayBuffer();
        },
        seconds,
      );
      rows.push(baseline, compare(appRow, baseline));
    }

    // The export the CLI writes: every approved request of the year.
    const actor: Actor = await loadUserActor(db, hr);
    const ctx = createContext({ db, config }, actor, { requestId: 'bench:leave-export' });
    const xlsxFile = path.join(dataDir, 'leave.xlsx');
    const csv = await peakRss(async () => {
      const out = createWriteStream(path.join(dataDir, 'leave.csv'));
      const client = await direct.connect();
      let count = 0;
      try {
        let after = ['0001-01-01', '00000000-0000-0000-0000-000000000000'];
        for (;;) {
          const result = await client.query(
            `select r.id, r.start_date::text, r.end_date::text, r.duration, r.status, r.reason, u.first_name, u.last_name, u.email,
                    d.name as department, t.name as type
             from leave_requests r join users u on u.id = r.user_id join absence_types t on t.id = r.absence_type_id
             left join departments d on d.id = u.department_id
             where r.status = 'APPROVED' and r.end_date >= $1 and r.start_date <= $2 and (r.start_date, r.id) > ($3::date, $4::uuid)
             order by r.start_date, r.id limit 2000`,
            [`${YEAR}-01-01`, `${YEAR}-12-31`, after[0], after[1]],
          );
          if (result.rows.length === 0) break;
          const text = result.rows
            .map(
              (r) =>
                [
                  `${r.first_name} ${r.last_name}`,
                  r.email,
                  r.department,
                  r.type,
                  r.start_date,
                  r.end_date,
                  r.duration,
                  r.status,
                  r.reason ?? '',
                ].join(',') + '\r\n',
            )
            .join('');
          if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          count += result.rows.length;
          const last = result.rows.at(-1);
          after = [last.start_date, last.id];
        }
      } finally {
        client.release();
      }
      out.end();
      await finished(out);
      return count;
    });
    const xlsx = await peakRss(async () => {
      const prepared = await prepareLeaveExport(ctx, {
        period: 'month',
        from: `${YEAR}-01-01`,
        to: `${YEAR}-12-31`,
        format: 'xlsx',
      });
      const out = createWriteStream(xlsxFile);
      const count = await prepared.write(out);
      await finished(out);
      return count;
    });
    const csvRow: BenchRow = {
      case: `export: ${csv.result} request rows as CSV by hand from bare pg (peak RSS +${csv.peakMb} MB)`,
      perSecond: Number((csv.result / csv.seconds).toFixed(1)),
      p50Ms: Number((csv.seconds * 1000).toFixed(0)),
      p99Ms: Number((csv.seconds * 1000).toFixed(0)),
      total: csv.result,
      failures: 0,
    };
    const xlsxRow: BenchRow = {
      case: `export: leave report XLSX, ${xlsx.result} rows (summary + requests, peak RSS +${xlsx.peakMb} MB)`,
      perSecond: Number((xlsx.result / xlsx.seconds).toFixed(1)),
      p50Ms: Number((xlsx.seconds * 1000).toFixed(0)),
      p99Ms: Number((xlsx.seconds * 1000).toFixed(0)),
      total: xlsx.result,
      failures: 0,
    };
    rows.push(csvRow, compare(xlsxRow, csvRow));

    // Filing: a person with five years of history; each call a new one-day sick leave on the next working day.
    const person = (await direct.query(`select id from users where email = 'nv7@bench.example'`)).rows[0]
      .id as string;
    await direct.query(
      `
      insert into leave_requests (id, user_id, absence_type_id, start_date, start_part, end_date, end_part, duration, year, status)
        select gen_random_uuid(), $1, (select id from absence_types where name = 'Vacation'), d::date, 'MORNING', d::date, 'AFTERNOON', 1,
               extract(year from d)::int, 'APPROVED'
        from generate_series(date '2020-01-06', date '2024-12-31', interval '14 days') d`,
      [person],
    );
    const approver = await createUser(db, { permissions: ['leave.approve'] });
    const personCtx = createContext(
      { db, config },
      await loadUserActor(
        db,
        await db.selectFrom('users').selectAll().where('id', '=', person).executeTakeFirstOrThrow(),
      ),
      {},
    );
    personCtx.actor = {
      ...personCtx.actor,
      permissions: new Set([...personCtx.actor.permissions, 'leave.request']),
    };
    const sickness = (await direct.query(`select id from absence_types where name = 'Sickness'`)).rows[0]
      .id as string;
    let day = '2027-01-04';
    const nextDay = () => {
      do day = addDays(day, 1);
      while ([0, 6].includes(weekday(day)));
      return day;
    };
    const insertBaseline = await loopTest(
      env,
      'one row into leave_requests on bare pg',
      () =>
        direct.query(
          `insert into leave_requests (user_id, absence_type_id, start_date, start_part, end_date, end_part, duration, year)
         values ($1, $2, $3, 'MORNING', $3, 'AFTERNOON', 1, 2040)`,
          [approver.id, sickness, '2040-01-02'],
        ),
      seconds,
    );
    const filing = await loopTest(
      env,
      'createLeaveRequest (5 years of history; rules, days, approvers, audit, notice)',
      () => {
        const date = nextDay();
        return createLeaveRequest(personCtx, {
          absenceTypeId: sickness,
          startDate: date,
          startPart: 'MORNING',
          endDate: date,
          endPart: 'AFTERNOON',
          approverIds: [approver.id],
        });
      },
      seconds,
    );
    // The same filing for someone who joined today: what the history costs (nothing, with the indexes).
    const newcomer = await createUser(db, { permissions: ['leave.request'] });
    const newcomerCtx = createContext({ db, config }, await loadUserActor(db, newcomer), {});
    const fresh = await loopTest(
      env,
      'createLeaveRequest (no history)',
      () => {
        const date = nextDay();
        return createLeaveRequest(newcomerCtx, {
          absenceTypeId: sickness,
          startDate: date,
          startPart: 'MORNING',
          endDate: date,
          endPart: 'AFTERNOON',
          approverIds: [approver.id],
        });
      },
      seconds,
    );
    rows.push(insertBaseline, compare(filing, insertBaseline), compare(filing, fresh));
    return rows;
  } finally {
    await app.close();
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
