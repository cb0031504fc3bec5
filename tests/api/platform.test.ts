import { sql } from 'kysely';
import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';

t.test('malformed, oversized and unknown requests get clear JSON errors', async (t) => {
  const { inject } = await buildTestApp(t, { BODY_LIMIT_BYTES: '2048' });

  const malformed = await inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": ',
  });
  t.equal(malformed.statusCode, 400);
  t.same(malformed.json(), {
    statusCode: 400,
    code: 'MALFORMED_JSON',
    message: 'The request body is not valid JSON.',
  });

  const oversized = await inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(5000) }),
  });
  t.equal(oversized.statusCode, 413);
  t.equal(oversized.json().code, 'PAYLOAD_TOO_LARGE');

  const unknownApi = await inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
  t.equal(unknownApi.statusCode, 404);
  t.match(unknownApi.headers['content-type'], /application\/json/);
  t.same(unknownApi.json(), {
    statusCode: 404,
    code: 'ROUTE_NOT_FOUND',
    message: 'There is no API call GET /api/no-such-thing.',
  });

  const unknownPage = await inject({ method: 'GET', url: '/no/such/page' });
  t.equal(unknownPage.statusCode, 404);
  t.match(unknownPage.headers['content-type'], /text\/html/);
  t.match(unknownPage.body, 'Page not found', 'the not-found page is rendered');
});

t.test('pages: protected ones redirect to sign-in, public ones render, in the right language', async (t) => {
  const { inject, signIn } = await buildTestApp(t);
  const protectedPage = await inject({ method: 'GET', url: '/leave-management/summary-reporting?year=2026' });
  t.equal(protectedPage.statusCode, 302);
  t.equal(
    protectedPage.headers.location,
    `/sign-in?next=${encodeURIComponent('/leave-management/summary-reporting?year=2026')}`,
  );

  const signInPage = await inject({ method: 'GET', url: '/sign-in', headers: { 'accept-language': 'vi' } });
  t.equal(signInPage.statusCode, 200);
  t.match(signInPage.body, 'Đăng nhập Backoffice');
  t.match(signInPage.headers['content-security-policy'], /script-src 'self' 'nonce-/);

  const person = await signIn({
    builtInRoles: ['admin'],
    language: 'vi',
    firstName: 'An',
    lastName: 'Nguyễn',
  });
  const shell = await inject({
    method: 'GET',
    url: '/leave-management',
    cookies: { bo_refresh: person.refreshCookie },
  });
  t.equal(shell.statusCode, 200);
  t.match(shell.body, 'Quản lý nghỉ phép', 'the title by path, in the person’s language');
  t.match(shell.body, 'Nguyễn An', 'full name, last name first');
  t.match(shell.body, '"signedIn":true', 'the session is handed to the page');

  const forbidden = await signIn({ permissions: [] });
  const page = await inject({
    method: 'GET',
    url: '/access-control-management',
    cookies: { bo_refresh: forbidden.refreshCookie },
  });
  t.match(page.body, 'Access denied', 'a screen the person may not use shows the 403 page');
});

t.test('health, readiness and the OpenAPI document', async (t) => {
  const { inject } = await buildTestApp(t);
  t.same((await inject({ method: 'GET', url: '/healthz' })).json(), { status: 'ok' });
  const ready = await inject({ method: 'GET', url: '/readyz' });
  t.equal(ready.statusCode, 200);
  t.same(ready.json(), { ready: true, database: 'ok', pendingMigrations: [] });

  const openapi = await inject({ method: 'GET', url: '/api/openapi.json' });
  t.equal(openapi.statusCode, 200);
  const document = openapi.json();
  t.match(document.openapi, /^3\./);
  t.ok(document.paths['/api/roles/{id}/status'], 'documents the roles calls');
  t.ok(document.paths['/api/auth/sign-in'].post.security, 'public calls need no token');
  const docs = await inject({ method: 'GET', url: '/api/docs' });
  t.ok([200, 302].includes(docs.statusCode), 'the interactive reference is served');
});

t.test('a request id is returned and 5xx bodies never leak internals', async (t) => {
  const { inject, signIn, db } = await buildTestApp(t);
  const person = await signIn({ builtInRoles: ['admin'] });
  const ok = await inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
  t.equal(ok.headers['x-request-id'], 'abc-123');

  await sql`alter table role_permissions rename to role_permissions_gone`.execute(db);
  const broken = await person.inject({ method: 'GET', url: '/api/roles' });
  t.equal(broken.statusCode, 500);
  t.same(broken.json(), {
    statusCode: 500,
    code: 'INTERNAL',
    message: 'Something went wrong on our side. Please try again.',
  });
  t.notMatch(broken.body, /role_permissions|relation|select/i);
});
