import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BoardAccountPage,
  BoardAccountQuery,
  MyConnectedAccounts,
  OpenOffboardingPage,
  OpenOffboardingQuery,
} from '../../../shared/account-board.schemas.ts';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import { listAccountBoard, listMyConnectedAccounts, listOpenOffboardings } from './account-board.service.ts';

const tags = ['Account boards'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };

/** The account boards and the signed-in person's connected accounts (designed here: the spec has no such calls). */
export const accountBoardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/account-board',
    {
      config: { access: 'accounts.view' },
      schema: {
        tags,
        summary: 'Every account at the connected providers and who uses it, by provider, person or project',
        querystring: BoardAccountQuery,
        response: { 200: BoardAccountPage, ...errors },
      },
    },
    async (request) => listAccountBoard(request.ctx(), request.query),
  );

  app.get(
    '/offboarding-checklists',
    {
      config: { access: 'accounts.view' },
      schema: {
        tags,
        summary: 'Deactivated people whose offboarding checklist still has open items',
        querystring: OpenOffboardingQuery,
        response: { 200: OpenOffboardingPage, ...errors },
      },
    },
    async (request) => listOpenOffboardings(request.ctx(), request.query),
  );

  app.get(
    '/me/connected-accounts',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in person's Discord id and the accounts assigned to them",
        response: { 200: MyConnectedAccounts, ...errors },
      },
    },
    async (request) => listMyConnectedAccounts(request.ctx()),
  );
};
