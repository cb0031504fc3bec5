import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/connect.ts';
import { checkReadiness } from './health.service.ts';

/** Liveness and readiness probes for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['Health'],
        summary: 'The process is up',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['Health'],
        summary: 'The database is reachable and migrations are current',
        response: {
          200: Type.Object({
            ready: Type.Boolean(),
            database: Type.String(),
            pendingMigrations: Type.Array(Type.String()),
          }),
          503: Type.Object({
            ready: Type.Boolean(),
            database: Type.String(),
            pendingMigrations: Type.Array(Type.String()),
          }),
        },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(db);
      return reply.code(readiness.ready ? 200 : 503).send(readiness);
    },
  );
};
