import { readFileSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';

const SNAPSHOT = new URL('./route-table.snapshot.json', import.meta.url);
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? PLACEHOLDER_ID : 'x'));

/**
 * The route table is reviewed like code: every (method, url, access) is compared with the committed
 * snapshot, so a new public or merely-authenticated route, or a loosened permission, shows up as a
 * diff in review. After a deliberate change: `UPDATE_ROUTE_SNAPSHOT=1 npm run test:unit --
 * tests/api/route-permissions.test.ts`, then read the diff.
 */
t.test('the route table matches its reviewed snapshot', async (t) => {
  const { app } = await buildTestApp(t);
  const table = app.apiRoutes
    .map((route) => ({
      route: `${route.method} ${route.url}`,
      access: [route.access].flat().join(' | '),
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
  const current = Object.fromEntries(table.map((row) => [row.route, row.access]));
  if (process.env.UPDATE_ROUTE_SNAPSHOT) writeFileSync(SNAPSHOT, `${JSON.stringify(current, null, 2)}\n`);
  const reviewed = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, string>;
  t.same(current, reviewed, 'routes and their access are as reviewed (see the comment above to update)');
});

/**
 * The other half of the gate: a person holding the declared permission (any one of them, when a
 * route accepts several) gets past it, and any signed-in person gets past an 'authenticated' route.
 * The placeholder ids may well answer 404 or a validation error; never 401 or 403.
 */
t.test('a holder of each declared permission gets through every gate', async (t) => {
  const { app, sessionFor } = await buildTestApp(t);
  for (const route of app.apiRoutes) {
    if (route.access === 'public') continue;
    const grants = route.access === 'authenticated' ? [[]] : [route.access].flat().map((p) => [p]);
    for (const permissions of grants) {
      // A fresh person each time: some calls (sign-out, password change) end the caller's session.
      const holder = await sessionFor({ permissions });
      const response = await holder.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method !== 'GET' && route.method !== 'DELETE' && { payload: {} }),
      });
      t.notOk(
        [401, 403].includes(response.statusCode),
        `${route.method} ${route.url} lets in a holder of ${permissions.join(', ') || 'a session'} ` +
          `(answered ${response.statusCode} ${response.statusCode >= 400 ? response.json().code : ''})`,
      );
    }
  }
});

/**
 * Walks every /api route of the running app: each non-public one refuses an anonymous caller, and
 * each one gated by a permission refuses a signed-in person who lacks it. New routes are covered
 * without touching this file.
 */
t.test('every non-public /api route refuses callers who may not use it', async (t) => {
  const { app, inject, signIn } = await buildTestApp(t);
  const nobody = await signIn({ permissions: [] });
  const routes = app.apiRoutes;
  t.ok(routes.length >= 10, `found ${routes.length} routes`);

  for (const route of routes) {
    if (route.access === 'public') continue;
    const request = {
      method: route.method as 'GET',
      url: concrete(route.url),
      ...(route.method !== 'GET' && route.method !== 'DELETE' && { payload: {} }),
    };
    const anonymous = await inject(request);
    t.equal(anonymous.statusCode, 401, `${route.method} ${route.url} refuses an anonymous caller`);
    t.equal(anonymous.json().code, 'UNAUTHENTICATED');

    if (route.access !== 'authenticated') {
      const forbidden = await nobody.inject(request);
      t.equal(
        forbidden.statusCode,
        403,
        `${route.method} ${route.url} refuses a caller without ${route.access}`,
      );
    }
  }

  const expired = await inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: 'Bearer not.a.token' },
  });
  t.equal(expired.statusCode, 401, 'a malformed token is refused');
});

t.test('an expired access token answers 440 so the client refreshes', async (t) => {
  const { inject, signIn, app } = await buildTestApp(t);
  const person = await signIn();
  const claims = JSON.parse(Buffer.from(person.accessToken.split('.')[1]!, 'base64url').toString());
  const expiredToken = app.jwt.sign({ sub: claims.sub, sid: claims.sid, iat: 1000, exp: 1001 });
  const response = await inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${expiredToken}` },
  });
  t.equal(response.statusCode, 440);
  t.equal(response.json().code, 'ACCESS_TOKEN_EXPIRED');
});
