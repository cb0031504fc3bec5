import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  Client,
  ClientBody,
  ClientDetail,
  ClientExportQuery,
  ClientListQuery,
  ClientPage,
  ClientUpdateBody,
  ProjectBody,
  ProjectDetail,
  StatusBody,
} from '../../../shared/projects.schemas.ts';
import {
  createClient,
  deleteClient,
  getClient,
  listClients,
  setClientStatus,
  updateClient,
} from './clients.service.ts';
import { sendExport } from '../../core/files/download.ts';
import { prepareClientExport } from './projects-export.service.ts';
import { createProject } from './projects.service.ts';

const tags = ['Clients and projects'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};

/** Clients (spec section 3 Client) and the creation of their projects (section 7). */
export const clientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/clients',
    {
      config: { access: 'clients.view' },
      schema: {
        tags,
        summary: 'The client list: search, type and status filters, sort, server-side pages',
        description:
          '`search` matches names and email, ignoring case and Vietnamese accents. Filters can repeat ' +
          '(`type=EXTERNAL&type=INTERNAL`). `projectCount` counts live projects.',
        querystring: ClientListQuery,
        response: { 200: ClientPage, ...errors },
      },
    },
    async (request) => listClients(request.ctx(), request.query),
  );

  app.get(
    '/clients/export',
    {
      config: { access: 'clients.view' },
      schema: {
        tags,
        summary: 'Export the client list (same filters and order) as XLSX or CSV, streamed',
        querystring: ClientExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareClientExport(request.ctx(), request.query)),
  );

  app.get(
    '/clients/:id',
    {
      config: { access: 'clients.view' },
      schema: {
        tags,
        summary: 'One client with the projects of it the caller may see',
        params: IdParams,
        response: { 200: ClientDetail, ...errors },
      },
    },
    async (request) => getClient(request.ctx(), request.params.id),
  );

  app.post(
    '/clients',
    {
      config: { access: 'clients.manage' },
      schema: {
        tags,
        summary: 'Create a client (names are unique, whatever their case: 409 otherwise)',
        body: ClientBody,
        response: { 201: Client, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createClient(request.ctx(), request.body)),
  );

  app.put(
    '/clients/:id',
    {
      config: { access: 'clients.manage' },
      schema: {
        tags,
        summary: 'Change a client: fields left out stay, null clears the description or the email',
        params: IdParams,
        body: ClientUpdateBody,
        response: { 200: Client, ...errors },
      },
    },
    async (request) => updateClient(request.ctx(), request.params.id, request.body),
  );

  app.put(
    '/clients/:id/status',
    {
      config: { access: 'clients.manage' },
      schema: {
        tags,
        summary: 'Activate (ACTIVE) or deactivate (DEACTIVATE or INACTIVE) a client',
        description: 'An inactive client gets no new projects; its projects keep their own status.',
        params: IdParams,
        body: StatusBody,
        response: { 200: Client, ...errors },
      },
    },
    async (request) => setClientStatus(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/clients/:id',
    {
      config: { access: 'clients.manage' },
      schema: {
        tags,
        summary: 'Delete a client without live projects (CLIENT_HAS_PROJECTS otherwise)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteClient(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/clients/:id/projects',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Create a project under an active client (names are unique per client: 409 otherwise)',
        description:
          'Needs projects.manage company-wide. The project starts ACTIVE, in the stage given (NEGOTIATION by default).',
        params: IdParams,
        body: ProjectBody,
        response: { 201: ProjectDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProject(request.ctx(), request.params.id, request.body)),
  );
};
