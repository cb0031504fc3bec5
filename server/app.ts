import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.ts';
import { AppError } from './core/errors.ts';
import type { Db } from './db/connect.ts';
import { accessRoutes } from './domains/access/access.routes.ts';
import { authRoutes } from './domains/auth/auth.routes.ts';
import { departmentRoutes } from './domains/departments/departments.routes.ts';
import { employeeProfileRoutes } from './domains/employees/employee-profile.routes.ts';
import { employeeRoutes } from './domains/employees/employees.routes.ts';
import { legalPageRoutes } from './domains/legal/legal-pages.routes.ts';
import { resolveSigningSecret } from './domains/auth/signing-secret.ts';
import { accessRequestRoutes } from './domains/access-requests/access-requests.routes.ts';
import { healthRoutes } from './domains/health/health.routes.ts';
import { invitationRoutes } from './domains/invitations/invitations.routes.ts';
import { outboxRoutes } from './domains/invitations/outbox.routes.ts';
import { passwordRoutes } from './domains/passwords/passwords.routes.ts';
import { profileRoutes } from './domains/profile/profile.routes.ts';
import { twoFactorRoutes } from './domains/two-factor/two-factor.routes.ts';
import { notificationRoutes } from './domains/notifications/notifications.routes.ts';
import authPlugin from './plugins/auth.ts';
import errorHandler from './plugins/error-handler.ts';
import openapi from './plugins/openapi.ts';
import realtime, { redactToken } from './plugins/realtime.ts';
import ssr from './plugins/ssr.ts';

export interface AppDependencies {
  db: Db;
  config: Config;
  /** pino options or `false` (tests); defaults follow the config. */
  logger?: boolean | object;
  /** The database URL, for the realtime listener's own connection (defaults to DATABASE_URL). */
  databaseUrl?: string;
}

function loggerOptions(config: Config) {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // Fastify's request fields, with the websocket's ?token= (an access token) left out.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactToken(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(config.isDevelopment && {
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } },
    }),
  };
}

/** Builds the Fastify application: external plugins, then app plugins, then each domain's routes. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { db, config } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // A request id from the load balancer is kept, so one request can be followed across services.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    },
    ajv: {
      customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true },
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins.
  // The page renderer sets its own CSP with a per-request nonce; the API sends no HTML.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => request.url.startsWith('/assets/'),
    // A websocket upgrade whose socket already closed has no address; it must not crash the limiter.
    keyGenerator: (request) => request.ip ?? request.socket?.remoteAddress ?? 'unknown',
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });

  // Multipart forms (employee documents): read by the routes that accept them, 10 MB per file.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 100 } });

  // App plugins.
  await app.register(errorHandler);
  await app.register(authPlugin, { db, config, jwtSecret: await resolveSigningSecret(db, config) });
  await app.register(realtime, { db, config, databaseUrl: deps.databaseUrl });
  await app.register(openapi);

  // Domain routes.
  await app.register(healthRoutes, { db });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { config });
      await api.register(accessRoutes);
      await api.register(invitationRoutes);
      await api.register(passwordRoutes);
      await api.register(twoFactorRoutes);
      await api.register(profileRoutes);
      await api.register(accessRequestRoutes);
      await api.register(outboxRoutes);
      await api.register(notificationRoutes);
      await api.register(employeeRoutes);
      await api.register(employeeProfileRoutes);
      await api.register(legalPageRoutes);
      await api.register(departmentRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(ssr, { db, config });
  return app;
}
