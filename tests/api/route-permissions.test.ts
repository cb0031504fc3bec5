import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';

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

  const concrete = (url: string) =>
    url.replace(/:(\w+)/g, (_m, name: string) =>
      /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x',
    );

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
