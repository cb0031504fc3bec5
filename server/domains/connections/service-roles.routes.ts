import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  ServiceRole,
  ServiceRoleBody,
  ServiceRoleList,
  ServiceRoleUpdateBody,
} from '../../../shared/service-roles.schemas.ts';
import {
  createServiceRole,
  deleteServiceRole,
  listServiceRoles,
  updateServiceRole,
} from './service-roles.service.ts';

const tags = ['Service roles'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
};
const manage = { access: 'accounts.manage' } as const;

/** Service roles: a name and a colour, the chip on a project's cloud accounts (issue 13). */
export const serviceRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/service-roles',
    {
      config: { access: ['accounts.view', 'accounts.manage', 'projects.manage'] },
      schema: {
        tags,
        summary: 'Every service role (name, colour, how many cloud accounts carry it)',
        response: { 200: ServiceRoleList, ...errors },
      },
    },
    async (request) => listServiceRoles(request.ctx()),
  );
  app.post(
    '/service-roles',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a service role (a unique name, a colour of the list)',
        body: ServiceRoleBody,
        response: { 201: ServiceRole, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createServiceRole(request.ctx(), request.body)),
  );
  app.put(
    '/service-roles/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename a service role or change its colour',
        params: IdParams,
        body: ServiceRoleUpdateBody,
        response: { 200: ServiceRole, ...errors },
      },
    },
    async (request) => updateServiceRole(request.ctx(), request.params.id, request.body),
  );
  app.delete(
    '/service-roles/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a service role (its cloud accounts keep their access role)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteServiceRole(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
