import { sql } from 'kysely';
import t from 'tap';
import { runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// `backoffice audit run NAME` and `backoffice audit list`, spawned for real, in text and JSON.
t.setTimeout(300_000);

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;

const waiting = await createUser(db, { email: 'waiting@example.com' });
await db
  .insertInto('access_requests')
  .values({
    requester_id: waiting.id,
    path: '/asset-management',
    created_at: new Date(Date.now() - 12 * 86_400_000),
  })
  .execute();
await db
  .insertInto('security_audit_schedules')
  .values({ check: 'USERS_WITHOUT_TWO_FACTOR', frequency: 'WEEKLY', active: true, created_by: null })
  .execute();

t.test('audit run NAME runs the check now and records the run', async (t) => {
  const run = await runCli(database.url, ['audit', 'run', 'stale-access-requests']);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /^Stale access requests: 1 finding \(run [0-9a-f-]{36}\)\.\n/);
  t.match(run.stdout, /- waiting@example\.com has waited 12 days for access to \/asset-management/);
  const json = await runCli(database.url, ['--json', 'audit', 'run', 'STALE_ACCESS_REQUESTS']);
  t.equal(json.code, 0, json.stderr);
  t.match(JSON.parse(json.stdout), {
    check: 'STALE_ACCESS_REQUESTS',
    result: 'SUCCEED',
    trigger: 'MANUAL',
    findingCount: 1,
    findings: [{ userId: waiting.id }],
  });
  const runs = await db.selectFrom('security_audit_runs').select('check').execute();
  t.equal(runs.length, 2, 'both runs are in the log');
  const audit = await db
    .selectFrom('audit_events')
    .select('actor_label')
    .where('action', '=', 'security_audit.completed')
    .execute();
  t.ok(
    audit.every((a) => /^system \(os:.+\)$/.test(a.actor_label)),
    'audited as the system, naming who typed it',
  );
});

t.test('an unknown check is refused, in the caller’s language, with the list of checks', async (t) => {
  const before = await db.selectFrom('security_audit_runs').select('id').execute();
  const bad = await runCli(database.url, ['audit', 'run', 'everything']);
  t.not(bad.code, 0);
  t.match(bad.stderr, /INACTIVE_ACCOUNTS_WITH_ROLES, USERS_WITHOUT_TWO_FACTOR, STALE_ACCESS_REQUESTS/);
  const vi = await runCli(database.url, ['--lang', 'vi', 'audit', 'run', 'everything']);
  t.match(vi.stderr, /Chọn một trong/);
  t.same(await db.selectFrom('security_audit_runs').select('id').execute(), before, 'no run recorded');
});

t.test('audit list shows every check with its schedule and latest run', async (t) => {
  const list = await runCli(database.url, ['audit', 'list']);
  t.equal(list.code, 0, list.stderr);
  t.match(list.stdout, /STALE_ACCESS_REQUESTS\s+on demand\s+\d{4}\/\d{2}\/\d{2} SUCCEED \(1\)/);
  t.match(list.stdout, /USERS_WITHOUT_TWO_FACTOR\s+Weekly\s+never/);
  const json = await runCli(database.url, ['--json', 'audit', 'list']);
  t.match(JSON.parse(json.stdout), {
    items: [
      { check: 'INACTIVE_ACCOUNTS_WITH_ROLES', schedule: null, lastRun: null },
      { check: 'USERS_WITHOUT_TWO_FACTOR', schedule: { frequency: 'WEEKLY', active: true } },
      { check: 'STALE_ACCESS_REQUESTS', lastRun: { result: 'SUCCEED', findingCount: 1 } },
    ],
  });
});

t.test('a check that fails is recorded FAILED and the command exits 1, so scripts can tell', async (t) => {
  // The check's table out of reach: its query fails as a broken check would.
  await sql`alter table access_requests rename to access_requests_away`.execute(db);
  try {
    const failed = await runCli(database.url, ['audit', 'run', 'stale-access-requests']);
    t.equal(failed.code, 1, failed.stdout);
    t.match(failed.stdout, /Stale access requests/);
  } finally {
    await sql`alter table access_requests_away rename to access_requests`.execute(db);
  }
  const latest = await db
    .selectFrom('security_audit_runs')
    .select('result')
    .where('check', '=', 'STALE_ACCESS_REQUESTS')
    .orderBy('started_at', 'desc')
    .executeTakeFirstOrThrow();
  t.equal(latest.result, 'FAILED');
});
