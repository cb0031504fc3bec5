import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 14, as people use it: an internal app sends a person to Backoffice; they may not use the
// app yet, so they ask from the consent screen; a manager sees it live and approves; the same login
// continues and the person lands on the app's callback with a code. The app is a tiny local server.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

async function callbackServer(): Promise<{ server: Server; url: string; codes: string[] }> {
  const codes: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const code = url.searchParams.get('code');
    if (code) codes.push(code);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Wiki</title><h1 data-testid="app-home">${code ? 'Signed in to Wiki' : 'No code'}</h1>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/callback`, codes };
}

test('a person asks for access from the consent screen, a manager approves live, the app gets a code', async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  const tag = randomBytes(3).toString('hex');
  const app = await callbackServer();
  const manager = await createUser({
    permissions: ['sso.manage'],
    firstName: 'Hoa',
    lastName: `Pham ${tag}`,
  });
  const person = await createUser({ permissions: ['sso.request'], firstName: 'Nam', lastName: `Bui ${tag}` });

  const context = await browser.newContext();
  try {
    const managerPage = await context.newPage();
    const signedIn = await managerPage.request.post('/api/auth/sign-in', {
      data: { email: manager.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    const created = await managerPage.request.post('/api/sso-connections', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: {
        name: `Wiki ${tag}`,
        url: app.url.replace('/callback', '/'),
        callbackUrl: app.url,
        redirectUris: [app.url],
        postLogoutRedirectUris: [],
        clientType: 'PUBLIC',
        responseTypes: ['code'],
        grantTypes: ['authorization_code', 'refresh_token'],
        groups: [],
        memberIds: [],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { clientId } = (await created.json()) as { clientId: string };
    await managerPage.goto('/account-management/sso-connections');
    await expect(managerPage.getByTestId('sso-requests')).toContainText('No access requests');

    // The app sends the person to Backoffice (code flow with PKCE, as a public app must).
    await signIn(person);
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: app.url,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: `st-${tag}`,
    });
    await page.goto(`/oidc/auth?${query}`);
    await expect(page.getByTestId('verify-consent')).toContainText(`You may not use Wiki ${tag} yet.`);
    await page.getByTestId('verify-ask').click();
    await expect(page.getByTestId('verify-waiting')).toBeVisible();

    // The manager hears of it on the open page, and approves.
    await expect(managerPage.getByTestId('notification-badge')).toHaveText('1');
    await managerPage.reload();
    await managerPage.getByTestId(`sso-approve-${person.email}`).click();
    await expect(managerPage.getByTestId('sso-requests')).toContainText('No access requests');

    // The person's page continues by itself: consent, then the app's callback with a code.
    await page.getByTestId('verify-allow').click();
    await expect(page.getByTestId('app-home')).toHaveText('Signed in to Wiki');
    const landed = new URL(page.url());
    expect(landed.origin + landed.pathname).toBe(app.url);
    expect(landed.searchParams.get('state')).toBe(`st-${tag}`);
    expect(landed.searchParams.get('code')).toBeTruthy();
    expect(app.codes).toHaveLength(1);
  } finally {
    await context.close();
    app.server.close();
  }
});
