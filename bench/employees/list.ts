/**
 * The filtered, sorted employee list `GET /api/users/employees` over 10,000 employees, under load,
 * beside a bare Fastify route on a pg pool of the same size running the same SQL: the caller's
 * session statement (named, as the app sends it), the page and its count at once, then the listed
 * people's permissions, answering the same rows. Measured in turns, so a busy machine slows both alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { companyPermissionsQuery } from '../../server/domains/access/access.repository.ts';
import { LIVE_SESSION_WITH_GRANTS } from '../../server/domains/access/request-actor.repository.ts';
import { compileListQuery } from '../../server/domains/employees/employees.repository.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loadTestsInTurns, type BenchEnv, type BenchRow } from '../lib.ts';
import { PEOPLE, person, seedDepartments } from './people.ts';

export async function runListCases(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const listDb = await env.createDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const app = await buildApp({ db: listDb.db, config, logger: false });
  const direct = new pg.Pool({ connectionString: listDb.url, max: config.DATABASE_POOL_SIZE });
  const baseline = Fastify({ logger: false });
  try {
    env.log(`seeding ${PEOPLE} employees`);
    const departments = await seedDepartments(listDb);
    for (let i = 0; i < PEOPLE; i += 1000) {
      await listDb.db
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(1000, PEOPLE - i) }, (_, j) => {
            const p = person(i + j);
            return {
              email: p.email,
              first_name: p.firstName,
              last_name: p.lastName,
              status: p.status as 'ACTIVE',
              contract_type: p.contractType as 'FULLTIME',
              department_id: departments.get(p.department)!,
              onboard_date: p.onboardDate,
            };
          }),
        )
        .execute();
    }
    // As autovacuum leaves a live table after a bulk insert: fresh statistics, and the trigram
    // index's pending list merged (until then the planner prices the index too high to use it).
    await direct.query('vacuum analyze users');

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as { port: number };
    const appUrl = `http://127.0.0.1:${address.port}`;
    const admin = await createUser(listDb.db, { builtInRoles: ['admin'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: DEFAULT_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const { accessToken } = (await signIn.json()) as { accessToken: string };

    const chosen = [...departments.values()].slice(0, 5);
    const filter = {
      search: 'nguyen',
      status: ['ACTIVE', 'PENDING'] as Array<'ACTIVE' | 'PENDING'>,
      contractType: ['FULLTIME', 'PART_TIME'] as Array<'FULLTIME' | 'PART_TIME'>,
      departmentId: chosen,
      onboardFrom: '2016-01-01',
      onboardTo: '2023-12-31',
    };
    const query = new URLSearchParams([
      ['search', filter.search],
      ...filter.status.map((s) => ['status', s]),
      ...filter.contractType.map((c) => ['contractType', c]),
      ...chosen.map((d) => ['departmentId', d]),
      ['onboardFrom', filter.onboardFrom],
      ['onboardTo', filter.onboardTo],
      ['sortField', 'onboardDate'],
      ['sortOrder', 'desc'],
      ['page', '2'],
      ['perPage', '20'],
    ]);
    const url = `${appUrl}/api/users/employees?${query}`;
    const probe = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    const body = (await probe.json()) as { total: number; items: unknown[] };
    if (!probe.ok || body.items.length === 0)
      throw new Error(`the list call found nothing: ${JSON.stringify(body).slice(0, 200)}`);
    env.log(`the filter matches ${body.total} of ${PEOPLE} employees; page 2 of 20, by onboard date`);

    const compiled = compileListQuery(
      listDb.db,
      { ...filter, userType: 'EMPLOYEE' },
      { sortField: 'onboardDate', sortOrder: 'desc', offset: 20, limit: 20 },
    );
    // The search must narrow the scan through the trigram index, not filter every row.
    const plan = await direct.query(`explain ${compiled.count.sql}`, [...compiled.count.parameters]);
    const planText = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    env.log(
      planText.includes('users_search_trgm_idx')
        ? 'the search uses users_search_trgm_idx'
        : `the search does NOT use its index:\n${planText}`,
    );
    // The same work without the app: the session statement, then the page and the count at once.
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    const sessionValues = [claims.sid as string, claims.sub as string];
    baseline.get('/list', async () => {
      const session = await direct.query({
        name: 'session',
        text: LIVE_SESSION_WITH_GRANTS,
        values: sessionValues,
      });
      if (session.rows.length !== 1) throw new Error('the baseline found no live session');
      const [page, count] = await Promise.all([
        direct.query(compiled.page.sql, [...compiled.page.parameters]),
        direct.query(compiled.count.sql, [...compiled.count.parameters]),
      ]);
      // What each listed person may do (the app's rows carry it): the same statement for the page's ids.
      const permissions = companyPermissionsQuery(
        listDb.db,
        page.rows.map((row: { id: string }) => row.id),
      ).compile();
      await direct.query(permissions.sql, [...permissions.parameters]);
      return { items: page.rows, total: count.rows[0].total, currentPage: 2, perPage: 20 };
    });
    await baseline.listen({ host: '127.0.0.1', port: 0 });
    const baselineUrl = `http://127.0.0.1:${(baseline.server.address() as { port: number }).port}`;
    const [sqlBaseline, api] = (await loadTestsInTurns(env, [
      { label: 'same SQL, bare Fastify + pg (session, page + count)', url: `${baselineUrl}/list` },
      {
        label: 'GET /api/users/employees filtered+sorted (app)',
        url,
        headers: { authorization: `Bearer ${accessToken}` },
      },
    ])) as [BenchRow, BenchRow];

    return [sqlBaseline, compare(api, sqlBaseline)];
  } finally {
    await app.close();
    await baseline.close();
    await direct.end();
    await listDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
