/**
 * The provider's own pages (logout confirmation, signed out, error) in the person's language — the
 * app's `ui_locales`, the `bo_lang` cookie, then Accept-Language — with everything from outside
 * escaped, a CSP that allows only their nonce'd stylesheet, and the logout form's xsrf field.
 */
import * as client from 'openid-client';
import t, { type Test } from 'tap';
import { renderError } from '../../server/domains/sso/oidc-pages.ts';
import { loginThroughBrowser, registerApp, startSsoApp } from '../helpers/sso-factories.ts';

/** The page's CSP allows its own stylesheet's nonce and nothing else, and no framing. */
function expectPagePolicy(t: Test, response: Response, html: string) {
  const csp = response.headers.get('content-security-policy') ?? '';
  const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
  t.ok(nonce, 'the stylesheet carries a nonce');
  t.match(csp, /default-src 'none'/);
  t.ok(csp.includes(`style-src 'nonce-${nonce}'`), 'the CSP names that nonce');
  t.match(csp, /frame-ancestors 'none'/);
  t.notMatch(html, /<script/i, 'no script on the page');
}

t.test('the error page speaks the person’s language', async (t) => {
  const { issuer } = await startSsoApp(t);
  const url = `${issuer}/auth?client_id=nobody&response_type=code&scope=openid`;

  const vi = await fetch(url, { headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' } });
  t.equal(vi.status, 400);
  const viHtml = await vi.text();
  t.match(viHtml, /<html lang="vi">/);
  t.match(viHtml, /Không thể tiếp tục đăng nhập/);
  t.match(viHtml, /Ứng dụng này chưa được đăng ký với Backoffice/, 'the error explained in Vietnamese');
  t.match(viHtml, /invalid_client/, 'the provider’s own error stays, for the app’s administrator');
  expectPagePolicy(t, vi, viHtml);

  const en = await fetch(url, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
  const enHtml = await en.text();
  t.match(enHtml, /<html lang="en">/);
  t.match(enHtml, /Sign-in could not continue/);
  t.match(enHtml, /This app is not registered with Backoffice/);

  const cookie = await fetch(url, { headers: { 'accept-language': 'en', cookie: 'other=1; bo_lang=vi' } });
  t.match(await cookie.text(), /<html lang="vi">/, 'the language cookie wins over the header');
});

t.test('the logout confirmation and the signed-out page, in Vietnamese and English', async (t) => {
  const { signIn, baseUrl, issuer } = await startSsoApp(t);
  const manager = await signIn({ permissions: ['sso.manage'] });
  const person = await signIn();
  const app = await registerApp(manager, { name: 'Tom & Jerry <Ops>', memberIds: [person.user.id] });
  const config = await client.discovery(
    new URL(issuer),
    app.clientId,
    undefined,
    client.ClientSecretBasic(app.clientSecret!),
    { execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const { browser } = await loginThroughBrowser(
    baseUrl,
    client.buildAuthorizationUrl(config, {
      redirect_uri: app.callbackUrl,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).href,
    person.accessToken,
  );

  const confirmation = async (query: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${issuer}/session/end?${query}`, {
      headers: { cookie: browser.header(), ...headers },
    });
    t.equal(response.status, 200);
    return { response, html: await response.text() };
  };

  const vi = await confirmation(`client_id=${app.clientId}&ui_locales=vi`);
  t.match(vi.html, /<html lang="vi">/, "the app's ui_locales");
  t.match(vi.html, /Đăng xuất\?/);
  t.match(vi.html, /Có, đăng xuất/);
  t.match(vi.html, /Tom &amp; Jerry &lt;Ops&gt;/, 'the app’s name is escaped');
  t.notMatch(vi.html, /<Ops>/);
  t.match(vi.html, /<form id="op.logoutForm" method="post" action="[^"]+\/session\/end\/confirm">/);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(vi.html)?.[1];
  t.ok(xsrf, 'the form keeps its xsrf field');
  expectPagePolicy(t, vi.response, vi.html);

  const viByCookie = await confirmation('', { cookie: `${browser.header()}; bo_lang=vi` });
  t.match(viByCookie.html, /Bạn có muốn đăng xuất khỏi Backoffice/, 'the language cookie');
  const en = await confirmation('', { 'accept-language': 'en' });
  t.match(en.html, /Sign out\?/);
  t.match(en.html, /Yes, sign me out/);

  // Signing out with the last form's xsrf: no app address to go back to, so the signed-out page.
  const done = await fetch(`${issuer}/session/end/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.header() },
    body: new URLSearchParams({ xsrf: /name="xsrf" value="([^"]+)"/.exec(en.html)![1]!, logout: 'yes' }),
  });
  t.equal(done.status, 303);
  const success = new URL(done.headers.get('location')!, issuer).href;
  const viDone = await fetch(success, { headers: { 'accept-language': 'vi' } });
  const viDoneHtml = await viDone.text();
  t.match(viDoneHtml, /Bạn đã đăng xuất/);
  expectPagePolicy(t, viDone, viDoneHtml);
  const enDone = await fetch(success, { headers: { 'accept-language': 'en' } });
  t.match(await enDone.text(), /You have signed out of Backoffice\./);

  // "No, stay signed in" signs out of the app only: the provider names the app on that page.
  const appOnly = await fetch(`${issuer}/session/end/success?client_id=${app.clientId}`, {
    headers: { 'accept-language': 'vi' },
  });
  t.match(
    await appOnly.text(),
    /Bạn đã đăng xuất khỏi Tom &amp; Jerry &lt;Ops&gt;\. Bạn vẫn đang đăng nhập Backoffice\./,
  );
});

t.test('the error page escapes what the provider reports', async (t) => {
  const headers: Record<string, string> = { 'accept-language': 'vi' };
  const ctx = {
    method: 'GET',
    path: '/auth',
    status: 400,
    body: '' as unknown,
    type: '',
    host: 'backoffice.example',
    get: (name: string) => headers[name] ?? '',
    set: (name: string, value: string) => {
      headers[`response:${name}`] = value;
    },
  };
  await renderError(ctx, {
    error: 'invalid_request"><script>alert(1)</script>',
    error_description: '<img src=x onerror="alert(2)"> & more',
    state: "it's",
  });
  const html = String(ctx.body);
  t.notMatch(html, /<script>|<img/, 'nothing injected becomes markup');
  t.match(html, /invalid_request&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  t.match(html, /&lt;img src=x onerror=&quot;alert\(2\)&quot;&gt; &amp; more/);
  t.match(html, /it&#39;s/);
  t.match(html, /Không thể hoàn tất yêu cầu đăng nhập/, 'an unknown error gets the general sentence');
  t.equal(ctx.type, 'html');
  t.match(headers['response:content-security-policy'], /default-src 'none'/);
});
