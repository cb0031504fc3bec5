import { createServer } from 'node:net';
import type { SsoConnection, SsoConnectionBody } from '../../shared/sso.schemas.ts';
import { buildTestApp, type SignedInUser, type TestApp } from './build-app.ts';

interface Tap {
  teardown(fn: () => unknown): void;
}

/** A free port on this machine (the issuer must name the port the app listens on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A test app listening on a real port (relying parties talk HTTP to it), with its issuer. */
export async function startSsoApp(t: Tap): Promise<TestApp & { baseUrl: string; issuer: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const testApp = await buildTestApp(t, { PUBLIC_URL: baseUrl });
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return { ...testApp, baseUrl, issuer: `${baseUrl}/oidc` };
}

export const CALLBACK = 'http://127.0.0.1:9/callback';

export function connectionBody(overrides: Partial<SsoConnectionBody> = {}): SsoConnectionBody {
  return {
    name: `App ${Math.random().toString(36).slice(2, 8)}`,
    url: 'http://127.0.0.1:9/',
    callbackUrl: CALLBACK,
    redirectUris: [CALLBACK],
    postLogoutRedirectUris: ['http://127.0.0.1:9/bye'],
    clientType: 'CONFIDENTIAL',
    responseTypes: ['code'],
    grantTypes: ['authorization_code', 'refresh_token'],
    groups: [],
    memberIds: [],
    ...overrides,
  };
}

/** Registers an app through the API as a manager. */
export async function registerApp(
  manager: SignedInUser | Pick<SignedInUser, 'inject'>,
  overrides: Partial<SsoConnectionBody> = {},
): Promise<SsoConnection> {
  const response = await manager.inject({
    method: 'POST',
    url: '/api/sso-connections',
    payload: connectionBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`register app: ${response.body}`);
  return response.json<SsoConnection>();
}

/**
 * A browser for the provider's redirects: follows nothing by itself, keeps cookies by name (the
 * flows here are one at a time, so paths do not matter).
 */
export class CookieBrowser {
  readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    return this.keep(await fetch(url, { redirect: 'manual', headers: { cookie: this.header() } }));
  }

  async post(url: string, body: unknown, accessToken: string): Promise<Response> {
    return this.keep(
      await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: this.header(),
          authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  async getJson(url: string, accessToken: string): Promise<Response> {
    return this.keep(
      await fetch(url, { headers: { cookie: this.header(), authorization: `Bearer ${accessToken}` } }),
    );
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

export const interactionOf = (location: string) =>
  new URL(location, 'http://relative.invalid').searchParams.get('interaction')!;

/**
 * Drives a login from the authorization URL to the app's callback, as /verify-oidc does: sign in
 * with the session, then consent. Answers the callback URL (with its code) and the browser.
 */
export async function loginThroughBrowser(
  baseUrl: string,
  authorizationUrl: string,
  accessToken: string,
  browser = new CookieBrowser(),
): Promise<{ callback: URL; browser: CookieBrowser }> {
  let location = (await browser.get(authorizationUrl)).headers.get('location')!;
  for (let step = 0; step < 4 && location.includes('/verify-oidc'); step++) {
    const id = interactionOf(location);
    const state = await browser.getJson(`${baseUrl}/api/oidc-auth/interaction/${id}`, accessToken);
    if (state.status !== 200) throw new Error(`interaction: ${state.status} ${await state.text()}`);
    const { step: kind } = (await state.json()) as { step: string };
    const answer =
      kind === 'login'
        ? await browser.post(`${baseUrl}/api/oidc-auth/sign-in-by-token`, { interactionId: id }, accessToken)
        : await browser.post(`${baseUrl}/api/oidc-auth/consent/${id}/confirm`, undefined, accessToken);
    if (answer.status !== 200) throw new Error(`${kind}: ${answer.status} ${await answer.text()}`);
    const { redirectTo } = (await answer.json()) as { redirectTo: string };
    location = (await browser.get(redirectTo)).headers.get('location')!;
  }
  return { callback: new URL(location, baseUrl), browser };
}
