import t from 'tap';
import { inTransaction } from '../../server/core/transaction.ts';
import { issueInvitation, resendInvitation } from '../../server/domains/accounts/invite.service.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import {
  auditActions,
  mailsTo,
  NEW_PASSWORD,
  sha256,
  systemContext,
  tokenFromMail,
  userContext,
} from './account-helpers.ts';

t.test('invitations and sign-up', async (t) => {
  const { db, config, inject } = await buildTestApp(t);
  const system = systemContext(db, config);

  async function invite(options: { language?: 'en' | 'vi' } = {}) {
    const user = await createUser(db, { status: 'PENDING', language: options.language ?? 'en' });
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    await inTransaction(system, (tx) => issueInvitation(tx, user));
    return { user, token: await tokenFromMail(db, user.email, '/invite-account') };
  }

  const userState = (id: string) =>
    db
      .selectFrom('users')
      .select(['status', 'password_hash', 'terms_accepted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  t.test('the invitation mail carries a single-use link; only its hash is stored', async (t) => {
    const { user, token } = await invite();
    const [mail] = await mailsTo(db, user.email);
    t.equal(mail!.template, 'invitation');
    t.equal(mail!.subject, 'You are invited to Backoffice');
    t.match(mail!.text_body, `${config.publicUrl}/invite-account?token=`);
    t.match(mail!.html_body, '<a href=');
    const stored = await db.selectFrom('account_tokens').selectAll().where('user_id', '=', user.id).execute();
    t.equal(stored.length, 1);
    t.equal(stored[0]!.token_hash, sha256(token), 'the hash, not the token');
    t.not(stored[0]!.token_hash, token);
    t.same(await auditActions(db, user.id), ['invitation.issued']);
  });

  t.test('the mail is in the invited person’s language', async (t) => {
    const { user } = await invite({ language: 'vi' });
    const [mail] = await mailsTo(db, user.email);
    t.equal(mail!.language, 'vi');
    t.equal(mail!.subject, 'Bạn được mời tham gia Backoffice');
    t.match(mail!.text_body, 'Xin chào');
  });

  t.test('a rolled-back creation sends nothing', async (t) => {
    const user = await createUser(db, { status: 'PENDING' });
    await t.rejects(
      inTransaction(system, async (tx) => {
        await issueInvitation(tx, user);
        throw new Error('the employee could not be saved');
      }),
    );
    t.equal((await mailsTo(db, user.email)).length, 0);
    const tokens = await db
      .selectFrom('account_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    t.equal(tokens.length, 0);
  });

  t.test('check-sign-up-token tells whom the link is for', async (t) => {
    const { user, token } = await invite();
    const response = await inject({
      method: 'POST',
      url: '/api/auth/check-sign-up-token',
      payload: { token },
    });
    t.equal(response.statusCode, 200);
    t.equal(response.json().email, user.email);
    t.equal(response.json().firstName, user.first_name);
  });

  t.test('an unknown or empty token', async (t) => {
    const unknown = await inject({
      method: 'POST',
      url: '/api/auth/check-sign-up-token',
      payload: { token: 'not-a-real-token' },
    });
    t.equal(unknown.statusCode, 410);
    t.equal(unknown.json().code, 'INVITATION_LINK_EXPIRED');
    t.equal(unknown.json().message, 'Invitation Link Expired');
    const empty = await inject({
      method: 'POST',
      url: '/api/auth/check-sign-up-token',
      payload: { token: '' },
    });
    t.equal(empty.statusCode, 422);
    t.equal(empty.json().details[0].message, 'This field is required');
  });

  t.test('an expired link answers 410, in Vietnamese too', async (t) => {
    const { user, token } = await invite();
    await db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const response = await inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'accept-language': 'vi' },
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreeToTerms: true },
    });
    t.equal(response.statusCode, 410);
    t.equal(response.json().message, 'Liên kết mời đã hết hạn');
    t.equal((await userState(user.id)).status, 'PENDING', 'nothing changed');
  });

  t.test('bad sign-up input gets its message and changes nothing', async (t) => {
    const { user, token } = await invite();
    const cases = [
      {
        name: 'a weak password',
        body: { password: 'short', confirmPassword: 'short', agreeToTerms: true },
        field: 'password',
        message:
          'Password must be 8 to 40 characters with at least one uppercase letter, one lowercase letter, one digit and one special character',
      },
      {
        name: 'a confirmation that does not match',
        body: { password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x`, agreeToTerms: true },
        field: 'confirmPassword',
        message: 'Password does not match',
      },
      {
        name: 'terms not accepted',
        body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreeToTerms: false },
        field: 'agreeToTerms',
        message: 'You must agree to the terms of service and privacy policy',
      },
      {
        name: 'terms missing',
        body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        field: 'agreeToTerms',
        message: 'This field is required',
      },
      {
        name: 'a password over 40 characters',
        body: {
          password: `${'Aa1!'.repeat(11)}`,
          confirmPassword: `${'Aa1!'.repeat(11)}`,
          agreeToTerms: true,
        },
        field: 'password',
        message:
          'Password must be 8 to 40 characters with at least one uppercase letter, one lowercase letter, one digit and one special character',
      },
    ];
    for (const c of cases) {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { token, ...c.body },
      });
      t.equal(response.statusCode, 422, c.name);
      const detail = response.json().details.find((d: { field: string }) => d.field === c.field);
      t.equal(detail?.message, c.message, c.name);
    }
    const state = await userState(user.id);
    t.equal(state.status, 'PENDING');
    t.equal(state.password_hash, null);
    const check = await inject({ method: 'POST', url: '/api/auth/check-sign-up-token', payload: { token } });
    t.equal(check.statusCode, 200, 'the link still works');
  });

  t.test('sign-up activates the account; the link is then used up', async (t) => {
    const { user, token } = await invite();
    const response = await inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreeToTerms: true },
    });
    t.equal(response.statusCode, 200, response.body);
    t.equal(response.json().email, user.email);
    const state = await userState(user.id);
    t.equal(state.status, 'ACTIVE');
    t.ok(state.terms_accepted_at);
    const signIn = await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: NEW_PASSWORD },
    });
    t.equal(signIn.statusCode, 200);
    const again = await inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, agreeToTerms: true },
    });
    t.equal(again.statusCode, 410);
    t.equal(again.json().message, 'Invitation Link Expired');
    t.ok((await auditActions(db, user.id)).includes('user.signed_up'));
    const signedUp = await db
      .selectFrom('audit_events')
      .select(['actor_id', 'actor_label', 'subject_id', 'subject_label'])
      .where('action', '=', 'user.signed_up')
      .where('entity_id', '=', user.id)
      .executeTakeFirstOrThrow();
    t.same(
      signedUp,
      { actor_id: null, actor_label: 'anonymous', subject_id: user.id, subject_label: user.email },
      'the link holder is anonymous; the invited person is the subject',
    );
  });

  t.test('resending invalidates the earlier link', async (t) => {
    const { user, token: first } = await invite();
    const hr = await createUser(db, { permissions: ['employees.manage'] });
    await resendInvitation(await userContext(db, config, hr), user.id);
    const second = await tokenFromMail(db, user.email, '/invite-account');
    t.not(second, first);
    const old = await inject({
      method: 'POST',
      url: '/api/auth/check-sign-up-token',
      payload: { token: first },
    });
    t.equal(old.statusCode, 410);
    const fresh = await inject({
      method: 'POST',
      url: '/api/auth/check-sign-up-token',
      payload: { token: second },
    });
    t.equal(fresh.statusCode, 200);
    t.equal((await mailsTo(db, user.email)).length, 2);
    t.ok((await auditActions(db, user.id)).includes('invitation.resent'));
  });

  t.test('resending is refused without permission, for an unknown or an active person', async (t) => {
    const { user } = await invite();
    const nobody = await createUser(db, { permissions: ['employees.view'] });
    await t.rejects(resendInvitation(await userContext(db, config, nobody), user.id), { code: 'FORBIDDEN' });
    await t.rejects(resendInvitation(system, '00000000-0000-4000-8000-000000000000'), { code: 'NOT_FOUND' });
    const active = await createUser(db);
    await t.rejects(resendInvitation(system, active.id), {
      code: 'VALIDATION_FAILED',
      details: [{ field: 'status', code: 'invitationNotPending' }],
    });
    t.equal((await mailsTo(db, user.email)).length, 1, 'no extra mail');
    t.equal((await mailsTo(db, active.email)).length, 0);
  });

  t.test('a deactivated person cannot use their invitation', async (t) => {
    const { user, token } = await invite();
    await db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', user.id).execute();
    const response = await inject({
      method: 'POST',
      url: '/api/auth/check-sign-up-token',
      payload: { token },
    });
    t.equal(response.statusCode, 410);
  });
});
