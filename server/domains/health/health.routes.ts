import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/connect.ts';
import { checkReadiness, databaseProbe } from './health.service.ts';

/** Liveness and readiness probes for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const databaseAnswers = databaseProbe(db);
  app.get(
    '/healthz',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['Health'],
        summary: 'The process is up and its database answers',
        description:
          '503 while the database does not answer `select 1` within a second (checked at most every 1.5 s), ' +
          'so a balancer or orchestrator stops sending requests to a process that could only fail them.',
        response: {
          200: Type.Object({ status: Type.Literal('ok') }),
          503: Type.Object({ status: Type.Literal('unavailable') }),
        },
      },
    },
    async (_request, reply) =>
      (await databaseAnswers())
        ? reply.code(200).send({ status: 'ok' as const })
        : reply.code(503).send({ status: 'unavailable' as const }),
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
