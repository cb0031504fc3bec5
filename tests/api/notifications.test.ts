import { sql } from 'kysely';
import t from 'tap';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { inTransaction } from '../../server/core/transaction.ts';
import type { Db } from '../../server/db/connect.ts';
import { notify, purgeReadNotifications } from '../../server/domains/notifications/notifications.service.ts';
import type { NotificationData } from '../../shared/notifications.schemas.ts';
import { buildTestApp, type SignedInUser, type TestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';

const actor = { id: null, firstName: 'An', lastName: 'Nguyen', avatarUrl: null };
const leaveData = (duration = 2): NotificationData<'NEW_LEAVE_REQUEST'> => ({
  actor,
  leaveRequest: { id: 'lr-1', duration, firstName: 'An', lastName: 'Nguyen', avatarUrl: null },
});

function systemCtx(app: TestApp) {
  return createContext({ db: app.db, config: app.config }, SYSTEM_ACTOR);
}

/** Gives a person `count` notifications, one minute apart, the newest last; returns ids newest first. */
async function seed(app: TestApp, userId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [id] = await notify(systemCtx(app), [userId], 'NEW_LEAVE_REQUEST', leaveData(i + 1));
    ids.push(id!);
  }
  // Distinct times, so "newest first" is checkable; the last one seeded is the newest.
  await sql`update notifications set created_at = now() - make_interval(mins => (${count} - ord)::int)
    from (select id, row_number() over (order by created_at, id) as ord from notifications where user_id = ${userId}) o
    where notifications.id = o.id`.execute(app.db);
  const rows = await app.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

async function unreadCount(user: SignedInUser): Promise<number> {
  return (await user.inject({ method: 'GET', url: '/api/notifications/stats' })).json().unreadCount;
}

async function snapshot(db: Db) {
  return db.selectFrom('notifications').select(['id', 'is_read']).orderBy('id').execute();
}

t.test('paging, unread filter, stats, toggles and read-all', async (t) => {
  const app = await buildTestApp(t);
  const alice = await app.signIn({ builtInRoles: ['user'] });
  const ids = await seed(app, alice.user.id, 23);

  t.test('pages of 10 by default, newest first, with currentPage and lastPage', async (t) => {
    const first = await alice.inject({ method: 'GET', url: '/api/notifications' });
    t.equal(first.statusCode, 200);
    const body = first.json();
    t.equal(body.items.length, 10);
    t.equal(body.currentPage, 1);
    t.equal(body.lastPage, 3);
    t.same(
      body.items.map((n: { id: string }) => n.id),
      ids.slice(0, 10),
    );
    t.match(body.items[0], {
      type: 'NEW_LEAVE_REQUEST',
      tab: 'PLATFORM',
      isRead: false,
      data: { leaveRequest: { duration: 23 }, actor: { firstName: 'An' } },
    });
    t.ok(!Number.isNaN(Date.parse(body.items[0].createdAt)));

    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await alice.inject({ method: 'GET', url: `/api/notifications?page=${page}` });
      seen.push(...response.json().items.map((n: { id: string }) => n.id));
    }
    t.same(seen, ids, 'three pages hold all 23 once, in order');

    const beyond = (await alice.inject({ method: 'GET', url: '/api/notifications?page=4' })).json();
    t.same(beyond, { items: [], currentPage: 4, lastPage: 3, perPage: 10, total: 23 });
    const byFive = (await alice.inject({ method: 'GET', url: '/api/notifications?perPage=5&page=5' })).json();
    t.equal(byFive.lastPage, 5);
    t.equal(byFive.items.length, 3);
  });

  t.test('stats, the per-item toggle and the unread filter', async (t) => {
    t.equal(await unreadCount(alice), 23);
    const read = await alice.inject({
      method: 'PUT',
      url: `/api/notifications/${ids[0]}/is-read`,
      payload: { isRead: true },
    });
    t.equal(read.statusCode, 200);
    t.match(read.json(), { id: ids[0], isRead: true });
    t.equal(await unreadCount(alice), 22);

    const again = await alice.inject({
      method: 'PUT',
      url: `/api/notifications/${ids[0]}/is-read`,
      payload: { isRead: true },
    });
    t.equal(again.statusCode, 200, 'marking a read one read again is fine');
    t.equal(await unreadCount(alice), 22);

    await alice.inject({
      method: 'PUT',
      url: `/api/notifications/${ids[1]}/is-read`,
      payload: { isRead: true },
    });
    const unread = (
      await alice.inject({ method: 'GET', url: '/api/notifications?isRead=false&perPage=100' })
    ).json();
    t.equal(unread.items.length, 21);
    t.ok(unread.items.every((n: { isRead: boolean }) => !n.isRead));
    t.notOk(unread.items.some((n: { id: string }) => n.id === ids[0] || n.id === ids[1]));
    const readOnly = (await alice.inject({ method: 'GET', url: '/api/notifications?isRead=true' })).json();
    t.same(
      readOnly.items.map((n: { id: string }) => n.id),
      [ids[0], ids[1]],
    );

    const back = await alice.inject({
      method: 'PUT',
      url: `/api/notifications/${ids[0]}/is-read`,
      payload: { isRead: false },
    });
    t.match(back.json(), { isRead: false });
    t.equal(await unreadCount(alice), 22, 'read to unread adds one back');

    const audit = await app.db
      .selectFrom('audit_events')
      .select(['action', 'entity_id'])
      .where('entity_type', '=', 'notification')
      .where('actor_id', '=', alice.user.id)
      .execute();
    t.same(
      audit.map((a) => a.action).sort(),
      ['notification.marked_read', 'notification.marked_read', 'notification.marked_unread'],
      'each change is audited once; a no-op is not',
    );
  });

  t.test('tab filter', async (t) => {
    const platform = (await alice.inject({ method: 'GET', url: '/api/notifications?tab=PLATFORM' })).json();
    t.equal(platform.lastPage, 3);
    const projects = (await alice.inject({ method: 'GET', url: '/api/notifications?tab=PROJECTS' })).json();
    t.same(projects, { items: [], currentPage: 1, lastPage: 1, perPage: 10, total: 0 });
  });

  t.test('read-all marks everything read', async (t) => {
    const response = await alice.inject({ method: 'POST', url: '/api/notifications/read-all' });
    t.equal(response.statusCode, 200);
    t.same(response.json(), { updated: 22, unreadCount: 0 });
    t.equal(await unreadCount(alice), 0);
    const again = await alice.inject({ method: 'POST', url: '/api/notifications/read-all' });
    t.same(again.json(), { updated: 0, unreadCount: 0 });
    const audit = await app.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'notification.read_all')
      .execute();
    t.equal(audit.length, 1, 'audited when something changed');
  });
});

t.test('a person reads and changes only their own notifications', async (t) => {
  const app = await buildTestApp(t);
  const alice = await app.signIn({ builtInRoles: ['user'] });
  const bob = await app.signIn({ builtInRoles: ['user'] });
  const [aliceId] = await seed(app, alice.user.id, 2);
  await seed(app, bob.user.id, 1);

  const bobList = (await bob.inject({ method: 'GET', url: '/api/notifications' })).json();
  t.equal(bobList.items.length, 1);
  t.equal(await unreadCount(bob), 1);

  const before = await snapshot(app.db);
  const steal = await bob.inject({
    method: 'PUT',
    url: `/api/notifications/${aliceId}/is-read`,
    payload: { isRead: true },
  });
  t.equal(steal.statusCode, 404, "another person's notification looks like not found");
  t.equal(steal.json().code, 'NOT_FOUND');
  t.same(await snapshot(app.db), before);

  await bob.inject({ method: 'POST', url: '/api/notifications/read-all' });
  t.equal(await unreadCount(alice), 2, "bob's read-all leaves alice's alone");
});

t.test('bad input gets a clear error and changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const alice = await app.signIn({ builtInRoles: ['user'] });
  const [id] = await seed(app, alice.user.id, 1);
  const before = await snapshot(app.db);

  const cases: Array<{
    name: string;
    method: 'GET' | 'PUT';
    url: string;
    payload?: unknown;
    field?: string;
    code?: string;
    status?: number;
  }> = [
    { name: 'page 0', method: 'GET', url: '/api/notifications?page=0', field: 'page', code: 'minimum' },
    {
      name: 'page not a number',
      method: 'GET',
      url: '/api/notifications?page=two',
      field: 'page',
      code: 'number',
    },
    {
      name: 'perPage too large',
      method: 'GET',
      url: '/api/notifications?perPage=101',
      field: 'perPage',
      code: 'maximum',
    },
    {
      name: 'perPage 0',
      method: 'GET',
      url: '/api/notifications?perPage=0',
      field: 'perPage',
      code: 'minimum',
    },
    {
      name: 'isRead not a boolean',
      method: 'GET',
      url: '/api/notifications?isRead=maybe',
      field: 'isRead',
      code: 'invalid',
    },
    { name: 'unknown tab', method: 'GET', url: '/api/notifications?tab=HOME', field: 'tab', code: 'oneOf' },
    {
      name: 'unknown parameter',
      method: 'GET',
      url: '/api/notifications?sort=asc',
      field: 'sort',
      code: 'unknownField',
    },
    {
      name: 'id not a uuid',
      method: 'PUT',
      url: '/api/notifications/42/is-read',
      payload: { isRead: true },
      field: 'id',
      code: 'invalid',
    },
    {
      name: 'no isRead',
      method: 'PUT',
      url: `/api/notifications/${id}/is-read`,
      payload: {},
      field: 'isRead',
      code: 'required',
    },
    {
      name: 'isRead a string',
      method: 'PUT',
      url: `/api/notifications/${id}/is-read`,
      payload: { isRead: 'yes' },
      field: 'isRead',
      code: 'invalid',
    },
    {
      name: 'extra field',
      method: 'PUT',
      url: `/api/notifications/${id}/is-read`,
      payload: { isRead: true, type: 'X' },
      field: 'type',
      code: 'unknownField',
    },
    {
      name: 'unknown id',
      method: 'PUT',
      url: '/api/notifications/00000000-0000-4000-8000-000000000000/is-read',
      payload: { isRead: true },
      status: 404,
    },
  ];
  for (const c of cases) {
    const response = await alice.inject({
      method: c.method,
      url: c.url,
      ...(c.payload !== undefined && { payload: c.payload as object }),
    });
    const body = response.json();
    if (c.status) {
      t.equal(response.statusCode, c.status, c.name);
      t.ok(body.message, `${c.name}: a message`);
      continue;
    }
    t.equal(response.statusCode, 422, c.name);
    t.equal(body.code, 'VALIDATION_FAILED', c.name);
    const detail = body.details.find((d: { field: string }) => d.field === c.field);
    t.ok(detail, `${c.name}: names ${c.field} (got ${JSON.stringify(body.details)})`);
    t.equal(detail?.code, c.code, `${c.name}: ${c.code}`);
    t.ok(detail?.message, `${c.name}: translated message`);
  }

  const malformed = await alice.inject({
    method: 'PUT',
    url: `/api/notifications/${id}/is-read`,
    headers: { 'content-type': 'application/json' },
    payload: '{"isRead":',
  });
  t.equal(malformed.statusCode, 400);
  t.equal(malformed.json().code, 'MALFORMED_JSON');

  const vietnamese = await alice.inject({
    method: 'GET',
    url: '/api/notifications?perPage=500',
    headers: { 'accept-language': 'vi' },
  });
  t.equal(vietnamese.json().message, 'Một số trường không hợp lệ.');

  for (const url of ['/api/notifications', '/api/notifications/stats']) {
    const anonymous = await app.inject({ method: 'GET', url });
    t.equal(anonymous.statusCode, 401, `${url} needs a signed-in person`);
  }
  const anonymousReadAll = await app.inject({ method: 'POST', url: '/api/notifications/read-all' });
  t.equal(anonymousReadAll.statusCode, 401);
  t.same(await snapshot(app.db), before, 'nothing changed');
});

t.test('notify() writes with the caller transaction', async (t) => {
  const app = await buildTestApp(t);
  const alice = await createUser(app.db);
  const ctx = systemCtx(app);

  await t.rejects(
    inTransaction(ctx, async (tx) => {
      await notify(tx, [alice.id], 'PAYMENT_MADE', {
        actor,
        invoice: { id: 'inv-1', name: 'Laptop', firstName: 'An', lastName: 'Nguyen' },
      });
      throw new Error('the change fails');
    }),
  );
  t.equal((await snapshot(app.db)).length, 0, 'a rolled-back change leaves no notification');

  await t.rejects(
    notify(ctx, [alice.id], 'SSO_REQUEST', { actor, ssoConnection: { id: 'x', name: 'Grafana' } } as never),
    /data does not match its shape/,
    'data of the wrong shape is a bug, refused loudly',
  );

  const ids = await notify(ctx, [alice.id, alice.id], 'SSO_REQUEST', {
    actor,
    ssoRequest: { id: 'sso-1', ssoConnectionName: 'Grafana' },
  });
  t.equal(ids.length, 1, 'one notification per recipient, duplicates merged');
  t.same(
    await notify(ctx, [], 'SSO_REQUEST', { actor, ssoRequest: { id: 'sso-1', ssoConnectionName: 'G' } }),
    [],
  );
});

t.test('announcements', async (t) => {
  const app = await buildTestApp(t);
  const admin = await app.signIn({
    permissions: ['notifications.announce'],
    firstName: 'Hoa',
    lastName: 'Tran',
  });
  const plain = await app.signIn({ builtInRoles: ['user'] });
  const other = await createUser(app.db, { email: 'Minh.Le@example.com' });
  const inactive = await createUser(app.db, { status: 'INACTIVE' });
  const url = '/api/notifications/announcements';

  const forbidden = await plain.inject({ method: 'POST', url, payload: { message: 'Hi', toAll: true } });
  t.equal(forbidden.statusCode, 403, 'announcing needs notifications.announce');

  const before = await snapshot(app.db);
  const bad: Array<{ name: string; payload: unknown; field: string; code: string }> = [
    { name: 'no recipients', payload: { message: 'Hi' }, field: 'userIds', code: 'recipientsRequired' },
    {
      name: 'both everyone and people',
      payload: { message: 'Hi', toAll: true, userIds: [other.id] },
      field: 'toAll',
      code: 'recipientsConflict',
    },
    { name: 'blank message', payload: { message: '   ', toAll: true }, field: 'message', code: 'blank' },
    { name: 'empty message', payload: { message: '', toAll: true }, field: 'message', code: 'required' },
    {
      name: 'message too long',
      payload: { message: 'x'.repeat(5001), toAll: true },
      field: 'message',
      code: 'maxLength',
    },
    {
      name: 'unknown email',
      payload: { message: 'Hi', emails: [other.email, 'nobody@example.com'] },
      field: 'emails.1',
      code: 'unknownRecipient',
    },
    {
      name: 'inactive person',
      payload: { message: 'Hi', userIds: [inactive.id] },
      field: 'userIds.0',
      code: 'unknownRecipient',
    },
    {
      name: 'malformed email',
      payload: { message: 'Hi', emails: ['not-an-email'] },
      field: 'emails.0',
      code: 'email',
    },
    {
      name: 'malformed id',
      payload: { message: 'Hi', userIds: ['123'] },
      field: 'userIds.0',
      code: 'invalid',
    },
  ];
  for (const c of bad) {
    const response = await admin.inject({ method: 'POST', url, payload: c.payload as object });
    t.equal(response.statusCode, 422, c.name);
    const detail = response.json().details?.find((d: { field: string }) => d.field === c.field);
    t.equal(detail?.code, c.code, `${c.name}: ${c.field} ${c.code} (got ${response.body})`);
    t.ok(detail?.message, `${c.name}: translated`);
  }
  const unknownVi = await admin.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': 'vi' },
    payload: { message: 'Hi', emails: ['nobody@example.com'] },
  });
  t.equal(unknownVi.json().details[0].message, 'nobody@example.com không phải là người dùng đang hoạt động');
  t.same(await snapshot(app.db), before, 'refused announcements write nothing');

  const chosen = await admin.inject({
    method: 'POST',
    url,
    payload: { message: '  Lunch at noon  ', emails: ['minh.le@EXAMPLE.com'], userIds: [plain.user.id] },
  });
  t.equal(chosen.statusCode, 201);
  t.same(chosen.json(), { recipientCount: 2 });
  const minh = await app.db.selectFrom('notifications').selectAll().where('user_id', '=', other.id).execute();
  t.equal(minh.length, 1);
  t.match(minh[0], {
    type: 'ANNOUNCEMENT',
    tab: 'PLATFORM',
    data: { message: 'Lunch at noon', actor: { firstName: 'Hoa', lastName: 'Tran' } },
  });

  const everyone = await admin.inject({
    method: 'POST',
    url,
    payload: { message: 'Office closed Friday', toAll: true },
  });
  t.equal(everyone.statusCode, 201);
  const active = await app.db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  t.equal(everyone.json().recipientCount, active.n, 'every active person');
  const toInactive = await app.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', inactive.id)
    .execute();
  t.equal(toInactive.length, 0, 'not the inactive');
  t.equal(await unreadCount(plain), 2);

  const audit = await app.db
    .selectFrom('audit_events')
    .select(['actor_id', 'after'])
    .where('action', '=', 'notification.announced')
    .execute();
  t.equal(audit.length, 2);
  t.match(audit[1], { actor_id: admin.user.id, after: { toAll: true, message: 'Office closed Friday' } });
});

t.test('the retention job purges old read notifications only', async (t) => {
  const app = await buildTestApp(t, { NOTIFICATION_RETENTION_DAYS: '30' });
  const alice = await createUser(app.db);
  const ids = await seed(app, alice.id, 4);
  const [oldRead, oldUnread, recentRead, recentUnread] = ids;
  await app.db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', 'in', [oldRead!, recentRead!])
    .execute();
  await app.db
    .updateTable('notifications')
    .set({ created_at: sql`now() - interval '31 days'` as never })
    .where('id', 'in', [oldRead!, oldUnread!])
    .execute();

  const result = await purgeReadNotifications(systemCtx(app));
  t.same(result, { deleted: 1, days: 30 });
  const left = (await snapshot(app.db)).map((row) => row.id).sort();
  t.same(left, [oldUnread!, recentRead!, recentUnread!].sort());
  const audit = await app.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'notification.purged')
    .execute();
  t.equal(audit.length, 1);
  t.same(await purgeReadNotifications(systemCtx(app)), { deleted: 0, days: 30 });
});

t.test('the notification calls are documented in OpenAPI', async (t) => {
  const app = await buildTestApp(t);
  const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
  t.equal(docs.statusCode, 200);
  const paths = Object.keys(docs.json().paths);
  for (const path of [
    '/api/notifications',
    '/api/notifications/stats',
    '/api/notifications/{id}/is-read',
    '/api/notifications/read-all',
    '/api/notifications/announcements',
  ]) {
    t.ok(paths.includes(path), path);
  }
});

t.test('NOTIFICATION_RETENTION_DAYS is validated', async (t) => {
  t.equal(loadConfig({}).NOTIFICATION_RETENTION_DAYS, 90, 'defaults to 90 days');
  t.equal(loadConfig({ NOTIFICATION_RETENTION_DAYS: '14' }).NOTIFICATION_RETENTION_DAYS, 14);
  for (const value of ['0', '-3', 'ninety', '4000']) {
    t.throws(() => loadConfig({ NOTIFICATION_RETENTION_DAYS: value }), ConfigError, value);
  }
  t.throws(() => loadConfig({ REALTIME_HEARTBEAT_SECONDS: '0' }), /REALTIME_HEARTBEAT_SECONDS/);
});
