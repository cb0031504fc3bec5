import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CloudAccountBody,
  CloudAccountParams,
  CloudAccountSelectBody,
  CloudAccountUpdateBody,
  ProjectCloudAccount,
  ProjectCloudAccountList,
  SelectableCloudAccountList,
} from '../../../shared/cloud-accounts.schemas.ts';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import { ConnectionStatusBody } from '../../../shared/connections.schemas.ts';
import { PROJECT_VIEW_PERMISSIONS } from '../projects/projects.policy.ts';
import {
  addProjectCloudAccount,
  listProjectCloudAccounts,
  listSelectableCloudAccounts,
  removeProjectCloudAccount,
  selectProjectCloudAccounts,
  setCloudAccountStatus,
  updateCloudAccount,
} from './cloud-accounts.service.ts';

const tags = ['Projects: cloud accounts'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};
const manage = { access: 'projects.manage' } as const;

/** A project's cloud accounts (spec section 7, Projects). */
export const cloudAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/projects/:id/cloud-accounts',
    {
      config: { access: [...PROJECT_VIEW_PERMISSIONS] },
      schema: {
        tags,
        summary: "The project's cloud accounts (account ID, AWS or Azure, role, note)",
        params: IdParams,
        response: { 200: ProjectCloudAccountList, ...errors },
      },
    },
    async (request) => listProjectCloudAccounts(request.ctx(), request.params.id),
  );

  app.post(
    '/projects/:id/cloud-accounts',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a cloud account by its ID (AWS: 12 digits; Azure: a subscription GUID)',
        params: IdParams,
        body: CloudAccountBody,
        response: { 201: ProjectCloudAccount, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addProjectCloudAccount(request.ctx(), request.params.id, request.body)),
  );

  app.get(
    '/projects/:id/cloud-accounts/select-accounts',
    {
      config: manage,
      schema: {
        tags,
        summary: "The company's cloud accounts the project does not use yet",
        params: IdParams,
        response: { 200: SelectableCloudAccountList, ...errors },
      },
    },
    async (request) => listSelectableCloudAccounts(request.ctx(), request.params.id),
  );

  app.post(
    '/projects/:id/cloud-accounts/select-accounts',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add known cloud accounts to the project with a role',
        params: IdParams,
        body: CloudAccountSelectBody,
        response: { 200: ProjectCloudAccountList, ...errors },
      },
    },
    async (request) => selectProjectCloudAccounts(request.ctx(), request.params.id, request.body),
  );

  app.put(
    '/cloud-accounts/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Change a project's use of a cloud account (role, note) and the account's name",
        params: IdParams,
        body: CloudAccountUpdateBody,
        response: { 200: ProjectCloudAccount, ...errors },
      },
    },
    async (request) => updateCloudAccount(request.ctx(), request.params.id, request.body),
  );

  app.patch(
    '/projects/:id/cloud-accounts/:accountId/status',
    {
      config: manage,
      schema: {
        tags,
        summary: "Activate or deactivate the project's use of a cloud account",
        params: CloudAccountParams,
        body: ConnectionStatusBody,
        response: { 200: ProjectCloudAccount, ...errors },
      },
    },
    async (request) =>
      setCloudAccountStatus(request.ctx(), request.params.id, request.params.accountId, request.body),
  );

  app.delete(
    '/projects/:id/cloud-accounts/:accountId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a cloud account from the project (the account stays for the company)',
        params: CloudAccountParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeProjectCloudAccount(request.ctx(), request.params.id, request.params.accountId);
      return reply.code(204).send(null);
    },
  );
};
