import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AreaRouteOptions } from '../area.ts';
import type Provider from 'oidc-provider';
import { OIDC_MOUNT, oidcProvider } from './oidc-provider.ts';

/**
 * Mounts oidc-provider (a Koa application) at `/oidc`: the request goes to it untouched — no body
 * parsing, no reply hooks — with the mount stripped from the URL and kept as `originalUrl`, which
 * the provider uses to build its own addresses. Discovery also answers at the root's well-known
 * address by redirecting to the issuer's.
 */
export const oidcRoutes: FastifyPluginAsync<AreaRouteOptions> = async (app, { db, config }) => {
  // Built on first use, not at start: a server without CONNECTIONS_KEY in production (it encrypts
  // the signing keys) still starts, and /oidc answers 503 CONNECTIONS_KEY_MISSING until it has one.
  const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  const handlerOf = async () => {
    const provider = await oidcProvider(db, config);
    let handle = callbacks.get(provider);
    if (!handle) {
      provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'oidc-provider error'));
      handle = provider.callback();
      callbacks.set(provider, handle);
    }
    return handle;
  };

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
      handle(raw, reply.raw);
    };
    scope.all(OIDC_MOUNT, forward);
    scope.all(`${OIDC_MOUNT}/*`, forward);
  });

  app.get('/.well-known/openid-configuration', async (_request, reply) =>
    reply.redirect(`${OIDC_MOUNT}/.well-known/openid-configuration`),
  );
};
