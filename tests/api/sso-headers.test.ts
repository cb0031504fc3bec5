/**
 * Responses under /oidc are written by oidc-provider on a hijacked reply, past Fastify's reply hooks:
 * the mount adds the security headers itself (helmet's onRequest hook happens to write some to the
 * raw response in the app, but the mount must not depend on it, and the pages need frame-ancestors). Checked on a JSON answer, on the
 * provider's HTML pages (an error, the logout confirmation) and, behind https, HSTS.
 */
import Fastify from 'fastify';
import type Provider from 'oidc-provider';
import t, { type Test } from 'tap';
import { mountOidcProvider } from '../../server/domains/sso/oidc.routes.ts';
import { startSsoApp } from '../helpers/sso-factories.ts';

function expectSecurityHeaders(t: Test, response: Response, what: string) {
  t.equal(response.headers.get('x-content-type-options'), 'nosniff', `${what}: nosniff`);
  t.equal(response.headers.get('referrer-policy'), 'no-referrer', `${what}: no referrer`);
  t.equal(response.headers.get('x-frame-options'), 'DENY', `${what}: not framed`);
  t.match(
    response.headers.get('content-security-policy'),
    /frame-ancestors 'none'/,
    `${what}: frame-ancestors`,
  );
}

t.test('the provider answers with the security headers helmet gives the rest of the app', async (t) => {
  const { issuer } = await startSsoApp(t);

  const discovery = await fetch(`${issuer}/.well-known/openid-configuration`);
  t.equal(discovery.status, 200);
  expectSecurityHeaders(t, discovery, 'discovery');

  const error = await fetch(`${issuer}/auth?client_id=unknown&response_type=code&scope=openid`);
  t.equal(error.status, 400);
  t.match(error.headers.get('content-type'), /text\/html/);
  expectSecurityHeaders(t, error, 'error page');

  const logout = await fetch(`${issuer}/session/end`);
  t.equal(logout.status, 200);
  t.match(logout.headers.get('content-type'), /text\/html/);
  expectSecurityHeaders(t, logout, 'logout confirmation');
});

t.test('behind https the provider also sends Strict-Transport-Security', async (t) => {
  const app = Fastify();
  t.teardown(() => app.close());
  const provider = { callback: () => (_req: unknown, res: { end(body: string): void }) => res.end('{}') };
  await mountOidcProvider(app, async () => provider as unknown as Provider, { https: true });
  const response = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
  t.equal(response.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  t.equal(response.headers['x-content-type-options'], 'nosniff');
});
