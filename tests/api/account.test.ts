import t from 'tap';
import { sendPasswordExpiryReminders } from '../../server/domains/accounts/password-reminders.service.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { auditActions, mailsTo, NEW_PASSWORD, systemContext, tokenFromMail } from './account-helpers.ts';

const DAY = 86_400_000;
// forgot-password allows 5 calls a minute per address: each call here comes from its own.
const anyAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const POLICY_MESSAGE =
  'Password must be 8 to 40 characters with at least one uppercase letter, one lowercase letter, one digit and one special character';

t.test('forgot and reset password', async (t) => {
  const { db, inject } = await buildTestApp(t);

  const passwordHashOf = async (id: string) =>
    (await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;

  t.test('the answer is the same whether or not the account exists', async (t) => {
    const user = await createUser(db, { language: 'vi' });
    const known = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: anyAddress(),
      payload: { email: user.email },
    });
    const unknown = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: anyAddress(),
      payload: { email: 'nobody-here@example.com' },
    });
    const pending = await createUser(db, { status: 'PENDING' });
    const notActive = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: anyAddress(),
      payload: { email: pending.email },
    });
    t.equal(known.statusCode, 202);
    t.same(known.json(), unknown.json());
    t.same(known.json(), notActive.json());
    const [mail] = await mailsTo(db, user.email);
    t.equal(mail!.template, 'password-reset');
    t.equal(mail!.subject, 'Đặt lại mật khẩu Backoffice', 'in the person’s language');
    t.equal((await mailsTo(db, 'nobody-here@example.com')).length, 0);
    t.equal((await mailsTo(db, pending.email)).length, 0);
  });

  t.test('a bad email is refused with its message', async (t) => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: anyAddress(),
      payload: { email: 'nope' },
    });
    t.equal(response.statusCode, 422);
    t.equal(response.json().details[0].message, 'Invalid email format');
    const missing = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: anyAddress(),
      payload: {},
    });
    t.equal(missing.json().details[0].message, 'This field is required');
  });

  t.test(
    'reset: check the link, bad input changes nothing, then a new password signs everyone out',
    async (t) => {
      const person = await createUser(db);
      const other = await inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: person.email, password: DEFAULT_PASSWORD },
      });
      const otherToken = other.json().accessToken;
      await inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: anyAddress(),
        payload: { email: person.email },
      });
      const token = await tokenFromMail(db, person.email, '/reset-password');

      const check = await inject({
        method: 'POST',
        url: '/api/auth/check-reset-password-token',
        payload: { token },
      });
      t.equal(check.statusCode, 200);
      t.equal(check.json().email, person.email);

      const before = await passwordHashOf(person.id);
      const weak = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'weakpass', confirmPassword: 'weakpass' },
      });
      t.equal(weak.statusCode, 422);
      t.equal(weak.json().details[0].message, POLICY_MESSAGE);
      const mismatch = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: NEW_PASSWORD, confirmPassword: 'Other-Passw0rd!' },
      });
      t.equal(mismatch.json().details[0].message, 'Password does not match');
      t.equal(await passwordHashOf(person.id), before, 'nothing changed');

      const reset = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      t.equal(reset.statusCode, 200, reset.body);
      t.not(await passwordHashOf(person.id), before);
      const stale = await inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${otherToken}` },
      });
      t.equal(stale.statusCode, 401, 'every session was signed out');
      const signIn = await inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: person.email, password: NEW_PASSWORD },
      });
      t.equal(signIn.statusCode, 200);
      t.ok((await mailsTo(db, person.email)).some((m) => m.template === 'password-changed'));
      t.ok((await auditActions(db, person.id)).includes('password.reset'));
      const resetEvent = await db
        .selectFrom('audit_events')
        .select(['actor_id', 'actor_label', 'subject_id', 'subject_label'])
        .where('action', '=', 'password.reset')
        .where('entity_id', '=', person.id)
        .executeTakeFirstOrThrow();
      t.same(
        resetEvent,
        { actor_id: null, actor_label: 'anonymous', subject_id: person.id, subject_label: person.email },
        'the link holder acted anonymously; the person is the subject',
      );

      const reused = await inject({
        method: 'POST',
        url: '/api/auth/check-reset-password-token',
        payload: { token },
      });
      t.equal(reused.statusCode, 410);
      t.equal(reused.json().message, 'Password Reset Link Expired');
    },
  );

  t.test('an expired or replaced reset link answers 410 and changes nothing', async (t) => {
    const person = await createUser(db);
    await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: anyAddress(),
      payload: { email: person.email },
    });
    const first = await tokenFromMail(db, person.email, '/reset-password');
    await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: anyAddress(),
      payload: { email: person.email },
    });
    const second = await tokenFromMail(db, person.email, '/reset-password');
    const replaced = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: first, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    t.equal(replaced.statusCode, 410);
    t.equal(replaced.json().code, 'PASSWORD_RESET_LINK_EXPIRED');
    await db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', person.id)
      .execute();
    const before = await passwordHashOf(person.id);
    const expired = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'accept-language': 'vi' },
      payload: { token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    t.equal(expired.statusCode, 410);
    t.equal(expired.json().message, 'Liên kết đặt lại mật khẩu đã hết hạn');
    t.equal(await passwordHashOf(person.id), before);
  });
});

t.test('change password', async (t) => {
  const { db, inject, signIn } = await buildTestApp(t);
  const body = { currentPassword: DEFAULT_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

  t.test('anonymous callers are refused', async (t) => {
    for (const [method, url] of [
      ['POST', '/api/change-password/validations'],
      ['PUT', '/api/change-password'],
      ['PUT', '/api/change-password/expiry-notified'],
      ['POST', '/api/update-password/validations'],
      ['PUT', '/api/update-password'],
      ['GET', '/api/password-expiry'],
    ] as const) {
      const response = await inject({ method, url, ...(method !== 'GET' && { payload: body }) });
      t.equal(response.statusCode, 401, `${method} ${url}`);
    }
  });

  t.test('the validations call reports every problem and changes nothing', async (t) => {
    const person = await signIn();
    const wrong = await person.inject({
      method: 'POST',
      url: '/api/change-password/validations',
      payload: { currentPassword: 'Wrong-passw0rd!', password: 'weak', confirmPassword: 'other' },
    });
    t.equal(wrong.statusCode, 422);
    const messages = Object.fromEntries(
      wrong.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    t.same(messages, {
      currentPassword: 'Your current password is incorrect',
      password: POLICY_MESSAGE,
      confirmPassword: 'Password does not match',
    });
    const same = await person.inject({
      method: 'POST',
      url: '/api/change-password/validations',
      payload: {
        currentPassword: DEFAULT_PASSWORD,
        password: DEFAULT_PASSWORD,
        confirmPassword: DEFAULT_PASSWORD,
      },
    });
    t.equal(same.json().details[0].message, 'The new password must be different from the current one');
    const vi = await person.inject({
      method: 'POST',
      url: '/api/change-password/validations',
      headers: { 'accept-language': 'vi' },
      payload: { ...body, currentPassword: 'Wrong-passw0rd!' },
    });
    t.equal(vi.json().details[0].message, 'Mật khẩu hiện tại của bạn không đúng');
    const ok = await person.inject({
      method: 'POST',
      url: '/api/change-password/validations',
      payload: body,
    });
    t.equal(ok.statusCode, 200);
    t.same(ok.json(), { valid: true });
    const me = await person.inject({ method: 'GET', url: '/api/auth/me' });
    t.equal(me.statusCode, 200, 'the password was not changed by validating');
    const unchanged = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    t.equal(unchanged.password_hash, person.user.password_hash);
  });

  t.test('a wrong current password is refused and changes nothing', async (t) => {
    const person = await signIn();
    const response = await person.inject({
      method: 'PUT',
      url: '/api/change-password',
      payload: { ...body, currentPassword: 'Wrong-passw0rd!' },
    });
    t.equal(response.statusCode, 422);
    t.equal(response.json().details[0].message, 'Your current password is incorrect');
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    t.equal(row.password_hash, person.user.password_hash);
    t.notOk((await auditActions(db, person.user.id)).includes('password.changed'));
  });

  t.test('a change keeps this session and signs the others out', async (t) => {
    const person = await signIn();
    const second = await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: person.user.email, password: DEFAULT_PASSWORD },
    });
    const response = await person.inject({ method: 'PUT', url: '/api/change-password', payload: body });
    t.equal(response.statusCode, 200, response.body);
    t.equal(response.json().expiry.state, 'OK');
    t.equal(
      (await person.inject({ method: 'GET', url: '/api/auth/me' })).statusCode,
      200,
      'this session stays',
    );
    const other = await inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${second.json().accessToken}` },
    });
    t.equal(other.statusCode, 401, 'the other one is signed out');
    t.ok((await auditActions(db, person.user.id)).includes('password.changed'));
    t.ok((await mailsTo(db, person.user.email)).some((m) => m.template === 'password-changed'));
  });
});

t.test('password expiry', async (t) => {
  const { db, config, signIn } = await buildTestApp(t);
  const age = (id: string, days: number) =>
    db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - days * DAY) })
      .where('id', '=', id)
      .execute();
  /** Back to the default policy (90 days, reminded 14 ahead): no subtest relies on another's leftovers. */
  const defaultPolicy = () =>
    db
      .deleteFrom('app_settings')
      .where('key', 'in', ['password.max_age_days', 'password.reminder_days'])
      .execute();

  t.test('an expired password answers 498 except on the calls that replace it', async (t) => {
    const person = await signIn({ builtInRoles: ['user'] });
    await age(person.user.id, 91);
    const blocked = await person.inject({ method: 'GET', url: '/api/user-roles/me' });
    t.equal(blocked.statusCode, 498);
    t.equal(blocked.json().code, 'PASSWORD_EXPIRED');
    t.equal(blocked.json().message, 'Your password has expired. Please change it to continue.');
    t.equal((await person.inject({ method: 'GET', url: '/api/two-factor' })).statusCode, 498);
    t.equal((await person.inject({ method: 'GET', url: '/api/auth/me' })).statusCode, 200);
    const expiry = await person.inject({ method: 'GET', url: '/api/password-expiry' });
    t.equal(expiry.statusCode, 200);
    t.equal(expiry.json().state, 'EXPIRED');

    const check = await person.inject({
      method: 'POST',
      url: '/api/update-password/validations',
      payload: { currentPassword: DEFAULT_PASSWORD, password: NEW_PASSWORD, confirmPassword: 'nope' },
    });
    t.equal(check.statusCode, 422);
    t.equal(check.json().details[0].message, 'Password does not match');
    const update = await person.inject({
      method: 'PUT',
      url: '/api/update-password',
      payload: { currentPassword: DEFAULT_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    t.equal(update.statusCode, 200, update.body);
    t.equal((await person.inject({ method: 'GET', url: '/api/user-roles/me' })).statusCode, 200, 'unblocked');
    t.ok((await auditActions(db, person.user.id)).includes('password.updated'));
  });

  t.test('sign-out still works with an expired password', async (t) => {
    const person = await signIn();
    await age(person.user.id, 200);
    t.equal((await person.inject({ method: 'DELETE', url: '/api/auth/sign-out' })).statusCode, 204);
  });

  t.test('expiring soon, and the notice closed once per password', async (t) => {
    const person = await signIn();
    await age(person.user.id, 80);
    const soon = await person.inject({ method: 'GET', url: '/api/password-expiry' });
    t.equal(soon.json().state, 'EXPIRING_SOON');
    t.equal(soon.json().daysLeft, 10);
    t.equal(soon.json().notified, false);
    const notified = await person.inject({ method: 'PUT', url: '/api/change-password/expiry-notified' });
    t.equal(notified.statusCode, 204);
    t.equal((await person.inject({ method: 'GET', url: '/api/password-expiry' })).json().notified, true);
    t.equal(
      (await person.inject({ method: 'GET', url: '/api/user-roles/me' })).statusCode,
      200,
      'not blocked yet',
    );
  });

  t.test('the policy is a setting: maximum age 0 turns expiry off', async (t) => {
    // Restored even when an assertion below fails, so the later subtests see the default policy.
    t.teardown(defaultPolicy);
    const admin = await signIn({ permissions: ['password-policy.manage'] });
    const nobody = await signIn({ permissions: [] });
    t.equal((await nobody.inject({ method: 'GET', url: '/api/settings/password-policy' })).statusCode, 403);
    const current = await admin.inject({ method: 'GET', url: '/api/settings/password-policy' });
    t.same(current.json(), { maxAgeDays: 90, reminderDays: 14 });

    const bad = await admin.inject({
      method: 'PUT',
      url: '/api/settings/password-policy',
      payload: { maxAgeDays: 10, reminderDays: 10 },
    });
    t.equal(bad.statusCode, 422);
    t.equal(bad.json().details[0].message, 'Reminder days must be less than the maximum password age');
    const negative = await admin.inject({
      method: 'PUT',
      url: '/api/settings/password-policy',
      payload: { maxAgeDays: -1, reminderDays: 1 },
    });
    t.equal(negative.statusCode, 422);
    t.equal(negative.json().details[0].message, 'This value must be at least 0');
    t.same((await admin.inject({ method: 'GET', url: '/api/settings/password-policy' })).json(), {
      maxAgeDays: 90,
      reminderDays: 14,
    });

    const person = await signIn();
    await age(person.user.id, 400);
    t.equal((await person.inject({ method: 'GET', url: '/api/two-factor' })).statusCode, 498);
    const off = await admin.inject({
      method: 'PUT',
      url: '/api/settings/password-policy',
      payload: { maxAgeDays: 0, reminderDays: 0 },
    });
    t.equal(off.statusCode, 200);
    t.equal((await person.inject({ method: 'GET', url: '/api/two-factor' })).statusCode, 200);
    t.equal((await person.inject({ method: 'GET', url: '/api/password-expiry' })).json().state, 'NEVER');
  });

  t.test('the reminder job writes once per password, in the person’s language', async (t) => {
    await defaultPolicy();
    const soon = await createUser(db, { language: 'vi' });
    const fresh = await createUser(db);
    const expired = await createUser(db);
    await age(soon.id, 85);
    await age(expired.id, 120);
    const first = await sendPasswordExpiryReminders(systemContext(db, config));
    t.ok(first.reminded >= 1);
    const [mail] = await mailsTo(db, soon.email);
    t.equal(mail!.template, 'password-expiring');
    t.equal(mail!.subject, 'Mật khẩu Backoffice của bạn sẽ hết hạn sau 5 ngày');
    const bell = await db.selectFrom('notifications').selectAll().where('user_id', '=', soon.id).execute();
    t.equal(bell.length, 1, 'the reminder is in the bell too');
    t.equal(bell[0]!.type, 'PASSWORD_EXPIRING');
    t.match(bell[0]!.data, { daysLeft: 5 });
    t.equal((await mailsTo(db, fresh.email)).length, 0);
    t.equal((await mailsTo(db, expired.email)).length, 0, 'an expired password is forced at sign-in instead');
    await sendPasswordExpiryReminders(systemContext(db, config));
    t.equal((await mailsTo(db, soon.email)).length, 1, 'not twice for the same password');
  });
});
