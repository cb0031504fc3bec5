import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { AUDIT_CHECKS } from '../../server/domains/security-audits/audit-checks.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The job of server/domains/security-audits/security-audits.jobs.ts against a real database: a
// schedule that is due runs its check, keeps the run and its findings, tells the administrators;
// one not due does not run; a check that throws is kept as a FAILED run with its error.

const config = testConfig();
const DAY = 86_400_000;
const JOB = 'security-audits.schedule';

async function setUp(t: { teardown(fn: () => unknown): void }) {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const db = database.db;
  const admin = await createUser(db, { permissions: ['platform-settings.manage'] });
  const waiting = await createUser(db, {
    email: `waiting-${Math.random().toString(36).slice(2)}@example.com`,
  });
  await db
    .insertInto('access_requests')
    .values({
      requester_id: waiting.id,
      path: '/asset-management',
      created_at: new Date(Date.now() - 9 * DAY),
    })
    .execute();
  return { db, admin, waiting };
}

const schedule = (
  db: Db,
  check: string,
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY',
  lastStartedDaysAgo: number | null,
) =>
  db
    .insertInto('security_audit_schedules')
    .values({
      check,
      frequency,
      active: true,
      created_by: null,
      last_started_at: lastStartedDaysAgo === null ? null : new Date(Date.now() - lastStartedDaysAgo * DAY),
    })
    .execute();
const runsOf = (db: Db) => db.selectFrom('security_audit_runs').selectAll().orderBy('started_at').execute();

t.test(
  `${JOB}: a due schedule runs, keeps its findings and tells the admins; one not due waits`,
  async (t) => {
    const { db, admin, waiting } = await setUp(t);
    await schedule(db, 'STALE_ACCESS_REQUESTS', 'DAILY', null);
    await schedule(db, 'USERS_WITHOUT_TWO_FACTOR', 'WEEKLY', 2);
    await schedule(db, 'INACTIVE_ACCOUNTS_WITH_ROLES', 'MONTHLY', 40);

    const result = (await runJobHandler(db, config, JOB)) as { ran: string[] };
    t.equal(result.ran.length, 2, 'the never-run daily and the month-old monthly; not the 2-day-old weekly');
    const runs = await runsOf(db);
    t.same(runs.map((run) => run.check).sort(), ['INACTIVE_ACCOUNTS_WITH_ROLES', 'STALE_ACCESS_REQUESTS']);
    const stale = runs.find((run) => run.check === 'STALE_ACCESS_REQUESTS')!;
    t.match(stale, {
      trigger: 'SCHEDULE',
      result: 'SUCCEED',
      finding_count: 1,
      error: null,
      started_by: null,
    });
    const findings = await db
      .selectFrom('security_audit_findings')
      .selectAll()
      .where('run_id', '=', stale.id)
      .execute();
    t.equal(findings.length, 1);
    t.equal(findings[0]!.user_id, waiting.id);
    const bell = await db
      .selectFrom('notifications')
      .select(['user_id', 'data'])
      .where('type', '=', 'SECURITY_AUDIT_FINDINGS')
      .execute();
    t.ok(
      bell.some(
        (n) => n.user_id === admin.id && (n.data as { audit: { runId: string } }).audit.runId === stale.id,
      ),
      'the admin is told of the findings',
    );
    const audits = await auditOfJob(db, JOB);
    t.ok(audits.length === 2 && audits.every((a) => a.actor_label === 'system'), 'audited as the system');

    const again = (await runJobHandler(db, config, JOB)) as { ran: string[] };
    t.same(again.ran, [], 'run again within the hour: nothing is due');
    const schedules = await db.selectFrom('security_audit_schedules').selectAll().orderBy('check').execute();
    t.ok(
      schedules.filter((s) => s.check !== 'USERS_WITHOUT_TWO_FACTOR').every((s) => s.last_started_at),
      'the schedules that ran are marked started',
    );
  },
);

t.test(`${JOB}: a paused schedule does not run; a clean run tells nobody`, async (t) => {
  const { db } = await setUp(t);
  await db
    .insertInto('security_audit_schedules')
    .values({
      check: 'STALE_ACCESS_REQUESTS',
      frequency: 'DAILY',
      active: false,
      created_by: null,
      last_started_at: null,
    })
    .execute();
  await schedule(db, 'INACTIVE_ACCOUNTS_WITH_ROLES', 'DAILY', 3);
  const result = (await runJobHandler(db, config, JOB)) as { ran: string[] };
  t.equal(result.ran.length, 1);
  const [run] = await runsOf(db);
  t.match(run, { check: 'INACTIVE_ACCOUNTS_WITH_ROLES', result: 'SUCCEED', finding_count: 0 });
  const bell = await db
    .selectFrom('notifications')
    .select('id')
    .where('type', '=', 'SECURITY_AUDIT_FINDINGS')
    .execute();
  t.equal(bell.length, 0, 'nothing to act on: no notification');
});

t.test(`${JOB}: a check that throws is kept FAILED with its error; the next check still runs`, async (t) => {
  const { db, admin } = await setUp(t);
  const original = AUDIT_CHECKS.USERS_WITHOUT_TWO_FACTOR;
  AUDIT_CHECKS.USERS_WITHOUT_TWO_FACTOR = async (checkDb) => {
    // A real failure: a query the database refuses.
    await checkDb
      .selectFrom('no_such_table' as never)
      .selectAll()
      .execute();
    return [];
  };
  t.teardown(() => {
    AUDIT_CHECKS.USERS_WITHOUT_TWO_FACTOR = original;
  });
  await schedule(db, 'USERS_WITHOUT_TWO_FACTOR', 'DAILY', null);
  await schedule(db, 'STALE_ACCESS_REQUESTS', 'DAILY', null);

  const result = (await runJobHandler(db, config, JOB)) as { ran: string[] };
  t.equal(result.ran.length, 2);
  const runs = await runsOf(db);
  const failed = runs.find((run) => run.check === 'USERS_WITHOUT_TWO_FACTOR')!;
  t.match(failed, { result: 'FAILED', finding_count: 0, error: /no_such_table/ });
  t.match(
    runs.find((run) => run.check === 'STALE_ACCESS_REQUESTS'),
    { result: 'SUCCEED', finding_count: 1 },
  );
  const told = await db
    .selectFrom('notifications')
    .select('data')
    .where('type', '=', 'SECURITY_AUDIT_FINDINGS')
    .where('user_id', '=', admin.id)
    .execute();
  t.ok(
    told.some((n) => (n.data as { audit: { result: string; error: string } }).audit.result === 'FAILED'),
    'the admin is told of the failure',
  );
  t.ok((await auditOfJob(db, JOB)).some((a) => a.action === 'security_audit.failed'));
});
