import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AccessRequest,
  AccessRequestBody,
  AccessRequestList,
  AccessRequestQuery,
  CandidateList,
  CandidateQuery,
  DenyAccessBody,
  GrantAccessBody,
  RoleMemberBody,
  RoleMemberList,
  RoleMemberParams,
} from '../../../shared/account.schemas.ts';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  denyAccessRequest,
  grantAccessRequest,
  listAccessRequests,
  listMyAccessRequests,
  requestAccess,
} from './access-requests.service.ts';
import {
  addRoleMember,
  listRoleCandidates,
  listRoleMembers,
  removeRoleMember,
} from './role-members.service.ts';

const tags = ['Access control'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
};

/** Access requests from people who lack a permission, and who holds which access role. */
export const accessRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/access-requests',
    {
      config: { access: 'authenticated', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Ask the administrators for access to a page',
        description:
          'Reviewers are told by mail and review within 24 hours. Asking again for the same page while a request ' +
          'is open answers that request (200) instead of a new one (201).',
        body: AccessRequestBody,
        response: { 200: AccessRequest, 201: AccessRequest, ...errors },
      },
    },
    async (request, reply) => {
      const { request: created, created: isNew } = await requestAccess(request.ctx(), request.body);
      return reply.code(isNew ? 201 : 200).send(created);
    },
  );

  app.get(
    '/access-requests/mine',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's access requests",
        response: { 200: AccessRequestList, ...errors },
      },
    },
    async (request) => ({ items: await listMyAccessRequests(request.ctx()) }),
  );

  app.get(
    '/access-requests',
    {
      config: { access: 'access-requests.review' },
      schema: {
        tags,
        summary: 'Access requests to review, pending first',
        querystring: AccessRequestQuery,
        response: { 200: AccessRequestList, ...errors },
      },
    },
    async (request) => ({ items: await listAccessRequests(request.ctx(), request.query.status) }),
  );

  app.put(
    '/access-requests/:id/grant',
    {
      config: { access: 'access-requests.review' },
      schema: {
        tags,
        summary: 'Grant a request by giving the person an active access role',
        params: IdParams,
        body: GrantAccessBody,
        response: { 200: AccessRequest, ...errors },
      },
    },
    async (request) => grantAccessRequest(request.ctx(), request.params.id, request.body),
  );

  app.put(
    '/access-requests/:id/deny',
    {
      config: { access: 'access-requests.review' },
      schema: {
        tags,
        summary: 'Decline a request',
        params: IdParams,
        body: DenyAccessBody,
        response: { 200: AccessRequest, ...errors },
      },
    },
    async (request) => denyAccessRequest(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/access-roles/:id/members',
    {
      config: { access: 'roles.view' },
      schema: {
        tags,
        summary: 'The people holding an access role',
        params: IdParams,
        response: { 200: RoleMemberList, ...errors },
      },
    },
    async (request) => listRoleMembers(request.ctx(), request.params.id),
  );

  app.get(
    '/access-roles/:id/candidates',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags,
        summary: 'People who could be given an access role, by name or email',
        params: IdParams,
        querystring: CandidateQuery,
        response: { 200: CandidateList, ...errors },
      },
    },
    async (request) => ({
      items: await listRoleCandidates(request.ctx(), request.params.id, request.query.search),
    }),
  );

  app.post(
    '/access-roles/:id/members',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags,
        summary: 'Give a person an access role',
        params: IdParams,
        body: RoleMemberBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await addRoleMember(request.ctx(), request.params.id, request.body.userId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/access-roles/:id/members/:userId',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags,
        summary: 'Take an access role away from a person',
        params: RoleMemberParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeRoleMember(request.ctx(), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
