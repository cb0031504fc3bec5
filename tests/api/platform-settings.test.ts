import t from 'tap';
import { encryptForLink } from '../../shared/crypto/secure-share-crypto.ts';
import type { Db } from '../../server/db/connect.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';

// /platform-settings: SECURITY (the password policy's bounds, who expires when, reminders) and
// UTILITIES (secure share limits, used by the secure share service). Bad input changes nothing.

const DAY = 86_400_000;
const age = (db: Db, id: string, days: number) =>
  db
    .updateTable('users')
    .set({ password_changed_at: new Date(Date.now() - days * DAY) })
    .where('id', '=', id)
    .execute();
const settingsRows = (db: Db) =>
  db.selectFrom('app_settings').select(['key', 'value']).orderBy('key').execute();

t.test('SECURITY: the password policy within its documented bounds; bad input changes nothing', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['password-policy.manage'] });
  const put = (payload: unknown, language = 'en') =>
    admin.inject({
      method: 'PUT',
      url: '/api/settings/password-policy',
      headers: { 'accept-language': language },
      payload: payload as object,
    });
  const before = await settingsRows(db);
  const cases: Array<[unknown, string, string]> = [
    [{ maxAgeDays: 3651, reminderDays: 14 }, 'maxAgeDays', 'This value must be at most 3650'],
    [{ maxAgeDays: -1, reminderDays: 14 }, 'maxAgeDays', 'This value must be at least 0'],
    [{ maxAgeDays: 90, reminderDays: 366 }, 'reminderDays', 'This value must be at most 365'],
    [
      { maxAgeDays: 30, reminderDays: 30 },
      'reminderDays',
      'Reminder days must be less than the maximum password age',
    ],
    [{ maxAgeDays: 90 }, 'reminderDays', 'This field is required'],
    [{ maxAgeDays: 'ninety', reminderDays: 14 }, 'maxAgeDays', 'Invalid number'],
  ];
  for (const [payload, field, message] of cases) {
    const answer = await put(payload);
    t.equal(answer.statusCode, 422, JSON.stringify(payload));
    t.same(
      answer.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
      [[field, message]],
      JSON.stringify(payload),
    );
  }
  const vi = await put({ maxAgeDays: 30, reminderDays: 40 }, 'vi');
  t.not(
    vi.json().details[0].message,
    'Reminder days must be less than the maximum password age',
    'translated',
  );
  t.same(await settingsRows(db), before, 'nothing written');

  const saved = await put({ maxAgeDays: 60, reminderDays: 10 });
  t.equal(saved.statusCode, 200);
  const audit = await db
    .selectFrom('audit_events')
    .select(['before', 'after', 'actor_id'])
    .where('action', '=', 'settings.password_policy_updated')
    .executeTakeFirstOrThrow();
  t.same(audit.before, { maxAgeDays: 90, reminderDays: 14 });
  t.same(audit.after, { maxAgeDays: 60, reminderDays: 10 });
  t.equal(audit.actor_id, admin.user.id);
});

t.test('SECURITY: who expires when, filtered and paged, and the reminders', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['password-policy.manage'] });
  await age(db, admin.user.id, 1);
  const department = await db
    .insertInto('departments')
    .values({ name: 'Finance' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const expired = await createUser(db, {
    firstName: 'Expired',
    lastName: 'Tran',
    email: 'expired@example.com',
  });
  const soon = await createUser(db, {
    firstName: 'Soon',
    lastName: 'Le',
    email: 'soon@example.com',
    language: 'vi',
  });
  const fine = await createUser(db, { firstName: 'Fine', lastName: 'Pham', email: 'fine@example.com' });
  const gone = await createUser(db, { status: 'INACTIVE', email: 'gone@example.com' });
  await db.updateTable('users').set({ department_id: department.id }).where('id', '=', soon.id).execute();
  await age(db, expired.id, 100);
  await age(db, soon.id, 85);
  await age(db, fine.id, 10);
  await age(db, gone.id, 200);

  const list = await admin.inject({ method: 'GET', url: '/api/platform-settings/password-expiries' });
  t.equal(list.statusCode, 200, list.body);
  const rows = list.json().items as Array<{ email: string; status: string; department: string | null }>;
  t.same(
    rows.map((row) => [row.email, row.status]),
    [
      ['expired@example.com', 'EXPIRED'],
      ['soon@example.com', 'EXPIRING_SOON'],
      ['fine@example.com', 'OK'],
      [admin.user.email, 'OK'],
    ],
    'soonest first; the deactivated person is not listed',
  );
  t.equal(rows[1]!.department, 'Finance');
  const filtered = await admin.inject({
    method: 'GET',
    url: '/api/platform-settings/password-expiries?status=EXPIRING_SOON&search=le',
  });
  t.same(
    filtered.json().items.map((row: { email: string }) => row.email),
    ['soon@example.com'],
  );
  const paged = await admin.inject({
    method: 'GET',
    url: '/api/platform-settings/password-expiries?perPage=2&page=2',
  });
  t.match(paged.json(), { currentPage: 2, lastPage: 2, total: 4 });
  const bad = await admin.inject({
    method: 'GET',
    url: '/api/platform-settings/password-expiries?status=LATE',
  });
  t.equal(bad.statusCode, 422);

  // One person: the same mail, bell and audit as the worker's reminder.
  const one = await admin.inject({
    method: 'POST',
    url: `/api/platform-settings/password-expiries/${soon.id}/reminders`,
  });
  t.same(one.json(), { reminded: 1 });
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['template', 'subject'])
    .where('to_email', '=', 'soon@example.com')
    .executeTakeFirstOrThrow();
  t.equal(mail.template, 'password-expiring');
  t.equal(mail.subject, 'Mật khẩu Backoffice của bạn sẽ hết hạn sau 5 ngày');
  const bell = await db.selectFrom('notifications').select('type').where('user_id', '=', soon.id).execute();
  t.same(bell, [{ type: 'PASSWORD_EXPIRING' }]);
  const reminded = await db
    .selectFrom('audit_events')
    .select(['actor_id', 'subject_id'])
    .where('action', '=', 'password.expiry_reminded')
    .executeTakeFirstOrThrow();
  t.same(reminded, { actor_id: admin.user.id, subject_id: soon.id }, 'the admin reminded the person');

  const nobody = await admin.inject({
    method: 'POST',
    url: `/api/platform-settings/password-expiries/${gone.id}/reminders`,
  });
  t.equal(nobody.statusCode, 404, 'a deactivated person is not reminded');

  // Everyone expired or expiring: two people; the expired one is told it has expired.
  const all = await admin.inject({
    method: 'POST',
    url: '/api/platform-settings/password-expiries/reminders',
  });
  t.same(all.json(), { reminded: 2 });
  const expiredMail = await db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_email', '=', 'expired@example.com')
    .executeTakeFirstOrThrow();
  t.equal(expiredMail.subject, 'Your Backoffice password has expired');
  t.equal(
    (await db.selectFrom('mail_outbox').select('id').where('to_email', '=', 'fine@example.com').execute())
      .length,
    0,
    'someone fine is not reminded',
  );
  const listedAfter = await admin.inject({
    method: 'GET',
    url: '/api/platform-settings/password-expiries?status=EXPIRED',
  });
  t.ok(listedAfter.json().items[0].remindedAt, 'the list shows when a person was reminded');
});

t.test('UTILITIES: secure share limits, bounds, and the service obeys them', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ permissions: ['platform-settings.manage', 'secure-share.create'] });
  const current = await admin.inject({ method: 'GET', url: '/api/platform-settings/utilities' });
  t.same(current.json(), {
    secureShare: { maxViews: 10, defaultViews: 1, maxHours: 168, defaultHours: 24 },
    companyTimeZone: 'Asia/Ho_Chi_Minh',
  });

  const put = (payload: unknown) =>
    admin.inject({
      method: 'PUT',
      url: '/api/platform-settings/utilities/secure-share',
      payload: payload as object,
    });
  const before = await settingsRows(db);
  const cases: Array<[unknown, Array<[string, string]>]> = [
    [
      { maxViews: 5, defaultViews: 6, maxHours: 48, defaultHours: 49 },
      [
        ['defaultViews', 'This value must be at most 5'],
        ['defaultHours', 'This value must be at most 48'],
      ],
    ],
    [
      { maxViews: 101, defaultViews: 1, maxHours: 48, defaultHours: 1 },
      [['maxViews', 'This value must be at most 100']],
    ],
    [
      { maxViews: 5, defaultViews: 1, maxHours: 721, defaultHours: 1 },
      [['maxHours', 'This value must be at most 720']],
    ],
    [
      { maxViews: 0, defaultViews: 1, maxHours: 48, defaultHours: 1 },
      [['maxViews', 'This value must be at least 1']],
    ],
    [{ maxViews: 5, defaultViews: 1, maxHours: 48 }, [['defaultHours', 'This field is required']]],
  ];
  for (const [payload, expected] of cases) {
    const answer = await put(payload);
    t.equal(answer.statusCode, 422, JSON.stringify(payload));
    t.same(
      answer.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
      expected,
      JSON.stringify(payload),
    );
  }
  const vi = await admin.inject({
    method: 'PUT',
    url: '/api/platform-settings/utilities/secure-share',
    headers: { 'accept-language': 'vi' },
    payload: { maxViews: 5, defaultViews: 6, maxHours: 48, defaultHours: 1 },
  });
  t.equal(vi.statusCode, 422);
  t.not(vi.json().details[0].message, 'This value must be at most 5', 'translated');
  t.match(vi.json().details[0].message, /5/);
  t.same(await settingsRows(db), before, 'nothing written');

  const saved = await put({ maxViews: 3, defaultViews: 2, maxHours: 12, defaultHours: 6 });
  t.equal(saved.statusCode, 200, saved.body);
  t.same(saved.json().secureShare, { maxViews: 3, defaultViews: 2, maxHours: 12, defaultHours: 6 });
  const audit = await db
    .selectFrom('audit_events')
    .select(['before', 'after'])
    .where('action', '=', 'settings.secure_share_updated')
    .executeTakeFirstOrThrow();
  t.same(audit.before, { maxViews: 10, defaultViews: 1, maxHours: 168, defaultHours: 24 });

  const creator = await signIn({ permissions: ['secure-share.create'] });
  t.same((await creator.inject({ method: 'GET', url: '/api/secure-shares/limits' })).json(), {
    maxViews: 3,
    defaultViews: 2,
    maxHours: 12,
    defaultHours: 6,
  });
  const encrypted = await encryptForLink('the wifi password');
  const link = (accessLimit: number, expirationHours: number) =>
    creator.inject({
      method: 'POST',
      url: '/api/secure-shares',
      payload: {
        content: encrypted.content,
        verifierHash: encrypted.verifierHash,
        accessLimit,
        expirationHours,
      },
    });
  const tooMany = await link(4, 13);
  t.equal(tooMany.statusCode, 422);
  t.same(
    tooMany.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    [
      ['accessLimit', 'This value must be at most 3'],
      ['expirationHours', 'This value must be at most 12'],
    ],
  );
  t.equal((await db.selectFrom('secure_shares').select('id').execute()).length, 0, 'no link stored');
  t.equal((await link(3, 12)).statusCode, 201);
});
