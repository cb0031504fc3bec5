/**
 * Projects at scale: the filtered, sorted project list `GET /api/projects/list` over 2,000 projects
 * with 20 members each, under load, beside the same two SQL statements (the page and the counts per
 * stage) run directly on a bare pg pool of the same size, from as many concurrent callers. A third
 * row measures an authenticated call that does nothing else: the fixed cost of any API call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import type { ProjectStage } from '../../server/db/database.ts';
import { compileProjectListQuery } from '../../server/domains/projects/projects.repository.ts';
import { PROJECT_STAGES } from '../../shared/projects.schemas.ts';
import { createRole, createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loadTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'projects';
export const description =
  'project list over 2,000 projects × 20 members, beside the same SQL on a bare pool';

const CLIENTS = 50;
const PROJECTS = 2_000;
const MEMBERS_PER_PROJECT = 20;
const PEOPLE = 1_000;
const WORDS = [
  'Cổng',
  'Ứng dụng',
  'Hệ thống',
  'Nền tảng',
  'Dịch vụ',
  'Cổng thông tin',
  'Kho dữ liệu',
  'Trợ lý',
];
const TOPICS = ['thanh toán', 'bán hàng', 'nhân sự', 'kho vận', 'khách hàng', 'báo cáo', 'học tập', 'y tế'];

/** Runs `fn` from `concurrency` callers at once for a while, timing every call. */
async function concurrentLoop(
  env: BenchEnv,
  label: string,
  fn: () => Promise<unknown>,
  concurrency: number,
): Promise<BenchRow> {
  env.log(`${label}: ${env.durationSeconds}s, ${concurrency} concurrent callers`);
  const warmUntil = performance.now() + 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < warmUntil) await fn();
    }),
  );
  const samples: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + env.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          await fn();
        } catch {
          failures++;
        }
        samples.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return {
    case: label,
    perSecond: Number((samples.length / elapsed).toFixed(1)),
    p50Ms: Number(at(0.5).toFixed(2)),
    p99Ms: Number(at(0.99).toFixed(2)),
    total: samples.length,
    failures,
  };
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
  // The app and the baseline get pools of the same size (the test handle's pool is smaller).
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ db: handle.db, config, logger: false });
  const direct = new pg.Pool({ connectionString: database.url, max: config.DATABASE_POOL_SIZE });
  const db = handle.db;
  try {
    env.log(
      `seeding ${CLIENTS} clients, ${PROJECTS} projects, ${PEOPLE} people, ${PROJECTS * MEMBERS_PER_PROJECT} memberships`,
    );
    const clients = await db
      .insertInto('clients')
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          name: `Khách hàng ${String(i + 1).padStart(2, '0')}`,
          description: null,
          email: `lienhe${i}@khachhang.example`,
          type: i % 5 === 0 ? ('INTERNAL' as const) : ('EXTERNAL' as const),
          created_by: null,
        })),
      )
      .returning('id')
      .execute();
    const people: string[] = [];
    for (let i = 0; i < PEOPLE; i += 500) {
      const rows = await db
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(500, PEOPLE - i) }, (_, j) => ({
            email: `tv${i + j}@bench.example`,
            first_name: `Người ${i + j}`,
            last_name: 'Thành viên',
            status: 'ACTIVE' as const,
          })),
        )
        .returning('id')
        .execute();
      people.push(...rows.map((r) => r.id));
    }
    const roles = await Promise.all(
      ['Developer', 'Tester', 'Project manager', 'Designer'].map((role) =>
        createRole(db, { name: role, type: 'PROJECT', permissions: ['projects.view'] }),
      ),
    );
    const projects: string[] = [];
    for (let i = 0; i < PROJECTS; i += 500) {
      const rows = await db
        .insertInto('projects')
        .values(
          Array.from({ length: Math.min(500, PROJECTS - i) }, (_, j) => {
            const n = i + j;
            const start = new Date(Date.UTC(2020, 0, 1) + ((n * 13) % 1800) * 86_400_000);
            const end = new Date(start.getTime() + (90 + (n % 400)) * 86_400_000);
            return {
              client_id: clients[n % CLIENTS]!.id,
              name: `${WORDS[n % WORDS.length]} ${TOPICS[Math.floor(n / 8) % TOPICS.length]} ${n}`,
              description: null,
              start_date: start.toISOString().slice(0, 10),
              end_date: n % 7 === 0 ? null : end.toISOString().slice(0, 10),
              stage: PROJECT_STAGES[n % PROJECT_STAGES.length] as ProjectStage,
              status: n % 9 === 0 ? ('INACTIVE' as const) : ('ACTIVE' as const),
              created_by: null,
            };
          }),
        )
        .returning('id')
        .execute();
      projects.push(...rows.map((r) => r.id));
    }
    for (let p = 0; p < PROJECTS; p += 100) {
      const values = [];
      for (let i = p; i < Math.min(PROJECTS, p + 100); i++) {
        for (let m = 0; m < MEMBERS_PER_PROJECT; m++) {
          values.push({
            project_id: projects[i]!,
            user_id: people[(i * 7 + m * 31) % PEOPLE]!,
            role_id: roles[m % roles.length]!.id,
            note: null,
            joined_at: '2024-01-01',
            exited_at: null,
            // A few have left: the count is of active members.
            status: m % 10 === 9 ? ('INACTIVE' as const) : ('ACTIVE' as const),
            created_by: null,
          });
        }
      }
      await db.insertInto('project_members').values(values).execute();
    }
    // Fresh statistics, as autovacuum would have them on a live database.
    await direct.query('analyze clients; analyze projects; analyze project_members');

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as { port: number };
    const appUrl = `http://127.0.0.1:${address.port}`;
    const admin = await createUser(db, { builtInRoles: ['admin'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: DEFAULT_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const { accessToken } = (await signIn.json()) as { accessToken: string };

    const chosenClients = clients.slice(0, 20).map((c) => c.id);
    // The stage tabs of the list for a group of clients, the biggest teams first.
    const filter = {
      clientId: chosenClients,
      stage: ['SIGNED_CONTRACT', 'DEVELOPMENT', 'GO_LIVE'] as ProjectStage[],
      status: ['ACTIVE' as const],
    };
    const query = new URLSearchParams([
      ...chosenClients.map((id) => ['clientId', id]),
      ...filter.stage.map((stage) => ['stage', stage]),
      ['status', 'ACTIVE'],
      ['sortField', 'totalMembers'],
      ['sortOrder', 'desc'],
      ['page', '2'],
      ['perPage', '20'],
    ]);
    const url = `${appUrl}/api/projects/list?${query}`;
    const probe = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    const body = (await probe.json()) as { total: number; items: unknown[] };
    if (!probe.ok || body.items.length === 0)
      throw new Error(`the list call found nothing: ${JSON.stringify(body).slice(0, 200)}`);
    env.log(`the filter matches ${body.total} of ${PROJECTS} projects; page 2 of 20, by members (desc)`);

    const compiled = compileProjectListQuery(
      db,
      { ...filter, visible: 'all' },
      { sortField: 'totalMembers', sortOrder: 'desc', offset: 20, limit: 20 },
    );
    const sqlBaseline = await concurrentLoop(
      env,
      'project list SQL direct (page + stage counts, pg pool)',
      () =>
        Promise.all([
          direct.query(compiled.page.sql, [...compiled.page.parameters]),
          direct.query(compiled.counts.sql, [...compiled.counts.parameters]),
        ]),
      env.connections,
    );
    const api = await loadTest(env, 'GET /api/projects/list filtered+sorted (app)', url, {
      authorization: `Bearer ${accessToken}`,
    });
    // What every API call pays before the list runs (the bearer token, the session and the roles
    // from PostgreSQL): it bounds the ratio above, whatever the list itself costs.
    const authenticationAlone = await loadTest(
      env,
      'GET /api/user-roles/me (app: authentication alone, for reference)',
      `${appUrl}/api/user-roles/me`,
      { authorization: `Bearer ${accessToken}` },
    );
    return [sqlBaseline, compare(api, sqlBaseline), authenticationAlone];
  } finally {
    await app.close();
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
