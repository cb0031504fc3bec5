import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  Revealed,
  RevealBody,
  SecureShareBody,
  SecureShareCreated,
  SecureShareLimits,
  SecureShareStatus,
} from '../../../shared/secrets.schemas.ts';
import {
  createSecureShare,
  getSecureShareLimits,
  getSecureShareStatus,
  revealSecureShare,
} from './secure-share.service.ts';

const tags = ['Secure share'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  410: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};

/** Secure share links (spec: secure share; the calls are designed here, README "Secure share links"). */
export const secureShareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/secure-shares/limits',
    {
      config: { access: 'secure-share.create' },
      schema: {
        tags,
        summary: 'The most views and hours a new link may ask for, and the form’s defaults',
        response: { 200: SecureShareLimits, ...errors },
      },
    },
    async (request) => getSecureShareLimits(request.ctx()),
  );
  app.post(
    '/secure-shares',
    {
      config: { access: 'secure-share.create' },
      schema: {
        tags,
        summary: 'Store an encrypted text for a number of views and hours; the key stays in the link',
        body: SecureShareBody,
        response: { 201: SecureShareCreated, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSecureShare(request.ctx(), request.body)),
  );
  app.get(
    '/secure-shares/:id',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Views left and expiry of a link (uses no view); 410 when expired or used up',
        params: IdParams,
        response: { 200: SecureShareStatus, ...errors },
      },
    },
    async (request) => getSecureShareStatus(request.ctx(), request.params.id),
  );
  app.post(
    '/secure-shares/:id/reveal',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Use one view: the ciphertext, for the link's verifier only (a wrong one uses nothing)",
        params: IdParams,
        body: RevealBody,
        response: { 200: Revealed, ...errors },
      },
    },
    async (request) => revealSecureShare(request.ctx(), request.params.id, request.body),
  );
};
