/**
 * Proof with a relying party nobody here wrote (`openid-client`): authorization code + PKCE against
 * the running server, refresh, userinfo, revocation and RP-initiated logout; then the refusals the
 * OpenID specs require (unknown client, wrong redirect uri, no PKCE from a public client, a reused
 * code, an expired code, a wrong secret), and access taken away at once.
 */
import * as client from 'openid-client';
import { sql } from 'kysely';
import t from 'tap';
import {
  CALLBACK,
  CookieBrowser,
  interactionOf,
  loginThroughBrowser,
  registerApp,
  startSsoApp,
} from '../helpers/sso-factories.ts';

const insecure = { execute: [client.allowInsecureRequests] };

async function relyingParty(issuer: string, clientId: string, secret?: string) {
  return client.discovery(
    new URL(issuer),
    clientId,
    undefined,
    secret ? client.ClientSecretBasic(secret) : client.None(),
    insecure,
  );
}

/** The OAuth error a refused call carries (in the body, or in a WWW-Authenticate challenge on 401). */
async function refusal(pending: Promise<unknown>): Promise<string | undefined> {
  try {
    await pending;
    return undefined;
  } catch (error) {
    const e = error as { error?: string; cause?: Array<{ parameters?: { error?: string } }> };
    return e.error ?? (Array.isArray(e.cause) ? e.cause[0]?.parameters?.error : undefined);
  }
}

async function authorizationUrl(config: client.Configuration, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email profile groups',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url: url.href, verifier, state };
}

t.test('openid-client: code + PKCE, userinfo, refresh, revoke, end session', async (t) => {
  const { signIn, baseUrl, issuer, db } = await startSsoApp(t);
  const manager = await signIn({ permissions: ['sso.manage'] });
  const person = await signIn({ firstName: 'Lan', lastName: 'Tran' });
  const app = await registerApp(manager, {
    memberIds: [person.user.id],
    groups: [{ name: 'Editors', memberIds: [person.user.id] }],
  });
  t.ok(app.clientSecret, 'the secret is shown once, on creation');
  t.equal(app.endpoints.issuer, issuer);

  const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  t.equal(discovery.issuer, issuer, 'discovery under the mount names the issuer');
  t.equal(discovery.authorization_endpoint, app.endpoints.authorization);
  t.equal(discovery.pushed_authorization_request_endpoint, app.endpoints.pushedAuthorization);
  t.equal(discovery.end_session_endpoint, app.endpoints.endSession);
  t.same(discovery.code_challenge_methods_supported, ['S256']);

  const config = await relyingParty(issuer, app.clientId, app.clientSecret);
  const { url, verifier, state } = await authorizationUrl(config);
  const { callback, browser } = await loginThroughBrowser(baseUrl, url, person.accessToken);
  t.equal(callback.origin + callback.pathname, CALLBACK, 'the app gets its callback');

  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  const claims = tokens.claims()!;
  t.equal(claims.sub, person.user.id, 'sub is the stable person id');
  t.ok(tokens.refresh_token, 'a refresh token is issued');

  const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  t.equal(info.email, person.user.email);
  t.equal(info.name, 'Lan Tran');
  t.same(info.groups, ['Editors'], 'groups claim: the app groups the person is in');

  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  t.ok(refreshed.access_token && refreshed.access_token !== tokens.access_token, 'refresh gives a new token');
  t.equal(refreshed.claims()?.sub, person.user.id);

  await client.tokenRevocation(config, refreshed.access_token);
  await t.rejects(
    client.fetchUserInfo(config, refreshed.access_token, claims.sub),
    'a revoked access token reads nothing',
  );

  const end = client.buildEndSessionUrl(config, {
    id_token_hint: tokens.id_token!,
    post_logout_redirect_uri: 'http://127.0.0.1:9/bye',
    state: 'bye-state',
  });
  const confirm = await browser.get(end.href);
  t.equal(confirm.status, 200, 'the provider asks to confirm the sign-out');
  const form = await confirm.text();
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1];
  t.ok(xsrf, 'the sign-out form carries its xsrf value');
  const done = await fetch(`${issuer}/session/end/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.header() },
    body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }),
  });
  t.equal(done.status, 303);
  t.match(done.headers.get('location'), /^http:\/\/127\.0\.0\.1:9\/bye\?state=bye-state/);

  const stored = await db
    .selectFrom('oidc_payloads')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('model', '=', 'Session')
    .executeTakeFirstOrThrow();
  t.equal(stored.n, 0, 'the provider session is gone after the sign-out');
});

t.test('a public app must use PKCE and gets tokens without a secret; PAR works', async (t) => {
  const { signIn, baseUrl, issuer } = await startSsoApp(t);
  const manager = await signIn({ permissions: ['sso.manage'] });
  const person = await signIn();
  const app = await registerApp(manager, { clientType: 'PUBLIC', memberIds: [person.user.id] });
  t.notOk(app.clientSecret, 'a public app has no secret');
  const config = await relyingParty(issuer, app.clientId);

  const noPkce = await fetch(
    client.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid', state: 's' }),
    { redirect: 'manual' },
  );
  const refused = new URL(noPkce.headers.get('location')!);
  t.equal(refused.searchParams.get('error'), 'invalid_request', 'no PKCE: refused back to the app');
  t.match(refused.searchParams.get('error_description'), /PKCE/);

  const verifier = client.randomPKCECodeVerifier();
  const par = await client.buildAuthorizationUrlWithPAR(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'par',
  });
  t.ok(par.searchParams.get('request_uri')?.startsWith('urn:ietf:params:oauth:request_uri:'), 'PAR answered');
  const { callback } = await loginThroughBrowser(baseUrl, par.href, person.accessToken);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: 'par',
  });
  t.equal(tokens.claims()?.sub, person.user.id);
});

t.test('refusals: unknown client, wrong redirect uri, reused code, expired code, wrong secret', async (t) => {
  const { signIn, baseUrl, issuer, db } = await startSsoApp(t);
  const manager = await signIn({ permissions: ['sso.manage'] });
  const person = await signIn();
  const app = await registerApp(manager, { memberIds: [person.user.id] });
  const config = await relyingParty(issuer, app.clientId, app.clientSecret);

  const unknown = await fetch(
    `${issuer}/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(CALLBACK)}`,
    {
      redirect: 'manual',
    },
  );
  t.equal(unknown.status, 400, 'unknown client: an error page, no redirect');
  t.match(await unknown.text(), /invalid_client/);

  const wrongRedirect = await fetch(
    client.buildAuthorizationUrl(config, { redirect_uri: 'http://127.0.0.1:9/elsewhere', scope: 'openid' }),
    { redirect: 'manual' },
  );
  t.equal(wrongRedirect.status, 400, 'wrong redirect uri: never redirected there');
  t.match(await wrongRedirect.text(), /redirect_uri/);

  // A code used twice: the second exchange fails.
  const first = await authorizationUrl(config);
  const { callback } = await loginThroughBrowser(baseUrl, first.url, person.accessToken);
  await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: first.verifier,
    expectedState: first.state,
  });
  t.equal(
    await refusal(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: first.verifier,
        expectedState: first.state,
      }),
    ),
    'invalid_grant',
    'a reused code is refused',
  );

  // A code past its lifetime.
  const second = await authorizationUrl(config);
  const late = await loginThroughBrowser(baseUrl, second.url, person.accessToken);
  await db
    .updateTable('oidc_payloads')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('model', '=', 'AuthorizationCode')
    .where('consumed_at', 'is', null)
    .execute();
  t.equal(
    await refusal(
      client.authorizationCodeGrant(config, late.callback, {
        pkceCodeVerifier: second.verifier,
        expectedState: second.state,
      }),
    ),
    'invalid_grant',
    'an expired code is refused',
  );

  // The right code with a wrong secret.
  const third = await authorizationUrl(config);
  const wrong = await loginThroughBrowser(baseUrl, third.url, person.accessToken);
  const impostor = await relyingParty(issuer, app.clientId, 'not-the-secret');
  t.equal(
    await refusal(
      client.authorizationCodeGrant(impostor, wrong.callback, {
        pkceCodeVerifier: third.verifier,
        expectedState: third.state,
      }),
    ),
    'invalid_client',
    'a wrong secret is refused',
  );

  // A rotated secret: the old one stops at once, the new one works.
  const rotated = await manager.inject({
    method: 'POST',
    url: `/api/sso-connections/${app.id}/rotate-secret`,
  });
  t.equal(rotated.statusCode, 200);
  const fresh = rotated.json().clientSecret as string;
  t.ok(fresh && fresh !== app.clientSecret, 'a new secret, shown once');
  const fourth = await authorizationUrl(config);
  const again = await loginThroughBrowser(baseUrl, fourth.url, person.accessToken);
  t.equal(
    await refusal(
      client.authorizationCodeGrant(config, again.callback, {
        pkceCodeVerifier: fourth.verifier,
        expectedState: fourth.state,
      }),
    ),
    'invalid_client',
    'the old secret no longer works',
  );
  const renewed = await relyingParty(issuer, app.clientId, fresh);
  const fifth = await authorizationUrl(renewed);
  const ok = await loginThroughBrowser(baseUrl, fifth.url, person.accessToken);
  const tokens = await client.authorizationCodeGrant(renewed, ok.callback, {
    pkceCodeVerifier: fifth.verifier,
    expectedState: fifth.state,
  });
  t.ok(tokens.access_token, 'the new secret works');
});

t.test('removal from the app or deactivation revokes grants and refresh tokens at once', async (t) => {
  const { signIn, baseUrl, issuer, db } = await startSsoApp(t);
  const manager = await signIn({ permissions: ['sso.manage'] });
  const admin = await signIn({ builtInRoles: ['admin'] });
  const person = await signIn();
  const other = await signIn();
  const app = await registerApp(manager, { memberIds: [person.user.id, other.user.id] });
  const config = await relyingParty(issuer, app.clientId, app.clientSecret);

  async function tokensOf(who: typeof person) {
    const { url, verifier, state } = await authorizationUrl(config);
    const { callback } = await loginThroughBrowser(baseUrl, url, who.accessToken);
    return client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  }
  const mine = await tokensOf(person);
  const theirs = await tokensOf(other);

  const { groups: _groups, members: _members, ...rest } = app;
  void _groups;
  void _members;
  const removed = await manager.inject({
    method: 'PUT',
    url: `/api/sso-connections/${app.id}`,
    payload: {
      name: rest.name,
      url: rest.url,
      callbackUrl: rest.callbackUrl,
      redirectUris: rest.redirectUris,
      postLogoutRedirectUris: rest.postLogoutRedirectUris,
      clientType: rest.clientType,
      responseTypes: rest.responseTypes,
      grantTypes: rest.grantTypes,
      groups: [],
      memberIds: [other.user.id],
    },
  });
  t.equal(removed.statusCode, 200);
  t.equal(
    await refusal(client.refreshTokenGrant(config, mine.refresh_token!)),
    'invalid_grant',
    'removed: refresh refused',
  );
  await t.rejects(
    client.fetchUserInfo(config, mine.access_token, mine.claims()!.sub),
    'removed: userinfo refused',
  );
  const left = await db
    .selectFrom('oidc_payloads')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('account_id', '=', person.user.id)
    .where('model', 'in', ['Grant', 'RefreshToken', 'AccessToken'])
    .executeTakeFirstOrThrow();
  t.equal(left.n, 0, 'their grant and tokens are deleted');

  const refreshed = await client.refreshTokenGrant(config, theirs.refresh_token!);
  t.ok(refreshed.access_token, 'someone still on the list keeps working');

  const deactivated = await admin.inject({
    method: 'PUT',
    url: `/api/users/${other.user.id}/status`,
    payload: { status: 'INACTIVE' },
  });
  t.equal(deactivated.statusCode, 200, deactivated.body);
  t.equal(
    await refusal(client.refreshTokenGrant(config, refreshed.refresh_token!)),
    'invalid_grant',
    'deactivated: refresh refused',
  );
});

t.test('a login is bound to the browser that started it', async (t) => {
  const { signIn, baseUrl, issuer } = await startSsoApp(t);
  const manager = await signIn({ permissions: ['sso.manage'] });
  const victim = await signIn();
  const app = await registerApp(manager, { memberIds: [victim.user.id] });
  const config = await relyingParty(issuer, app.clientId, app.clientSecret);
  const { url } = await authorizationUrl(config);
  const attacker = new CookieBrowser();
  const location = (await attacker.get(url)).headers.get('location')!;
  const id = interactionOf(location);

  const elsewhere = await new CookieBrowser().post(
    `${baseUrl}/api/oidc-auth/sign-in-by-token`,
    { interactionId: id },
    victim.accessToken,
  );
  t.equal(elsewhere.status, 404);
  t.equal(
    (await elsewhere.json()).code,
    'SSO_LOGIN_EXPIRED',
    "another browser cannot finish someone's login",
  );
});
