import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AreaRouteOptions } from '../area.ts';
import { OIDC_MOUNT, oidcProvider } from './oidc-provider.ts';
import { runInOidcRequestScope } from './oidc-request-scope.ts';

/**
 * Mounts oidc-provider (a Koa application) at `/oidc`: the request goes to it untouched — no body
 * parsing, no reply hooks — with the mount stripped from the URL and kept as `originalUrl`, which
 * the provider uses to build its own addresses. Discovery also answers at the root's well-known
 * address by redirecting to the issuer's.
 */
export const oidcRoutes: FastifyPluginAsync<AreaRouteOptions> = async (app, { db, config }) => {
  // Built on first use, not at start: a server without CONNECTIONS_KEY in production (it encrypts
  // the signing keys) still starts, and /oidc answers 503 CONNECTIONS_KEY_MISSING until it has one.
  const watched = new WeakSet<Provider>();
  const providerOf = async () => {
    const provider = await oidcProvider(db, config);
    if (!watched.has(provider)) {
      watched.add(provider);
      provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'oidc-provider error'));
    }
    return provider;
  };
  await mountOidcProvider(app, providerOf, { https: config.publicUrl.startsWith('https:') });

  app.get('/.well-known/openid-configuration', async (_request, reply) =>
    reply.redirect(`${OIDC_MOUNT}/.well-known/openid-configuration`),
  );
};

/**
 * The security headers helmet gives the rest of the app, which a hijacked reply never gets. Only
 * those that cannot hinder a relying party: no cross-origin resource or opener policy (JWKS,
 * discovery and token calls come from other origins; form_post and popups cross origins too). The
 * provider's HTML pages (logout confirmation, errors) may not be framed (clickjacking).
 */
export function oidcSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'",
    'x-permitted-cross-domain-policies': 'none',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Also used by the benchmark to mount its in-memory baseline exactly like the app's provider. */
export async function mountOidcProvider(
  app: FastifyInstance,
  providerOf: () => Promise<Provider>,
  options: { https: boolean },
): Promise<void> {
  const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  const handlerOf = async () => {
    const provider = await providerOf();
    let handle = callbacks.get(provider);
    if (!handle) {
      handle = provider.callback();
      callbacks.set(provider, handle);
    }
    return handle;
  };
  const headers = Object.entries(oidcSecurityHeaders(options.https));
  await app.register(async (scope) => {
    // The provider reads its own bodies (forms, JSON): leave the stream alone.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const handle = await handlerOf(); // before hijacking: a failure is answered as usual
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_MOUNT.length) || '/';
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      runInOidcRequestScope(() => handle(raw, reply.raw));
    };
    // Helmet's own hook is skipped here: the headers above replace it (and it builds its middleware
    // anew on every request, which measured as a large part of a userinfo call).
    const options = { helmet: false as const };
    scope.all(OIDC_MOUNT, options, forward);
    scope.all(`${OIDC_MOUNT}/*`, options, forward);
  });
}
