import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import { OffboardingChecklist, OffboardingItem } from '../../../shared/connection-links.schemas.ts';
import {
  closeOffboardingItem,
  getOffboardingChecklist,
  performOffboardingItem,
} from './offboarding.service.ts';

const tags = ['Offboarding'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  503: ErrorResponse,
};

/** A deactivated person's offboarding checklist (designed here: the spec has no such call). */
export const offboardingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/:id/offboarding',
    {
      config: { access: 'accounts.view' },
      schema: {
        tags,
        summary: "A person's offboarding checklist: each account they held, the action and its result",
        params: IdParams,
        response: { 200: OffboardingChecklist, ...errors },
      },
    },
    async (request) => getOffboardingChecklist(request.ctx(), request.params.id),
  );

  app.post(
    '/offboarding-items/:id/perform',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags,
        summary: 'Remove the member through the provider API and record the result',
        params: IdParams,
        response: { 200: OffboardingItem, ...errors },
      },
    },
    async (request) => performOffboardingItem(request.ctx(), request.params.id),
  );

  app.post(
    '/offboarding-items/:id/close',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags,
        summary: 'Mark an item done by hand',
        params: IdParams,
        response: { 200: OffboardingItem, ...errors },
      },
    },
    async (request) => closeOffboardingItem(request.ctx(), request.params.id),
  );
};
