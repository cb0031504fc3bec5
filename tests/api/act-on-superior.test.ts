import t from 'tap';
import { PERMISSION_KEYS } from '../../shared/permissions.ts';
import type { Db } from '../../server/db/connect.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { mailsTo, tokenFromMail } from './account-helpers.ts';

// Spawns the real CLI a few times (seconds each on a busy machine).
t.setTimeout(300_000);

/** Everything an account takeover would touch, for one person. */
async function accountState(db: Db, userId: string) {
  const user = await db
    .selectFrom('users')
    .select(['email', 'status', 'deleted_at', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const liveSessions = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  const twoFactor = await db
    .selectFrom('user_two_factor')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const tokens = await db.selectFrom('account_tokens').select('id').where('user_id', '=', userId).execute();
  return { user, liveSessions: liveSessions.length, twoFactor: twoFactor ?? null, tokens: tokens.length };
}

async function outboxSize(db: Db) {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Issue 7, item 2: HR (the built-in role, employees.manage) walks every path that acts on a
 * person against an administrator, through the API and the CLI, and is refused each time; the
 * administrator's account is exactly as it was. HR still acts on people within its reach.
 */
t.test('HR cannot act on an administrator', async (t) => {
  const { db, database, sessionFor } = await buildTestApp(t);
  const hr = await sessionFor({ builtInRoles: ['hr'] });
  const admin = await sessionFor({ builtInRoles: ['admin'] });
  // A second administrator: the refusals below are about rank, not about the last administrator.
  await createUser(db, { builtInRoles: ['admin'] });
  const invitedAdmin = await createUser(db, { builtInRoles: ['admin'], status: 'PENDING' });
  await db
    .insertInto('user_two_factor')
    .values({ user_id: admin.user.id, secret: 'JBSWY3DPEHPK3PXP', enabled_at: new Date() })
    .execute();

  const adminBefore = await accountState(db, admin.user.id);
  const invitedBefore = await accountState(db, invitedAdmin.id);
  const mailsBefore = await outboxSize(db);

  const seen = await hr.inject({ method: 'GET', url: `/api/users/${admin.user.id}` });
  t.match(
    seen.json().abilities,
    { edit: true, changeStatus: false, delete: false, resendInvitation: false, changeEmail: false },
    'the UI offers HR nothing it would be refused (the email field is locked, with the reason)',
  );

  const attempts: Array<{ name: string; method: 'PUT' | 'DELETE' | 'POST'; url: string; payload?: object }> =
    [
      {
        name: 'change the sign-in email',
        method: 'PUT',
        url: `/api/users/${admin.user.id}`,
        payload: { email: 'hr-owned@example.com' },
      },
      {
        name: 'deactivate',
        method: 'PUT',
        url: `/api/users/${admin.user.id}/status`,
        payload: { status: 'INACTIVE' },
      },
      { name: 'delete', method: 'DELETE', url: `/api/users/${admin.user.id}` },
      {
        name: 'reset the two-factor authentication',
        method: 'DELETE',
        url: `/api/users/${admin.user.id}/two-factor`,
      },
      {
        name: 'resend the invitation',
        method: 'POST',
        url: `/api/users/${invitedAdmin.id}/resend-invitation`,
      },
    ];
  for (const attempt of attempts) {
    const response = await hr.inject(attempt);
    t.equal(response.statusCode, 403, `refused: ${attempt.name} (${response.body})`);
    t.equal(response.json().code, 'FORBIDDEN');
  }

  const deactivate = await runCli(database.url, [
    '--json',
    '--as',
    hr.user.email,
    'users',
    'deactivate',
    admin.user.email,
  ]);
  t.equal(deactivate.code, 1, 'the CLI refuses to deactivate an administrator for HR');
  t.equal(jsonError(deactivate).code, 'FORBIDDEN');
  const invite = await runCli(database.url, [
    '--json',
    '--as',
    hr.user.email,
    'users',
    'invite',
    invitedAdmin.email,
  ]);
  t.equal(invite.code, 1, 'the CLI refuses to re-invite an administrator for HR');
  t.equal(jsonError(invite).code, 'FORBIDDEN');

  t.same(await accountState(db, admin.user.id), adminBefore, 'the administrator’s account is untouched');
  t.same(await accountState(db, invitedAdmin.id), invitedBefore, 'no new invitation link');
  t.equal(await outboxSize(db), mailsBefore, 'no mail was queued');
  t.equal((await admin.inject({ method: 'GET', url: '/api/auth/me' })).statusCode, 200, 'still signed in');
  const written = await db
    .selectFrom('audit_events')
    .select('action')
    .where('actor_id', '=', hr.user.id)
    .execute();
  t.same(written, [], 'nothing was written in HR’s name');

  // Other fields stay HR's to keep up to date.
  const phone = await hr.inject({
    method: 'PUT',
    url: `/api/users/${admin.user.id}`,
    payload: { phoneNumber: '+84 912 000 111' },
  });
  t.equal(phone.statusCode, 200, phone.body);
});

t.test('a change of sign-in email is mailed to the old address and signs the person out', async (t) => {
  const { db, sessionFor } = await buildTestApp(t);
  const hr = await sessionFor({ builtInRoles: ['hr'] });
  const person = await sessionFor({ email: 'lan.old@example.com', language: 'vi', firstName: 'Lan' });
  const other = await sessionFor({ email: 'minh.old@example.com' });

  const changed = await hr.inject({
    method: 'PUT',
    url: `/api/users/${person.user.id}`,
    payload: { email: 'lan.new@example.com' },
  });
  t.equal(changed.statusCode, 200, changed.body);
  t.equal(changed.json().email, 'lan.new@example.com');
  t.equal((await person.inject({ method: 'GET', url: '/api/auth/me' })).statusCode, 401, 'signed out');

  const [mail] = await mailsTo(db, 'lan.old@example.com');
  t.equal(mail?.template, 'sign-in-email-changed');
  t.equal(mail?.language, 'vi');
  t.match(mail?.subject, 'Email đăng nhập');
  t.match(mail?.text_body, 'lan.new@example.com');
  t.same(await mailsTo(db, 'lan.new@example.com'), [], 'the new address gets nothing it could act on');
  const event = await db
    .selectFrom('audit_events')
    .select(['before', 'after', 'actor_id'])
    .where('entity_id', '=', person.user.id)
    .where('action', '=', 'user.sign_in_email_changed')
    .executeTakeFirstOrThrow();
  t.equal(event.actor_id, hr.user.id);
  t.match(event.before, { email: 'lan.old@example.com' });
  t.match(event.after, { email: 'lan.new@example.com', revokedSessions: 1 });

  // In English for an English speaker; a change of case only is no change of address.
  const english = await hr.inject({
    method: 'PUT',
    url: `/api/users/${other.user.id}`,
    payload: { email: 'minh.new@example.com' },
  });
  t.equal(english.statusCode, 200);
  const [englishMail] = await mailsTo(db, 'minh.old@example.com');
  t.equal(englishMail?.subject, 'The sign-in email of your Backoffice account was changed');
  const sameAddress = await hr.inject({
    method: 'PUT',
    url: `/api/users/${other.user.id}`,
    payload: { email: 'Minh.New@example.com' },
  });
  t.equal(sameAddress.statusCode, 200);
  t.equal((await mailsTo(db, 'minh.new@example.com')).length, 0);
  t.equal((await mailsTo(db, 'minh.old@example.com')).length, 1, 'one mail per real change');
});

t.test(
  'a pending person’s email fixed before sign-up: the old link dies, the new address is invited',
  async (t) => {
    const { db, inject, sessionFor } = await buildTestApp(t);
    const hr = await sessionFor({ builtInRoles: ['hr'] });
    const created = await hr.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'Hoa', lastName: 'Đỗ', email: 'hoa.typo@exmaple.com' },
    });
    t.equal(created.statusCode, 201, created.body);
    const person = created.json();
    const oldToken = await tokenFromMail(db, 'hoa.typo@exmaple.com', '/invite-account');

    const fixed = await hr.inject({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      payload: { email: 'hoa.do@example.com' },
    });
    t.equal(fixed.statusCode, 200, fixed.body);
    t.equal(fixed.json().abilities.changeEmail, true, 'HR may change the email of a person within reach');

    const check = (token: string) =>
      inject({ method: 'POST', url: '/api/auth/check-sign-up-token', payload: { token } });
    t.equal(
      (await check(oldToken)).statusCode,
      410,
      'the link mailed to the mistyped address no longer works',
    );
    const newToken = await tokenFromMail(db, 'hoa.do@example.com', '/invite-account');
    t.equal((await check(newToken)).statusCode, 200, 'the new address got a working invitation');
    t.same(
      (await mailsTo(db, 'hoa.typo@exmaple.com')).map((mail) => mail.template),
      ['invitation'],
      'the mistyped address is not told about an account it never had',
    );
    const event = await db
      .selectFrom('audit_events')
      .select('after')
      .where('entity_id', '=', person.id)
      .where('action', '=', 'user.sign_in_email_changed')
      .executeTakeFirstOrThrow();
    t.match(event.after, { email: 'hoa.do@example.com', reinvited: true, oldAddressTold: false });
  },
);

t.test('the last active administrator is never deactivated or deleted', async (t) => {
  const { db, database, sessionFor } = await buildTestApp(t);
  const admin = await sessionFor({ builtInRoles: ['admin'] });
  // Someone who holds every permission through another role: above everyone, not an administrator.
  const boss = await sessionFor({ permissions: PERMISSION_KEYS });
  const before = await accountState(db, admin.user.id);

  const deactivate = await boss.inject({
    method: 'PUT',
    url: `/api/users/${admin.user.id}/status`,
    payload: { status: 'INACTIVE' },
  });
  t.equal(deactivate.statusCode, 422);
  t.equal(deactivate.json().code, 'LAST_ADMINISTRATOR');
  t.equal(
    deactivate.json().message,
    'The last active administrator cannot be removed, deactivated or deleted. Make someone else an administrator first.',
  );
  const remove = await boss.inject({
    method: 'DELETE',
    url: `/api/users/${admin.user.id}`,
    headers: { 'accept-language': 'vi' },
  });
  t.equal(remove.statusCode, 422);
  t.equal(remove.json().code, 'LAST_ADMINISTRATOR');
  t.match(remove.json().message, 'Không thể gỡ, vô hiệu hóa hoặc xóa quản trị viên đang hoạt động cuối cùng');

  // The system (the CLI without --as) is held to it too.
  const cli = await runCli(database.url, ['--json', 'users', 'deactivate', admin.user.email]);
  t.equal(cli.code, 1);
  t.equal(jsonError(cli).code, 'LAST_ADMINISTRATOR');
  t.same(await accountState(db, admin.user.id), before, 'the administrator is as they were');

  // An inactive administrator does not count; an active second one does.
  const dormant = await createUser(db, { builtInRoles: ['admin'], status: 'INACTIVE' });
  const stillLast = await boss.inject({ method: 'DELETE', url: `/api/users/${admin.user.id}` });
  t.equal(stillLast.json().code, 'LAST_ADMINISTRATOR');
  const reactivated = await boss.inject({
    method: 'PUT',
    url: `/api/users/${dormant.id}/status`,
    payload: { status: 'ACTIVE' },
  });
  t.equal(reactivated.statusCode, 200, reactivated.body);
  const nowAllowed = await boss.inject({
    method: 'PUT',
    url: `/api/users/${admin.user.id}/status`,
    payload: { status: 'INACTIVE' },
  });
  t.equal(nowAllowed.statusCode, 200, nowAllowed.body);
  const lastOne = await boss.inject({ method: 'DELETE', url: `/api/users/${dormant.id}` });
  t.equal(lastOne.json().code, 'LAST_ADMINISTRATOR', 'and now the other one is the last');
});
