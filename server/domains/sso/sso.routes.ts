import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  MySsoApps,
  SsoAccessRequest,
  SsoAccessRequestPage,
  SsoAccessRequestQuery,
  SsoConnection,
  SsoConnectionBody,
  SsoConnectionPage,
  SsoConnectionQuery,
  SsoDecisionBody,
} from '../../../shared/sso.schemas.ts';
import {
  createSsoConnection,
  deleteSsoConnection,
  getSsoConnection,
  listSsoConnections,
  rotateSsoClientSecret,
  updateSsoConnection,
} from './sso-connections.service.ts';
import { decideSsoAccessRequest, getMySsoApps, listSsoAccessRequests } from './sso-requests.service.ts';

const tags = ['Single sign-on'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  503: ErrorResponse,
};
const config = { access: 'sso.manage' } as const;

/** OpenID connections and access requests (spec: /account-management → sso-connection/:id, /sso-connections). */
export const ssoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sso-connections',
    {
      config,
      schema: {
        tags,
        summary: 'The OpenID connections, by name',
        querystring: SsoConnectionQuery,
        response: { 200: SsoConnectionPage, ...errors },
      },
    },
    async (request) => listSsoConnections(request.ctx(), request.query),
  );
  app.get(
    '/sso-connections/mine',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The apps the caller can open and their pending access requests',
        response: { 200: MySsoApps, ...errors },
      },
    },
    async (request) => getMySsoApps(request.ctx()),
  );
  app.post(
    '/sso-connections',
    {
      config,
      schema: {
        tags,
        summary: 'Register an app; a confidential one gets its client secret in this answer only',
        body: SsoConnectionBody,
        response: { 201: SsoConnection, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSsoConnection(request.ctx(), request.body)),
  );
  app.get(
    '/sso-connections/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One OpenID connection with its groups, people and endpoint addresses',
        params: IdParams,
        response: { 200: SsoConnection, ...errors },
      },
    },
    async (request) => getSsoConnection(request.ctx(), request.params.id),
  );
  app.put(
    '/sso-connections/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an app; people who lose access lose their grants and tokens at once',
        params: IdParams,
        body: SsoConnectionBody,
        response: { 200: SsoConnection, ...errors },
      },
    },
    async (request) => updateSsoConnection(request.ctx(), request.params.id, request.body),
  );
  app.delete(
    '/sso-connections/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an app: its client, grants and tokens stop working at once',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSsoConnection(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/sso-connections/:id/rotate-secret',
    {
      config,
      schema: {
        tags,
        summary: 'Issue a new client secret (shown in this answer only); the old one stops working',
        params: IdParams,
        response: { 200: SsoConnection, ...errors },
      },
    },
    async (request) => rotateSsoClientSecret(request.ctx(), request.params.id),
  );
  app.get(
    '/sso-requests',
    {
      config,
      schema: {
        tags,
        summary: 'Access requests to the apps, newest first',
        querystring: SsoAccessRequestQuery,
        response: { 200: SsoAccessRequestPage, ...errors },
      },
    },
    async (request) => listSsoAccessRequests(request.ctx(), request.query),
  );
  app.put(
    '/sso-requests/:id/decision',
    {
      config,
      schema: {
        tags,
        summary: 'Approve or reject an access request; the person is told',
        params: IdParams,
        body: SsoDecisionBody,
        response: { 200: SsoAccessRequest, ...errors },
      },
    },
    async (request) => decideSsoAccessRequest(request.ctx(), request.params.id, request.body),
  );
};
