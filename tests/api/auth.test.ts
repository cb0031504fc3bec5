import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.ts';

t.test('sign-in, refresh, sign-out', async (t) => {
  const { inject, signIn, db } = await buildTestApp(t);
  const alice = await signIn({ builtInRoles: ['user'] });

  t.test('the access token is a JWT with an expiry claim', async (t) => {
    const [, payload] = alice.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    t.type(claims.exp, 'number');
    t.ok(claims.exp > Date.now() / 1000, 'not expired yet');
  });

  t.test('the refresh cookie is httpOnly and SameSite', async (t) => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: alice.user.email, password: DEFAULT_PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === 'bo_refresh')!;
    t.equal(cookie.httpOnly, true);
    t.equal(cookie.sameSite, 'Lax');
  });

  t.test('refresh rotates the token, and a replayed old token ends the session', async (t) => {
    const first = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { bo_refresh: alice.refreshCookie },
    });
    t.equal(first.statusCode, 200);
    const rotated = first.cookies.find((c) => c.name === 'bo_refresh')!.value;
    t.not(rotated, alice.refreshCookie);

    // Within the grace period the old token still works (parallel tabs), without a new cookie.
    const graced = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { bo_refresh: alice.refreshCookie },
    });
    t.equal(graced.statusCode, 200);

    // After it, a replay is theft: the session is revoked, the rotated token too.
    await db
      .updateTable('sessions')
      .set({ rotated_at: new Date(Date.now() - 60_000) })
      .execute();
    const replay = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { bo_refresh: alice.refreshCookie },
    });
    t.equal(replay.statusCode, 401);
    const after = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { bo_refresh: rotated },
    });
    t.equal(after.statusCode, 401);
    t.equal(after.json().code, 'SESSION_EXPIRED');
  });

  t.test('sign-out revokes the session: its access token stops working at once', async (t) => {
    const bob = await signIn({ builtInRoles: ['user'] });
    t.equal((await bob.inject({ method: 'GET', url: '/api/auth/me' })).statusCode, 200);
    const out = await bob.inject({ method: 'DELETE', url: '/api/auth/sign-out' });
    t.equal(out.statusCode, 204);
    const me = await bob.inject({ method: 'GET', url: '/api/auth/me' });
    t.equal(me.statusCode, 401);
    const refresh = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { bo_refresh: bob.refreshCookie },
    });
    t.equal(refresh.statusCode, 401);
    const audit = await db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', bob.user.id)
      .execute();
    t.ok(audit.some((a) => a.action === 'auth.signed_out'));
  });

  t.test('a deactivated person is refused immediately', async (t) => {
    const carol = await signIn({ builtInRoles: ['user'] });
    await db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', carol.user.id).execute();
    t.equal((await carol.inject({ method: 'GET', url: '/api/auth/me' })).statusCode, 401);
  });
});

t.test('wrong credentials never reveal whether an email exists', async (t) => {
  const { inject, db } = await buildTestApp(t);
  const user = await createUser(db);
  const wrongPassword = await inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: 'Wrong-password1!' },
  });
  const unknownEmail = await inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: 'nobody@example.com', password: 'Wrong-password1!' },
  });
  t.equal(wrongPassword.statusCode, 401);
  t.equal(unknownEmail.statusCode, 401);
  t.same(wrongPassword.json(), unknownEmail.json());
  t.equal(wrongPassword.json().message, 'The email or password is incorrect.');

  const inactive = await createUser(db, { status: 'INACTIVE' });
  const inactiveResponse = await inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: inactive.email, password: DEFAULT_PASSWORD },
  });
  t.same(inactiveResponse.json(), wrongPassword.json(), 'an inactive account fails like a wrong password');

  const failures = await db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'auth.sign_in_failed')
    .execute();
  t.equal(failures.length, 3, 'every failed sign-in is audited');
  t.ok(
    failures.every((f) => f.ip),
    'with the address',
  );
});

t.test(
  'the audit trail names whom a sign-in is about; the caller stays anonymous until it succeeds',
  async (t) => {
    const { inject, db } = await buildTestApp(t);
    const user = await createUser(db);
    await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: 'Wrong-password1!' },
    });
    const signedIn = await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    t.equal(signedIn.statusCode, 200);
    const events = await db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'actor_label', 'subject_id', 'subject_label', 'request_id'])
      .where('subject_id', '=', user.id)
      .orderBy('id')
      .execute();
    t.same(events, [
      {
        action: 'auth.sign_in_failed',
        actor_id: null,
        actor_label: 'anonymous',
        subject_id: user.id,
        subject_label: user.email,
        request_id: events[0]?.request_id,
      },
      {
        action: 'auth.signed_in',
        actor_id: null,
        actor_label: 'anonymous',
        subject_id: user.id,
        subject_label: user.email,
        request_id: signedIn.headers['x-request-id'],
      },
    ]);
  },
);

t.test('messages come in the caller language', async (t) => {
  const { inject } = await buildTestApp(t);
  const response = await inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' },
    payload: { email: 'nobody@example.com', password: 'x' },
  });
  t.equal(response.json().message, 'Email hoặc mật khẩu không đúng.');
});

t.test('repeated failures lock the account with 429 and Retry-After', async (t) => {
  const { inject, db } = await buildTestApp(t, { SIGN_IN_MAX_FAILURES: '3' });
  const user = await createUser(db);
  const attempt = (password: string) =>
    inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password } });
  for (let i = 0; i < 3; i++) t.equal((await attempt('Wrong-password1!')).statusCode, 401);
  const locked = await attempt(DEFAULT_PASSWORD);
  t.equal(locked.statusCode, 429, 'even the right password waits');
  t.equal(locked.json().code, 'TOO_MANY_SIGN_IN_ATTEMPTS');
  t.ok(Number(locked.headers['retry-after']) > 0);
  t.match(locked.json().message, /try again in \d+ minutes/);
});

t.test('check-password reports each rule of the policy', async (t) => {
  const { inject } = await buildTestApp(t);
  const weak = await inject({
    method: 'POST',
    url: '/api/auth/check-password',
    payload: { password: 'short' },
  });
  t.same(weak.json(), {
    valid: false,
    rules: { length: false, uppercase: false, lowercase: true, digit: false, special: false },
  });
  const strong = await inject({
    method: 'POST',
    url: '/api/auth/check-password',
    payload: { password: 'Abcdef1!' },
  });
  t.equal(strong.json().valid, true);
});

t.test('bad sign-in bodies are refused with every failing field', async (t) => {
  const { inject } = await buildTestApp(t);
  const response = await inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: 'not-an-email' },
  });
  t.equal(response.statusCode, 422);
  const details = response.json().details as Array<{ field: string; message: string }>;
  t.same(details.map((d) => [d.field, d.message]).sort(), [
    ['email', 'Invalid email format'],
    ['password', 'This field is required'],
  ]);
});
