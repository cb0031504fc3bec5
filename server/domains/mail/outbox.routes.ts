import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, SearchText } from '../../../shared/common.schemas.ts';
import { AppError } from '../../core/errors.ts';
import { listOutbox } from './mail.service.ts';

const OutboxMail = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  template: Type.String(),
  language: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});

/** The mail outbox for /devtools: development only, for platform administrators. */
export const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/devtools/mail',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags: ['Developer tools'],
        summary: 'The newest mails of the outbox (development only)',
        querystring: Type.Object({
          to: Type.Optional(SearchText(255)),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        }),
        response: {
          200: Type.Object({ items: Type.Array(OutboxMail) }),
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      // Mails hold live links (invitations, resets): outside development they are never listed here.
      const ctx = request.ctx();
      if (ctx.config.NODE_ENV !== 'development') throw new AppError('NOT_FOUND');
      return { items: await listOutbox(ctx, request.query) };
    },
  );
};
