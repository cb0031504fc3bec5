import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AreaRouteOptions } from '../area.ts';
import { OIDC_MOUNT, oidcProvider } from './oidc-provider.ts';

/**
 * Mounts oidc-provider (a Koa application) at `/oidc`: the request goes to it untouched — no body
 * parsing, no reply hooks — with the mount stripped from the URL and kept as `originalUrl`, which
 * the provider uses to build its own addresses. Discovery also answers at the root's well-known
 * address by redirecting to the issuer's.
 */
export const oidcRoutes: FastifyPluginAsync<AreaRouteOptions> = async (app, { db, config }) => {
  const provider = await oidcProvider(db, config);
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'oidc-provider error'));
  const handle = provider.callback();

  await app.register(async (scope) => {
    // The provider reads its own bodies (forms, JSON): leave the stream alone.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
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
