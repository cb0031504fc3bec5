import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 14: the provider's own pages speak the person's language. A person who uses Backoffice in
// Vietnamese (its language cookie) signs in to an app through Backoffice, then signs out from the
// app: the confirmation and the signed-out page are in Vietnamese, and the sign-out goes through.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

async function callbackServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Wiki</title><h1 data-testid="app-home">Signed in to Wiki</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/callback` };
}

test('signing out of an app: the confirmation and the signed-out page in Vietnamese', async ({
  page,
  baseURL,
  createUser,
  signIn,
}) => {
  const tag = randomBytes(3).toString('hex');
  const app = await callbackServer();
  try {
    const manager = await createUser({ permissions: ['sso.manage'] });
    const person = await createUser({ firstName: 'Nam', lastName: `Bui ${tag}` });
    const signedIn = await page.request.post('/api/auth/sign-in', {
      data: { email: manager.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    const created = await page.request.post('/api/sso-connections', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: {
        name: `Wiki ${tag}`,
        url: app.url.replace('/callback', '/'),
        callbackUrl: app.url,
        redirectUris: [app.url],
        postLogoutRedirectUris: [],
        clientType: 'PUBLIC',
        responseTypes: ['code'],
        grantTypes: ['authorization_code'],
        groups: [],
        memberIds: [person.id],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { clientId } = (await created.json()) as { clientId: string };

    await signIn(person);
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: app.url,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    await page.goto(`/oidc/auth?${query}`);
    await page.getByTestId('verify-allow').click();
    await expect(page.getByTestId('app-home')).toHaveText('Signed in to Wiki');

    // The cookie Backoffice keeps for the language the person chose (client/i18n/language.ts).
    await page.context().addCookies([{ name: 'bo_lang', value: 'vi', url: baseURL! }]);
    // The provider's pages are not the app's (nothing hydrates there): a plain tab of the same browser.
    const tab = await page.context().newPage();
    await tab.goto(`/oidc/session/end?${new URLSearchParams({ client_id: clientId })}`);
    await expect(tab.getByRole('heading', { name: 'Đăng xuất?' })).toBeVisible();
    await expect(tab.locator('main')).toContainText(`Bạn đang rời Wiki ${tag}.`);
    await tab.getByRole('button', { name: 'Có, đăng xuất' }).click();
    await expect(tab.getByRole('heading', { name: 'Bạn đã đăng xuất' })).toBeVisible();
    await expect(tab.locator('main')).toContainText('Bạn đã đăng xuất khỏi Backoffice.');
  } finally {
    app.server.close();
  }
});
