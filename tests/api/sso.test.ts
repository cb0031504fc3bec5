/**
 * OpenID connections (admin) and the access requests made from the consent step: validation that
 * changes nothing, secrets shown once, managers told live and by mail, the same login continuing
 * once approved, and the landed refusals (expired password, deactivated person) at the login step.
 */
import * as client from 'openid-client';
import { sql } from 'kysely';
import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import {
  CALLBACK,
  CookieBrowser,
  connectionBody,
  interactionOf,
  registerApp,
  startSsoApp,
} from '../helpers/sso-factories.ts';
import { buildTestApp } from '../helpers/build-app.ts';

const DAY = 86_400_000;

async function state(db: Db) {
  const count = (
    table: 'sso_connections' | 'sso_groups' | 'sso_connection_members' | 'sso_access_requests',
  ) =>
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => row.n);
  return {
    connections: await count('sso_connections'),
    groups: await count('sso_groups'),
    members: await count('sso_connection_members'),
    requests: await count('sso_access_requests'),
  };
}

t.test('OpenID connections: create, read, validate, rotate, delete', async (t) => {
  t.test('a confidential app gets a client id and a secret shown once, and its endpoints', async (t) => {
    const { signIn, db, config } = await buildTestApp(t);
    const manager = await signIn({ permissions: ['sso.manage'] });
    const person = await signIn();
    const created = await registerApp(manager, {
      name: 'Wiki',
      memberIds: [person.user.id],
      groups: [{ name: 'Editors', memberIds: [person.user.id] }],
    });
    t.match(created.clientId, /^bo_/);
    t.ok(created.clientSecret && created.clientSecret.length >= 40, 'a long random secret');
    t.same(created.endpoints.token, `${config.publicUrl}/oidc/token`);
    t.same(created.endpoints.revocation, `${config.publicUrl}/oidc/token/revocation`);
    const row = await db.selectFrom('sso_connections').selectAll().executeTakeFirstOrThrow();
    t.notOk(row.client_secret_ciphertext!.includes(created.clientSecret!), 'stored encrypted, not in clear');

    const read = await manager.inject({ method: 'GET', url: `/api/sso-connections/${created.id}` });
    t.equal(read.statusCode, 200);
    t.notOk('clientSecret' in read.json(), 'never shown again');
    t.same(read.json().groups[0].name, 'Editors');
    t.same(
      read.json().members.map((m: { id: string }) => m.id),
      [person.user.id],
    );

    const list = await manager.inject({ method: 'GET', url: '/api/sso-connections?search=wik' });
    t.same(
      list.json().items.map((c: { name: string }) => c.name),
      ['Wiki'],
    );
    t.equal(list.json().items[0].memberCount, 1);
  });

  t.test('a group name used twice is refused with the clear message, and nothing changes', async (t) => {
    const { signIn, db } = await buildTestApp(t);
    const manager = await signIn({ permissions: ['sso.manage'] });
    const before = await state(db);
    const response = await manager.inject({
      method: 'POST',
      url: '/api/sso-connections',
      payload: connectionBody({
        groups: [
          { name: 'Editors', memberIds: [] },
          { name: ' editors ', memberIds: [] },
        ],
      }),
    });
    t.equal(response.statusCode, 422);
    t.same(response.json().details, [
      {
        field: 'groups.1.name',
        code: 'ssoGroupExists',
        message: 'This group already exists. Please choose another name',
      },
    ]);
    t.same(await state(db), before, 'nothing changed');
  });

  t.test('bad addresses and unknown people are all reported at once', async (t) => {
    const { signIn, db } = await buildTestApp(t);
    const manager = await signIn({ permissions: ['sso.manage'] });
    const before = await state(db);
    const response = await manager.inject({
      method: 'POST',
      url: '/api/sso-connections',
      headers: { 'accept-language': 'vi' },
      payload: connectionBody({
        url: 'not a url',
        redirectUris: ['https://app.example.com/cb#fragment'],
        memberIds: ['00000000-0000-4000-8000-000000000000'],
      }),
    });
    t.equal(response.statusCode, 422);
    t.same(
      response.json().details.map((d: { field: string; code: string }) => `${d.field}:${d.code}`),
      ['url:url', 'redirectUris.0:url', 'memberIds.0:unknownPerson'],
    );
    t.match(response.json().details[0].message, /URL/);
    t.same(await state(db), before, 'nothing changed');
  });

  t.test('a duplicate name is 409 and changes nothing', async (t) => {
    const { signIn, db } = await buildTestApp(t);
    const manager = await signIn({ permissions: ['sso.manage'] });
    await registerApp(manager, { name: 'Chat' });
    const before = await state(db);
    const response = await manager.inject({
      method: 'POST',
      url: '/api/sso-connections',
      payload: connectionBody({ name: 'CHAT' }),
    });
    t.equal(response.statusCode, 409);
    t.equal(response.json().details[0].field, 'name');
    t.same(await state(db), before);
  });

  t.test('a public app has no secret to rotate', async (t) => {
    const { signIn } = await buildTestApp(t);
    const manager = await signIn({ permissions: ['sso.manage'] });
    const app = await registerApp(manager, { clientType: 'PUBLIC' });
    const rotated = await manager.inject({
      method: 'POST',
      url: `/api/sso-connections/${app.id}/rotate-secret`,
    });
    t.equal(rotated.statusCode, 422);
    t.equal(rotated.json().details[0].code, 'ssoPublicClientHasNoSecret');
  });

  t.test('deleting an app makes its client unknown', async (t) => {
    const { signIn, db } = await buildTestApp(t);
    const manager = await signIn({ permissions: ['sso.manage'] });
    const app = await registerApp(manager);
    const removed = await manager.inject({ method: 'DELETE', url: `/api/sso-connections/${app.id}` });
    t.equal(removed.statusCode, 204);
    const row = await db.selectFrom('sso_connections').selectAll().executeTakeFirstOrThrow();
    t.ok(row.deleted_at);
    t.equal(row.client_secret_ciphertext, null, 'the secret is wiped');
    t.equal((await manager.inject({ method: 'GET', url: `/api/sso-connections/${app.id}` })).statusCode, 404);
  });
});

t.test('access requests from the consent step', async (t) => {
  const { signIn, baseUrl, issuer, db } = await startSsoApp(t);
  const manager = await signIn({ permissions: ['sso.manage'], language: 'vi' });
  const person = await signIn({ builtInRoles: ['user'], firstName: 'Minh', lastName: 'Le' });
  const app = await registerApp(manager, { name: 'Grafana' });
  const config = await client.discovery(
    new URL(issuer),
    app.clientId,
    undefined,
    client.ClientSecretBasic(app.clientSecret!),
    { execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'resume',
  });

  const browser = new CookieBrowser();
  const api = (path: string) => `${baseUrl}/api${path}`;
  const loginId = interactionOf((await browser.get(url.href)).headers.get('location')!);
  const signedIn = await browser.post(
    api('/oidc-auth/sign-in-by-token'),
    { interactionId: loginId },
    person.accessToken,
  );
  t.equal(signedIn.status, 200);
  const consentAt = (await browser.get((await signedIn.json()).redirectTo)).headers.get('location')!;
  const consentId = interactionOf(consentAt);

  const view = await (
    await browser.getJson(api(`/oidc-auth/interaction/${consentId}`), person.accessToken)
  ).json();
  t.match(view, { step: 'consent', allowed: false, request: null, app: { name: 'Grafana' } });

  const refused = await browser.post(
    api(`/oidc-auth/consent/${consentId}/confirm`),
    undefined,
    person.accessToken,
  );
  t.equal(refused.status, 403);
  const refusedBody = await refused.json();
  t.equal(refusedBody.code, 'SSO_ACCESS_REQUIRED', 'no consent without access');
  t.match(refusedBody.message, /Grafana/);

  const asked = await browser.post(
    api(`/oidc-auth/consent/${consentId}/request-access`),
    undefined,
    person.accessToken,
  );
  t.equal(asked.status, 200);
  const askedBody = await asked.json();
  t.equal(askedBody.request.status, 'PENDING');
  const again = await browser.post(
    api(`/oidc-auth/consent/${consentId}/request-access`),
    undefined,
    person.accessToken,
  );
  t.equal((await again.json()).request.id, askedBody.request.id, 'asking twice keeps one request');

  const told = await db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'data'])
    .where('type', '=', 'SSO_REQUEST')
    .execute();
  t.same(
    told.map((n) => n.user_id),
    [manager.user.id],
    'the manager is told once',
  );
  t.match(told[0]!.data, { ssoRequest: { id: askedBody.request.id, ssoConnectionName: 'Grafana' } });
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_email', '=', manager.user.email)
    .where('template', '=', 'sso-request')
    .executeTakeFirstOrThrow();
  t.match(mail.subject, /Grafana/, 'and mailed, in their language');
  t.match(mail.subject, /yêu cầu/);

  const mine = await person.inject({ method: 'GET', url: '/api/sso-connections/mine' });
  t.same(mine.json().apps, []);
  t.same(
    mine.json().pendingRequests.map((r: { connectionName: string }) => r.connectionName),
    ['Grafana'],
  );

  const pending = await manager.inject({ method: 'GET', url: '/api/sso-requests?status=PENDING' });
  t.equal(pending.json().total, 1);
  const approved = await manager.inject({
    method: 'PUT',
    url: `/api/sso-requests/${askedBody.request.id}/decision`,
    payload: { decision: 'APPROVED' },
  });
  t.equal(approved.statusCode, 200);
  t.equal(approved.json().status, 'APPROVED');
  const twice = await manager.inject({
    method: 'PUT',
    url: `/api/sso-requests/${askedBody.request.id}/decision`,
    payload: { decision: 'REJECTED' },
  });
  t.equal(twice.statusCode, 409, 'an answered request stays answered');
  t.equal(twice.json().code, 'APPROVAL_CLOSED');

  const answer = await db
    .selectFrom('notifications')
    .select(['type', 'data'])
    .where('user_id', '=', person.user.id)
    .executeTakeFirstOrThrow();
  t.match(answer, { type: 'SSO_REQUEST_APPROVED', data: { ssoConnection: { id: app.id, name: 'Grafana' } } });

  // The same login continues: consent now goes through and the app gets its code.
  const confirmed = await browser.post(
    api(`/oidc-auth/consent/${consentId}/confirm`),
    undefined,
    person.accessToken,
  );
  t.equal(confirmed.status, 200);
  const callback = new URL((await browser.get((await confirmed.json()).redirectTo)).headers.get('location')!);
  t.ok(callback.searchParams.get('code'), 'the app receives a code');
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: 'resume',
  });
  t.equal(tokens.claims()?.sub, person.user.id);
  const nowMine = await person.inject({ method: 'GET', url: '/api/sso-connections/mine' });
  t.same(
    nowMine.json().apps.map((a: { name: string }) => a.name),
    ['Grafana'],
  );
});

t.test(
  'the login step refuses an expired password and a deactivated person with the landed messages',
  async (t) => {
    const { signIn, baseUrl, issuer, db } = await startSsoApp(t);
    const manager = await signIn({ permissions: ['sso.manage'] });
    const admin = await signIn({ builtInRoles: ['admin'] });
    const person = await signIn();
    const app = await registerApp(manager, { memberIds: [person.user.id] });
    const config = await client.discovery(
      new URL(issuer),
      app.clientId,
      undefined,
      client.ClientSecretBasic(app.clientSecret!),
      {
        execute: [client.allowInsecureRequests],
      },
    );
    const start = async () => {
      const browser = new CookieBrowser();
      const url = client.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid' });
      const id = interactionOf((await browser.get(url.href)).headers.get('location')!);
      return { browser, id };
    };

    await db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 400 * DAY) })
      .where('id', '=', person.user.id)
      .execute();
    const expired = await start();
    const blocked = await expired.browser.post(
      `${baseUrl}/api/oidc-auth/sign-in-by-token`,
      { interactionId: expired.id },
      person.accessToken,
    );
    t.equal((await blocked.json()).code, 'PASSWORD_EXPIRED');
    await db
      .updateTable('users')
      .set({ password_changed_at: new Date() })
      .where('id', '=', person.user.id)
      .execute();

    const off = await admin.inject({
      method: 'PUT',
      url: `/api/users/${person.user.id}/status`,
      payload: { status: 'INACTIVE' },
    });
    t.equal(off.statusCode, 200);
    const gone = await start();
    const refused = await gone.browser.post(
      `${baseUrl}/api/oidc-auth/sign-in-by-token`,
      { interactionId: gone.id },
      person.accessToken,
    );
    t.equal(refused.status, 401);
    t.match((await refused.json()).code, /SESSION_EXPIRED|ACCOUNT_DEACTIVATED/);
  },
);
