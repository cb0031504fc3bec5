/**
 * People at scale, each case beside a baseline measured in the same run:
 * (a) the filtered, sorted employee list `GET /api/users/employees` over 10,000 employees, under load,
 *     beside a bare Fastify route on a pg pool of the same size running the same SQL: the caller's
 *     session statement (named, as the app sends it), the page and its count at once, then the listed
 *     people's permissions, answering the same rows; measured in turns, so a busy machine slows both alike;
 * (b) `backoffice users import` of 10,000 rows (validation, upsert, audit trail, one transaction)
 *     beside PostgreSQL COPY of the same rows into the same table of a fresh database. The CLI's own
 *     start-up (loading its modules) is measured by the start-up benchmark, not here: a one-row dry
 *     run loads them first.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pg from 'pg';
import { runCli } from '../../cli/program.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { companyPermissionsQuery } from '../../server/domains/access/access.repository.ts';
import { LIVE_SESSION_WITH_GRANTS } from '../../server/domains/access/request-actor.repository.ts';
import { compileListQuery } from '../../server/domains/employees/employees.repository.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import type { TestDatabase } from '../../tests/helpers/test-database.ts';
import { compare, loadTestsInTurns, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'employees';
export const description =
  'employee list over 10,000 people and a 10,000-row import, each beside its baseline';

const PEOPLE = 10_000;
const GIVEN = [
  'An',
  'Bình',
  'Chi',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hòa',
  'Hùng',
  'Hương',
  'Khoa',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Minh',
  'Nam',
  'Nga',
  'Ngọc',
  'Phong',
  'Phúc',
  'Quân',
  'Quang',
  'Sơn',
  'Tâm',
  'Thảo',
  'Thành',
  'Trang',
  'Trung',
  'Tuấn',
  'Vy',
];
const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Đức', 'Ngọc', 'Thanh', 'Hữu', 'Quốc'];
const CONTRACTS = ['FULLTIME', 'FULLTIME', 'PART_TIME', 'PROBATION', 'INTERNSHIP', 'FREELANCER'];
const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'PENDING', 'INACTIVE'];

/** The i-th synthetic person: the same in the seeded list, the import file and the COPY data. */
function person(i: number) {
  const day = new Date(Date.UTC(2015, 0, 1) + ((i * 37) % 3650) * 86_400_000).toISOString().slice(0, 10);
  return {
    email: `nv${i}@bench.example`,
    firstName: GIVEN[i % GIVEN.length]!,
    lastName: `${FAMILY[Math.floor(i / 7) % FAMILY.length]} ${MIDDLE[Math.floor(i / 3) % MIDDLE.length]}`,
    status: STATUSES[i % STATUSES.length]!,
    contractType: CONTRACTS[i % CONTRACTS.length]!,
    department: `Phòng ${(i % 10) + 1}`,
    onboardDate: day,
  };
}

async function seedDepartments(database: TestDatabase): Promise<Map<string, string>> {
  const rows = await database.db
    .insertInto('departments')
    .values(
      Array.from({ length: 10 }, (_, i) => ({ name: `Phòng ${i + 1}`, description: null, created_by: null })),
    )
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A one-off bulk operation as a row: rows per second, and its duration in the latency columns. */
function bulkRow(label: string, rows: number, milliseconds: number, failures = 0): BenchRow {
  return {
    case: label,
    perSecond: Number(((rows * 1000) / milliseconds).toFixed(1)),
    p50Ms: Math.round(milliseconds),
    p99Ms: Math.round(milliseconds),
    total: rows,
    failures,
  };
}

/**
 * COPY … FROM STDIN with node-postgres alone: the client hands the connection to this object when
 * the server asks for the data (what pg-copy-streams does, without the dependency).
 */
function copyFromStdin(client: pg.PoolClient, text: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed: Error | null = null;
    const submittable = {
      submit(connection: { query(text: string): void }) {
        connection.query(text);
      },
      handleCopyInResponse(connection: { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }) {
        for (let i = 0; i < data.length; i += 64 * 1024)
          connection.sendCopyFromChunk(data.subarray(i, i + 64 * 1024));
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        if (failed) reject(failed);
        else resolve();
      },
      handleError(error: Error) {
        failed = error;
      },
    };
    void client.query(submittable as unknown as pg.QueryConfig);
  });
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const listDb = await env.createDatabase();
  const importDb = await env.createDatabase();
  const copyDb = await env.createDatabase();
  const copyAllDb = await env.createDatabase();
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
    // ---- (a) the list over 10,000 employees ----
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

    // ---- (b) import of 10,000 rows beside COPY of the same rows ----
    await seedDepartments(importDb);
    const copyDepartments = await seedDepartments(copyDb);
    const header = 'Email,First name,Last name,Contract type,Department,Onboard date\n';
    const csv =
      header +
      Array.from({ length: PEOPLE }, (_, i) => {
        const p = person(i);
        return [p.email, p.firstName, p.lastName, p.contractType, p.department, p.onboardDate]
          .map(csvCell)
          .join(',');
      }).join('\n') +
      '\n';
    const file = path.join(dataDir, 'employees.csv');
    writeFileSync(file, `\uFEFF${csv}`);

    const cliEnv = {
      ...process.env,
      DATABASE_URL: importDb.url,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      LANG: 'en',
    };
    const warmUp = path.join(dataDir, 'one.csv');
    writeFileSync(warmUp, `${header}${csv.split('\n')[1]}\n`);
    await runCli(['--json', 'users', 'import', '--dry-run', warmUp], cliEnv);
    env.log(`backoffice users import of ${PEOPLE} rows`);
    const importStarted = performance.now();
    const code = await runCli(['--json', 'users', 'import', file], cliEnv);
    const importMs = performance.now() - importStarted;
    const imported = await importDb.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', 'like', '%@bench.example')
      .executeTakeFirstOrThrow();
    const importRow = bulkRow(
      `users import ${PEOPLE} rows (CLI, one transaction)`,
      PEOPLE,
      importMs,
      code === 0 && Number(imported.n) === PEOPLE ? 0 : 1,
    );

    env.log(`COPY of the same ${PEOPLE} rows`);
    const copyData = Buffer.from(
      Array.from({ length: PEOPLE }, (_, i) => {
        const p = person(i);
        return [
          p.email,
          p.firstName,
          p.lastName,
          p.contractType,
          copyDepartments.get(p.department)!,
          p.onboardDate,
          'PENDING',
        ]
          .map(csvCell)
          .join(',');
      }).join('\n') + '\n',
    );
    const copyPool = new pg.Pool({ connectionString: copyDb.url, max: 1 });
    const client = await copyPool.connect();
    let copyMs = 0;
    try {
      const copyStarted = performance.now();
      await copyFromStdin(
        client,
        'copy users (email, first_name, last_name, contract_type, department_id, onboard_date, status) from stdin with (format csv)',
        copyData,
      );
      copyMs = performance.now() - copyStarted;
    } finally {
      client.release();
      await copyPool.end();
    }
    const copyRow = bulkRow(`COPY ${PEOPLE} rows into users (baseline)`, PEOPLE, copyMs);

    // The same work as the import without the app: per person the user, their default access role and
    // the two audit events the import writes (created; role member added), each table by COPY.
    env.log(
      `COPY of the rows the import writes: ${PEOPLE} users, role grants and ${2 * PEOPLE} audit events`,
    );
    const allDepartments = await seedDepartments(copyAllDb);
    const defaultRole = await copyAllDb.db
      .selectFrom('roles')
      .select('id')
      .where('built_in_key', '=', 'user')
      .executeTakeFirstOrThrow();
    const ids = Array.from({ length: PEOPLE }, () => randomUUID());
    const tsv = (rows: Array<Array<string | null>>) =>
      Buffer.from(
        rows
          .map((row) =>
            row
              .map((cell) =>
                cell === null
                  ? '\\N'
                  : cell.replace(/[\\\t\n]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\\\')),
              )
              .join('\t'),
          )
          .join('\n') + '\n',
      );
    const usersData = tsv(
      ids.map((id, i) => {
        const p = person(i);
        return [
          id,
          p.email,
          p.firstName,
          p.lastName,
          p.contractType,
          allDepartments.get(p.department)!,
          p.onboardDate,
          'PENDING',
        ];
      }),
    );
    const rolesData = tsv(ids.map((id) => [id, defaultRole.id]));
    const auditData = tsv(
      ids.flatMap((id, i) => {
        const p = person(i);
        const created = JSON.stringify({
          email: p.email,
          first_name: p.firstName,
          last_name: p.lastName,
          contract_type: p.contractType,
          department_id: allDepartments.get(p.department),
          onboard_date: p.onboardDate,
          source: 'import',
        });
        const granted = JSON.stringify({ userId: id, email: p.email, reason: 'default' });
        return [
          ['bench', 'employee.created', 'user', id, created],
          ['bench', 'role.member_added', 'role', defaultRole.id, granted],
        ];
      }),
    );
    const copyAllPool = new pg.Pool({ connectionString: copyAllDb.url, max: 1 });
    const copyAllClient = await copyAllPool.connect();
    let copyAllMs = 0;
    try {
      const started = performance.now();
      await copyAllClient.query('begin');
      await copyFromStdin(
        copyAllClient,
        'copy users (id, email, first_name, last_name, contract_type, department_id, onboard_date, status) from stdin',
        usersData,
      );
      await copyFromStdin(copyAllClient, 'copy user_roles (user_id, role_id) from stdin', rolesData);
      await copyFromStdin(
        copyAllClient,
        'copy audit_events (actor_label, action, entity_type, entity_id, after) from stdin',
        auditData,
      );
      await copyAllClient.query('commit');
      copyAllMs = performance.now() - started;
    } finally {
      copyAllClient.release();
      await copyAllPool.end();
    }
    const copyAllRow = bulkRow(
      `COPY the same rows the import writes (users, role grants, audit events)`,
      PEOPLE,
      copyAllMs,
    );

    return [
      sqlBaseline,
      compare(api, sqlBaseline),
      copyRow,
      compare(importRow, copyRow),
      copyAllRow,
      compare({ ...importRow, case: `${importRow.case} vs the same rows` }, copyAllRow),
    ];
  } finally {
    await app.close();
    await baseline.close();
    await direct.end();
    await listDb.drop();
    await importDb.drop();
    await copyDb.drop();
    await copyAllDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
