import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  PermissionList,
  PermissionQuery,
  Role,
  RoleBody,
  RoleList,
  RoleQuery,
  RoleStatusBody,
  RoleUpdateBody,
  UserRolesQuery,
  UserRolesResponse,
} from '../../../shared/roles.schemas.ts';
import { getMyRoles } from './actor.service.ts';
import {
  createRole,
  deleteRole,
  listPermissions,
  listRoles,
  setRoleStatus,
  updateRole,
} from './roles.service.ts';

const tags = ['Access control'];
const errors = {
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};

/** Roles, the permission catalog and the caller's own roles (spec section 7, Roles). */
export const accessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/roles',
    {
      config: { access: 'roles.view' },
      schema: {
        tags,
        summary: 'List roles, optionally of one type',
        querystring: RoleQuery,
        response: { 200: RoleList, ...errors },
      },
    },
    async (request) => ({ items: await listRoles(request.ctx(), request.query.type) }),
  );

  app.post(
    '/roles',
    {
      config: { access: 'roles.manage' },
      schema: { tags, summary: 'Create a role', body: RoleBody, response: { 201: Role, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await createRole(request.ctx(), request.body)),
  );

  app.put(
    '/roles/:id',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags,
        summary: 'Rename a role or replace its permissions',
        params: IdParams,
        body: RoleUpdateBody,
        response: { 200: Role, ...errors },
      },
    },
    async (request) => updateRole(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/roles/:id',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags,
        summary: 'Delete a role nobody holds',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRole(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/roles/:id/status',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags,
        summary: 'Activate (ACTIVE) or deactivate (DEACTIVATE) a role',
        params: IdParams,
        body: RoleStatusBody,
        response: { 200: Role, ...errors },
      },
    },
    async (request) => setRoleStatus(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/permissions',
    {
      config: { access: 'roles.view' },
      schema: {
        tags,
        summary: 'The permission catalog, optionally what one role type may carry',
        querystring: PermissionQuery,
        response: { 200: PermissionList, ...errors },
      },
    },
    async (request) => ({ items: listPermissions(request.ctx(), request.query.roleType) }),
  );

  app.get(
    '/user-roles/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's roles: access permissions flat, project permissions per project id",
        querystring: UserRolesQuery,
        response: { 200: UserRolesResponse, 401: ErrorResponse },
      },
    },
    async (request) => getMyRoles(request.ctx(), request.query.type),
  );
};
