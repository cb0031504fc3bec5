import t from 'tap';
import { buildTestApp, type SignedInUser } from '../helpers/build-app.ts';
import { DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { auditActions, mailsTo, sha256, totpCode } from './account-helpers.ts';

t.test('two-factor authentication', async (t) => {
  const { db, inject, signIn } = await buildTestApp(t);

  /** Sets up and confirms two-factor authentication; answers the secret and the recovery codes. */
  async function enable(person: SignedInUser) {
    const setup = await person.inject({ method: 'POST', url: '/api/two-factor/setup' });
    const { secret } = setup.json();
    const enabled = await person.inject({
      method: 'POST',
      url: '/api/two-factor/enable',
      payload: { code: totpCode(secret) },
    });
    if (enabled.statusCode !== 200) throw new Error(enabled.body);
    return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
  }

  const passwordStep = (email: string) =>
    inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: DEFAULT_PASSWORD } });

  t.test('anonymous callers are refused', async (t) => {
    for (const [method, url] of [
      ['GET', '/api/two-factor'],
      ['POST', '/api/two-factor/setup'],
      ['POST', '/api/two-factor/enable'],
      ['POST', '/api/two-factor/disable'],
      ['POST', '/api/two-factor/recovery-codes'],
    ] as const) {
      t.equal((await inject({ method, url, payload: {} })).statusCode, 401, `${method} ${url}`);
    }
  });

  t.test('setup shows a QR code and the secret; nothing is on until a code confirms it', async (t) => {
    const person = await signIn();
    const setup = await person.inject({ method: 'POST', url: '/api/two-factor/setup' });
    t.equal(setup.statusCode, 200);
    const body = setup.json();
    t.match(body.qrCode, /^data:image\/png;base64,/);
    t.match(body.secret, /^[A-Z2-7]{32}$/);
    t.match(body.otpauthUrl, /^otpauth:\/\/totp\/Backoffice:/);
    t.same((await person.inject({ method: 'GET', url: '/api/two-factor' })).json(), {
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    t.equal((await passwordStep(person.user.email)).statusCode, 200, 'sign-in still needs no code');

    for (const [code, message] of [
      ['000000', 'The code is incorrect or has already been used. Please try again'],
      ['12ab56', 'Code is not valid'],
      ['', 'This field must be at least 6 characters long'],
    ] as const) {
      const wrong = await person.inject({ method: 'POST', url: '/api/two-factor/enable', payload: { code } });
      t.equal(wrong.statusCode, 422, code);
      t.equal(wrong.json().details[0].message, message, code);
    }
    t.equal((await person.inject({ method: 'GET', url: '/api/two-factor' })).json().enabled, false);
  });

  t.test('confirming without a setup is refused', async (t) => {
    const person = await signIn();
    const response = await person.inject({
      method: 'POST',
      url: '/api/two-factor/enable',
      payload: { code: '123456' },
    });
    t.equal(response.statusCode, 422);
    t.equal(response.json().details[0].message, 'Start the two-factor setup first');
  });

  t.test('once on, every sign-in asks for a code; a code works once', async (t) => {
    const person = await signIn();
    const { secret, recoveryCodes } = await enable(person);
    t.equal(recoveryCodes.length, 10);
    t.equal(new Set(recoveryCodes).size, 10);
    const stored = await db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', person.user.id)
      .execute();
    t.equal(stored.length, 10);
    t.notOk(
      stored.some((row) => recoveryCodes.includes(row.code_hash)),
      'only hashes are stored',
    );
    const status = (await person.inject({ method: 'GET', url: '/api/two-factor' })).json();
    t.equal(status.enabled, true);
    t.equal(status.recoveryCodesLeft, 10);

    const first = await passwordStep(person.user.email);
    t.equal(first.statusCode, 401);
    t.equal(first.json().code, 'TWO_FACTOR_REQUIRED');
    t.notOk(
      first.cookies.some((c) => c.name === 'bo_refresh'),
      'no session yet',
    );
    const { challenge } = first.json().details;
    const stored2 = await db
      .selectFrom('two_factor_challenges')
      .select('token_hash')
      .where('user_id', '=', person.user.id)
      .execute();
    t.ok(stored2.some((row) => row.token_hash === sha256(challenge)));

    // The setup used the current step; the next step's code is the next valid one.
    const code = totpCode(secret, 1);
    const second = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/two-factor',
      payload: { challenge, code },
    });
    t.equal(second.statusCode, 200, second.body);
    t.ok(second.json().accessToken);
    t.ok(second.cookies.some((c) => c.name === 'bo_refresh'));

    const again = await passwordStep(person.user.email);
    const replay = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/two-factor',
      payload: { challenge: again.json().details.challenge, code },
    });
    t.equal(replay.statusCode, 422, 'the same code is not accepted twice');
    t.equal(
      replay.json().details[0].message,
      'The code is incorrect or has already been used. Please try again',
    );

    const spent = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/two-factor',
      payload: { challenge, code: totpCode(secret, 1) },
    });
    t.equal(spent.statusCode, 401, 'a used challenge');
    t.equal(spent.json().code, 'SESSION_EXPIRED');
    t.ok((await auditActions(db, person.user.id)).includes('two-factor.enabled'));
  });

  t.test('a recovery code works once', async (t) => {
    const person = await signIn();
    const { recoveryCodes } = await enable(person);
    const challenge = (await passwordStep(person.user.email)).json().details.challenge;
    const ok = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/two-factor',
      payload: { challenge, recoveryCode: recoveryCodes[0]!.toUpperCase() },
    });
    t.equal(ok.statusCode, 200, 'case and dashes do not matter');
    const next = (await passwordStep(person.user.email)).json().details.challenge;
    const reused = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/two-factor',
      payload: { challenge: next, recoveryCode: recoveryCodes[0] },
    });
    t.equal(reused.statusCode, 422);
    t.equal(reused.json().details[0].field, 'recoveryCode');
    const status = (await person.inject({ method: 'GET', url: '/api/two-factor' })).json();
    t.equal(status.recoveryCodesLeft, 9);
  });

  t.test('five wrong codes spend the challenge; an expired one is refused', async (t) => {
    const person = await signIn();
    const { secret } = await enable(person);
    const challenge = (await passwordStep(person.user.email)).json().details.challenge;
    for (let i = 0; i < 5; i++) {
      const wrong = await inject({
        method: 'POST',
        url: '/api/auth/sign-in/two-factor',
        payload: { challenge, code: '000000' },
      });
      t.equal(wrong.statusCode, 422);
    }
    const spent = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/two-factor',
      payload: { challenge, code: totpCode(secret, 1) },
    });
    t.equal(spent.statusCode, 401);

    const late = (await passwordStep(person.user.email)).json().details.challenge;
    await db
      .updateTable('two_factor_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256(late))
      .execute();
    const expired = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/two-factor',
      payload: { challenge: late, code: totpCode(secret, 1) },
    });
    t.equal(expired.statusCode, 401);
    t.equal(expired.json().message, 'Your session has ended. Please sign in again.');
    const missing = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/two-factor',
      payload: { challenge: 'x' },
    });
    t.equal(missing.statusCode, 422);
    t.equal(missing.json().details[0].message, 'This field is required');
  });

  t.test('disable and new recovery codes need the password', async (t) => {
    const person = await signIn();
    const { recoveryCodes } = await enable(person);
    const wrong = await person.inject({
      method: 'POST',
      url: '/api/two-factor/disable',
      payload: { password: 'Wrong-passw0rd!' },
    });
    t.equal(wrong.statusCode, 422);
    t.equal(wrong.json().details[0].message, 'Your current password is incorrect');
    t.equal((await person.inject({ method: 'GET', url: '/api/two-factor' })).json().enabled, true);

    const regenerated = await person.inject({
      method: 'POST',
      url: '/api/two-factor/recovery-codes',
      payload: { password: DEFAULT_PASSWORD },
    });
    t.equal(regenerated.statusCode, 200);
    t.notSame(regenerated.json().recoveryCodes, recoveryCodes);

    const off = await person.inject({
      method: 'POST',
      url: '/api/two-factor/disable',
      payload: { password: DEFAULT_PASSWORD },
    });
    t.equal(off.statusCode, 204);
    t.equal((await passwordStep(person.user.email)).statusCode, 200, 'no code asked any more');
    const twice = await person.inject({
      method: 'POST',
      url: '/api/two-factor/disable',
      payload: { password: DEFAULT_PASSWORD },
    });
    t.equal(twice.statusCode, 422);
    t.equal(twice.json().details[0].message, 'Two-factor authentication is not turned on');
  });

  t.test('setup is refused while it is on', async (t) => {
    const person = await signIn();
    await enable(person);
    const response = await person.inject({ method: 'POST', url: '/api/two-factor/setup' });
    t.equal(response.statusCode, 422);
    t.equal(response.json().details[0].message, 'Two-factor authentication is already turned on');
  });

  t.test('an administrator resets it for a person who lost their phone', async (t) => {
    const person = await signIn({ language: 'vi' });
    await enable(person);
    const admin = await signIn({ permissions: ['employees.manage'] });
    const viewer = await signIn({ permissions: ['employees.view'] });
    const url = `/api/users/${person.user.id}/two-factor`;

    t.equal((await viewer.inject({ method: 'DELETE', url })).statusCode, 403);
    t.equal((await viewer.inject({ method: 'GET', url })).statusCode, 403);
    t.equal((await person.inject({ method: 'GET', url: '/api/two-factor' })).json().enabled, true);
    t.equal((await admin.inject({ method: 'GET', url })).json().enabled, true);

    const unknown = await admin.inject({
      method: 'DELETE',
      url: '/api/users/00000000-0000-4000-8000-000000000000/two-factor',
    });
    t.equal(unknown.statusCode, 404);
    const bad = await admin.inject({ method: 'DELETE', url: '/api/users/not-a-uuid/two-factor' });
    t.equal(bad.statusCode, 422);

    const reset = await admin.inject({ method: 'DELETE', url });
    t.equal(reset.statusCode, 204);
    t.equal((await passwordStep(person.user.email)).statusCode, 200);
    const [mail] = await mailsTo(db, person.user.email);
    t.equal(mail!.template, 'two-factor-reset');
    t.equal(mail!.subject, 'Xác thực hai lớp đã bị tắt');
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', person.user.id)
      .where('action', '=', 'two-factor.reset')
      .executeTakeFirstOrThrow();
    t.equal(audit.actor_id, admin.user.id);

    const twice = await admin.inject({ method: 'DELETE', url });
    t.equal(twice.statusCode, 422);
  });
});
