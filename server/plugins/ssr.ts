import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PageAssets } from '../../client/entry-server.tsx';
import { renderPage } from '../../client/entry-server.tsx';
import { setServerTransport } from '../../client/api/http.ts';
import { isLanguage, languageFromHeader, type Language } from '../../shared/i18n/index.ts';
import type { Config } from '../config.ts';
import { createContext, SYSTEM_ACTOR } from '../core/context.ts';
import type { Db } from '../db/connect.ts';
import { getMyRoles } from '../domains/access/actor.service.ts';
import { loadUserActor } from '../domains/access/actor.service.ts';
import { findPageSession } from '../domains/accounts/sessions.service.ts';
import { passwordExpiryOf } from '../domains/accounts/password-expiry.service.ts';
import { readAccountSettings } from '../domains/accounts/account-settings.ts';
import { REFRESH_COOKIE } from './auth.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLIENT_DIST = path.join(ROOT, 'dist/client');
const CLIENT_ENTRY = 'client/entry-client.tsx';
const LANGUAGE_COOKIE = 'bo_lang';

/** Reads the built client's manifest: the entry script and its stylesheets. */
export function readBuiltAssets(): PageAssets | null {
  const manifestPath = path.join(CLIENT_DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) return null;
  return { scripts: [`/${entry.file}`], styles: (entry.css ?? []).map((file) => `/${file}`) };
}

const DEV_ASSETS: PageAssets = {
  scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
  styles: [],
  devHead:
    '<script type="module">import RefreshRuntime from "/@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);' +
    'window.$RefreshReg$ = () => {};window.$RefreshSig$ = () => (type) => type;window.__vite_plugin_react_preamble_installed__ = true;</script>',
};

/** The person a page is being rendered for, and the app that answers its prefetch calls. */
interface PageCaller {
  app: FastifyInstance;
  /** A short-lived access token of the page's session, signed on the first prefetch call only. */
  accessToken: () => string;
  language: Language;
  ip: string;
}
const pageCaller = new AsyncLocalStorage<PageCaller>();

/**
 * While a page renders on the server, the client's API calls (its prefetch, with the page's own
 * query functions) go through the app in-process as the person: same routes, same permission checks,
 * same answers as the browser would get. Only reads; the rate limit counts them for the person's address.
 */
setServerTransport(async (path, options) => {
  const caller = pageCaller.getStore();
  if (!caller) throw new Error('API calls on the server are only made while rendering a page');
  if ((options.method ?? 'GET') !== 'GET') throw new Error('a page prefetches with GET calls only');
  const answer = await caller.app.inject({
    method: 'GET',
    url: `/api${path}`,
    remoteAddress: caller.ip,
    headers: { authorization: `Bearer ${caller.accessToken()}`, 'accept-language': caller.language },
  });
  return new Response(answer.statusCode === 204 ? null : answer.payload, {
    status: answer.statusCode,
    headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
  });
});

/** Computes once, on first use (most pages prefetch nothing: no token is signed for them). */
function memoised<T>(compute: () => T): () => T {
  let value: { result: T } | undefined;
  return () => (value ??= { result: compute() }).result;
}

export interface SsrOptions {
  db: Db;
  config: Config;
}

/** Serves the UI: built assets (or Vite in development) and every page, rendered on the server and streamed. */
export default fp<SsrOptions>(async function ssr(app: FastifyInstance, { db, config }) {
  let assets: PageAssets;
  if (config.isDevelopment) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { port: 24678 } },
      appType: 'custom',
    });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    assets = DEV_ASSETS;
  } else {
    assets = readBuiltAssets() ?? { scripts: [], styles: [] };
    if (assets.scripts.length === 0)
      app.log.warn('the UI is not built (npm run build): pages render without scripts');
    if (existsSync(path.join(CLIENT_DIST, 'assets'))) {
      await app.register(fastifyStatic, {
        root: path.join(CLIENT_DIST, 'assets'),
        prefix: '/assets/',
        immutable: true,
        maxAge: '365d',
      });
    }
  }

  /** The person behind the refresh cookie, and what every page of theirs shows at once. */
  async function pageSession(request: FastifyRequest) {
    const ctx = createContext({ db, config }, SYSTEM_ACTOR, { ip: request.ip, requestId: request.id });
    const found = await findPageSession(ctx, request.cookies[REFRESH_COOKIE]);
    if (!found) return null;
    // Three statements: the session with its user (above), then the roles and the password policy.
    const [actor, settings] = await Promise.all([
      loadUserActor(db, found.user, found.sessionId),
      readAccountSettings(db),
    ]);
    const roles = await getMyRoles({ ...ctx, actor }); // from the grants just loaded, no query
    const passwordExpiry = passwordExpiryOf(found.userRow, settings);
    return {
      claims: { sub: found.user.id, sid: found.sessionId },
      session: {
        user: found.user,
        permissions: roles.permissions,
        projectPermissions: roles.projectPermissions,
      },
      prefetched: { passwordExpiry },
    };
  }

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const page = await pageSession(request);
    const session = page?.session ?? null;
    const cookieLanguage = request.cookies[LANGUAGE_COOKIE];
    // A link's `lang` (invitation and reset mails carry the person's) wins on pages before sign-in.
    const linkLanguage = (request.query as { lang?: unknown }).lang;
    const language: Language =
      session?.user.language ??
      (isLanguage(linkLanguage)
        ? linkLanguage
        : isLanguage(cookieLanguage)
          ? cookieLanguage
          : languageFromHeader(request.headers['accept-language']));
    const nonce = randomBytes(16).toString('base64');
    const caller: PageCaller | undefined = page
      ? { app, accessToken: memoised(() => app.jwt.sign(page.claims)), language, ip: request.ip }
      : undefined;
    const render = () =>
      renderPage({
        url: request.url,
        language,
        environment: config.NODE_ENV,
        session,
        prefetched: page?.prefetched,
        assets,
        nonce,
      });
    const plan = await (caller ? pageCaller.run(caller, render) : render());
    if (plan.kind === 'redirect') return reply.redirect(plan.location, 302);
    if (!config.isDevelopment) {
      reply.header(
        'content-security-policy',
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'`,
          // PrimeReact positions overlays with inline styles.
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          // PDFs previewed in the page (documents, invoice attachments) are framed from object URLs.
          "frame-src 'self' blob:",
          "font-src 'self' data:",
          "connect-src 'self' ws: wss:",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "form-action 'self'",
        ].join('; '),
      );
    }
    return reply
      .code(plan.statusCode)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(plan.stream);
  });
});
