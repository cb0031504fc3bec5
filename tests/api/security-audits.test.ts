import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { AUDIT_CHECKS } from '../../server/domains/security-audits/audit-checks.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { dayOffset, declareDevice, saveRules, UA } from '../helpers/device-factories.ts';
import { createUser } from '../helpers/factories.ts';

// AUDIT_SCHEDULE of /platform-settings: schedules (audited; bad input changes nothing), runs on
// demand with their findings and the administrators' notification, a throwing check recorded FAILED.

const DAY = 86_400_000;

const state = (db: Db) =>
  Promise.all([
    db.selectFrom('security_audit_schedules').selectAll().orderBy('check').execute(),
    db.selectFrom('security_audit_runs').selectAll().orderBy('id').execute(),
    db.selectFrom('audit_events').select('id').where('action', 'like', 'security_audit%').execute(),
  ]);

const requestAccess = (db: Db, requesterId: string, path: string, daysAgo: number) =>
  db
    .insertInto('access_requests')
    .values({ requester_id: requesterId, path, created_at: new Date(Date.now() - daysAgo * DAY) })
    .returning('id')
    .executeTakeFirstOrThrow();

t.test('schedule a check, change it, unschedule it: audited; bad input changes nothing', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });

  const listed = await admin.inject({ method: 'GET', url: '/api/security-audits' });
  t.equal(listed.statusCode, 200);
  t.same(
    listed.json().items.map((item: { check: string; schedule: unknown }) => [item.check, item.schedule]),
    [
      ['INACTIVE_ACCOUNTS_WITH_ROLES', null],
      ['USERS_WITHOUT_TWO_FACTOR', null],
      ['STALE_ACCESS_REQUESTS', null],
      ['DEVICE_COMPLIANCE', null],
    ],
  );

  const saved = await admin.inject({
    method: 'PUT',
    url: '/api/security-audits/STALE_ACCESS_REQUESTS/schedule',
    payload: { frequency: 'WEEKLY', active: true },
  });
  t.equal(saved.statusCode, 200, saved.body);
  const stale = saved.json().items.find((item: { check: string }) => item.check === 'STALE_ACCESS_REQUESTS');
  t.match(stale.schedule, { frequency: 'WEEKLY', active: true, nextRunAt: String });
  t.ok(new Date(stale.schedule.nextRunAt).getTime() <= Date.now() + 1000, 'the first run is due at once');

  const before = await state(db);
  const badFrequency = await admin.inject({
    method: 'PUT',
    url: '/api/security-audits/STALE_ACCESS_REQUESTS/schedule',
    payload: { frequency: 'HOURLY', active: true },
  });
  t.equal(badFrequency.statusCode, 422);
  t.equal(badFrequency.json().details[0].field, 'frequency');
  t.match(badFrequency.json().details[0].message, /Choose one of: DAILY, WEEKLY, MONTHLY/);
  const badCheck = await admin.inject({
    method: 'PUT',
    url: '/api/security-audits/EVERYTHING/schedule',
    payload: { frequency: 'DAILY', active: true },
  });
  t.equal(badCheck.statusCode, 422);
  t.equal(badCheck.json().details[0].field, 'check');
  const missing = await admin.inject({
    method: 'PUT',
    url: '/api/security-audits/STALE_ACCESS_REQUESTS/schedule',
    payload: { frequency: 'DAILY' },
  });
  t.equal(missing.statusCode, 422);
  t.equal(missing.json().details[0].message, 'This field is required');
  const vi = await admin.inject({
    method: 'PUT',
    url: '/api/security-audits/STALE_ACCESS_REQUESTS/schedule',
    headers: { 'accept-language': 'vi' },
    payload: { frequency: 'YEARLY', active: true },
  });
  t.match(vi.json().details[0].message, /Chọn một trong/);
  t.same(await state(db), before, 'nothing changed');

  const paused = await admin.inject({
    method: 'PUT',
    url: '/api/security-audits/STALE_ACCESS_REQUESTS/schedule',
    payload: { frequency: 'MONTHLY', active: false },
  });
  t.match(
    paused.json().items.find((item: { check: string }) => item.check === 'STALE_ACCESS_REQUESTS').schedule,
    { frequency: 'MONTHLY', active: false, nextRunAt: null },
  );
  const removed = await admin.inject({
    method: 'DELETE',
    url: '/api/security-audits/STALE_ACCESS_REQUESTS/schedule',
  });
  t.equal(removed.statusCode, 204);
  const again = await admin.inject({
    method: 'DELETE',
    url: '/api/security-audits/STALE_ACCESS_REQUESTS/schedule',
  });
  t.equal(again.statusCode, 404);
  const actions = await db
    .selectFrom('audit_events')
    .select(['action', 'before', 'after', 'actor_id'])
    .where('entity_type', '=', 'security_audit_schedule')
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  t.same(
    actions.map((a) => a.action),
    ['security_audit_schedule.created', 'security_audit_schedule.updated', 'security_audit_schedule.deleted'],
  );
  t.same(actions[1]!.before, { frequency: 'WEEKLY', active: true });
  t.ok(
    actions.every((a) => a.actor_id === admin.user.id),
    'the admin is the actor',
  );
});

t.test('run a check now: the run, its findings, the run log and the admins’ notification', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const waiting = await createUser(db, { email: 'waiting@example.com' });
  const fresh = await createUser(db, { email: 'fresh@example.com' });
  const staleRequest = await requestAccess(db, waiting.id, '/asset-management', 10);
  await requestAccess(db, fresh.id, '/risk-management', 1);

  const run = await admin.inject({ method: 'POST', url: '/api/security-audits/STALE_ACCESS_REQUESTS/runs' });
  t.equal(run.statusCode, 201, run.body);
  t.match(run.json(), {
    check: 'STALE_ACCESS_REQUESTS',
    trigger: 'MANUAL',
    result: 'SUCCEED',
    findingCount: 1,
    error: null,
    startedBy: admin.user.email,
  });
  const findings = await admin.inject({
    method: 'GET',
    url: `/api/security-audits/runs/${run.json().id}/findings`,
  });
  t.equal(findings.statusCode, 200);
  t.match(findings.json(), {
    total: 1,
    items: [
      {
        userId: waiting.id,
        person: { email: 'waiting@example.com' },
        summary: 'waiting@example.com has waited 10 days for access to /asset-management',
        data: { accessRequestId: staleRequest.id, path: '/asset-management', pendingDays: 10 },
      },
    ],
  });

  const log = await admin.inject({
    method: 'GET',
    url: '/api/security-audits/runs?check=STALE_ACCESS_REQUESTS',
  });
  t.same(
    log.json().items.map((item: { id: string }) => item.id),
    [run.json().id],
  );
  t.equal(
    (await admin.inject({ method: 'GET', url: `/api/security-audits/runs/${run.json().id}` })).statusCode,
    200,
  );
  t.equal(
    (await admin.inject({ method: 'GET', url: `/api/security-audits/runs/${fresh.id}` })).statusCode,
    404,
    'an unknown run is not found',
  );

  const [bell] = await db
    .selectFrom('notifications')
    .select(['type', 'data'])
    .where('user_id', '=', admin.user.id)
    .execute();
  t.equal(bell?.type, 'SECURITY_AUDIT_FINDINGS');
  t.match(bell?.data, { audit: { runId: run.json().id, result: 'SUCCEED', findingCount: 1 } });
  const audit = await db
    .selectFrom('audit_events')
    .select(['action', 'after', 'actor_id'])
    .where('entity_id', '=', run.json().id)
    .executeTakeFirstOrThrow();
  t.match(audit, { action: 'security_audit.completed', actor_id: admin.user.id });
  t.match(audit.after, { check: 'STALE_ACCESS_REQUESTS', findingCount: 1 });
});

t.test('inactive accounts holding roles, and people without two-factor', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const deactivated = await createUser(db, { status: 'INACTIVE', builtInRoles: ['hr'] });
  const dormant = await createUser(db, { builtInRoles: ['admin'] });
  const dormantUser = await createUser(db, { builtInRoles: ['user'] });
  const recent = await createUser(db, { builtInRoles: ['admin'] });
  const longAgo = new Date(Date.now() - 120 * DAY);
  await db
    .updateTable('users')
    .set({ last_sign_in_at: longAgo, created_at: longAgo as never })
    .where('id', 'in', [dormant.id, dormantUser.id])
    .execute();
  await db.updateTable('users').set({ last_sign_in_at: new Date() }).where('id', '=', recent.id).execute();
  await db
    .insertInto('user_two_factor')
    .values({ user_id: recent.id, secret: 'x', enabled_at: new Date() })
    .execute();

  const inactive = await admin.inject({
    method: 'POST',
    url: '/api/security-audits/INACTIVE_ACCOUNTS_WITH_ROLES/runs',
  });
  const inactiveFindings = (
    await admin.inject({ method: 'GET', url: `/api/security-audits/runs/${inactive.json().id}/findings` })
  ).json().items as Array<{ userId: string; data: { reason: string } }>;
  t.same(
    inactiveFindings.map((f) => [f.userId, f.data.reason]).sort(),
    [
      [deactivated.id, 'DEACTIVATED'],
      [dormant.id, 'NOT_SIGNED_IN'],
    ].sort(),
    'the deactivated one and the dormant admin; not the dormant plain user, not the recent admin',
  );

  const twoFactor = await admin.inject({
    method: 'POST',
    url: '/api/security-audits/USERS_WITHOUT_TWO_FACTOR/runs',
  });
  const ids = (
    await admin.inject({
      method: 'GET',
      url: `/api/security-audits/runs/${twoFactor.json().id}/findings?perPage=100`,
    })
  )
    .json()
    .items.map((f: { userId: string }) => f.userId);
  t.ok(ids.includes(dormant.id) && ids.includes(admin.user.id), 'people without two-factor are found');
  t.notOk(ids.includes(recent.id), 'one with two-factor on is not');
  t.notOk(ids.includes(deactivated.id), 'a deactivated account cannot sign in: not listed');
});

t.test('a check that throws is recorded FAILED with its error, and the admins are told', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage'] });
  const original = AUDIT_CHECKS.STALE_ACCESS_REQUESTS;
  AUDIT_CHECKS.STALE_ACCESS_REQUESTS = async () => {
    throw new Error('relation "access_requests" is unreadable');
  };
  t.teardown(() => {
    AUDIT_CHECKS.STALE_ACCESS_REQUESTS = original;
  });

  const run = await admin.inject({ method: 'POST', url: '/api/security-audits/STALE_ACCESS_REQUESTS/runs' });
  t.equal(run.statusCode, 201, 'the run itself is the answer, not a 500');
  t.match(run.json(), {
    result: 'FAILED',
    findingCount: 0,
    error: 'relation "access_requests" is unreadable',
  });
  const failed = await admin.inject({ method: 'GET', url: '/api/security-audits/runs?result=FAILED' });
  t.equal(failed.json().total, 1);
  const bell = await db
    .selectFrom('notifications')
    .select('data')
    .where('type', '=', 'SECURITY_AUDIT_FINDINGS')
    .executeTakeFirstOrThrow();
  t.match(bell.data, { audit: { result: 'FAILED', error: 'relation "access_requests" is unreadable' } });
  const audit = await db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_id', '=', run.json().id)
    .executeTakeFirstOrThrow();
  t.equal(audit.action, 'security_audit.failed');
});

t.test(
  'device compliance: outdated devices, in their grace period or blocked, and checklist gaps',
  async (t) => {
    const { signIn } = await buildTestApp(t);
    const admin = await signIn({ permissions: ['platform-settings.manage'] });
    const blocked = await signIn({});
    const graced = await signIn({});
    const fine = await signIn({});
    await declareDevice(blocked, UA.chrome120Windows);
    await declareDevice(graced, UA.firefox128Linux);
    await declareDevice(fine, UA.chrome131Windows);
    const saved = await saveRules(admin, {
      gracePeriodDays: 7,
      requirements: [
        { kind: 'BROWSER', name: 'CHROME', latestVersion: '131', releaseDate: dayOffset(-30) },
        { kind: 'BROWSER', name: 'FIREFOX', latestVersion: '133.0', releaseDate: dayOffset(-2) },
      ],
    });
    t.equal(saved.statusCode, 200, saved.body);

    const run = await admin.inject({ method: 'POST', url: '/api/security-audits/DEVICE_COMPLIANCE/runs' });
    t.equal(run.statusCode, 201, run.body);
    t.equal(run.json().result, 'SUCCEED');
    const findings = (
      await admin.inject({
        method: 'GET',
        url: `/api/security-audits/runs/${run.json().id}/findings?perPage=100`,
      })
    ).json().items as Array<{ userId: string; data: { problem: string; device?: string } }>;
    const outdated = findings.filter((f) => f.data.problem.startsWith('OUTDATED'));
    t.same(
      outdated.map((f) => [f.userId, f.data.problem]).sort(),
      [
        [blocked.user.id, 'OUTDATED'],
        [graced.user.id, 'OUTDATED_GRACE'],
      ].sort(),
      'the blocked device and the one in its grace period; not the up-to-date one',
    );
    t.ok(
      outdated.every((f) => typeof f.data.device === 'string' && f.data.device),
      'each names its device',
    );
  },
);
