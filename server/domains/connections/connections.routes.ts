import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  Connection,
  ConnectionBody,
  ConnectionDetail,
  ConnectionPage,
  ConnectionQuery,
  ConnectionStatusBody,
  ConnectionTestBody,
  ConnectionTestResult,
  ConnectionUpdateBody,
  JiraAccountPage,
  JiraProjectPage,
  SyncedQuery,
  SyncRun,
  SyncRunPage,
} from '../../../shared/connections.schemas.ts';
import { listConnectionJiraAccounts, listConnectionJiraProjects } from './connection-data.service.ts';
import { listSyncRuns, syncConnection } from './connection-sync.service.ts';
import {
  createConnection,
  deleteConnection,
  getConnection,
  listConnections,
  setConnectionStatus,
  testConnection,
  testConnectionCredentials,
  updateConnection,
} from './connections.service.ts';

const tags = ['Connections'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  503: ErrorResponse,
};
const config = { access: 'connections.manage' } as const;

/** Third-party connections (spec: /setting-connections; the calls are designed here). */
export const connectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/connections',
    {
      config,
      schema: {
        tags,
        summary: 'The connections, by name (the token only masked)',
        querystring: ConnectionQuery,
        response: { 200: ConnectionPage, ...errors },
      },
    },
    async (request) => listConnections(request.ctx(), request.query),
  );

  app.post(
    '/connections/test',
    {
      config,
      schema: {
        tags,
        summary: 'Try credentials with the provider before connecting them (keeps nothing)',
        body: ConnectionTestBody,
        response: { 200: ConnectionTestResult, ...errors },
      },
    },
    async (request) => testConnectionCredentials(request.ctx(), request.body),
  );

  app.post(
    '/connections',
    {
      config,
      schema: {
        tags,
        summary: 'Connect an account: tested with the provider, then kept with the token encrypted',
        body: ConnectionBody,
        response: { 201: Connection, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createConnection(request.ctx(), request.body)),
  );

  app.get(
    '/connections/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One connection, its last sync and what its syncs brought back',
        params: IdParams,
        response: { 200: ConnectionDetail, ...errors },
      },
    },
    async (request) => getConnection(request.ctx(), request.params.id),
  );

  app.put(
    '/connections/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename, change the path, or replace the address, email or token (tested first)',
        params: IdParams,
        body: ConnectionUpdateBody,
        response: { 200: Connection, ...errors },
      },
    },
    async (request) => updateConnection(request.ctx(), request.params.id, request.body),
  );

  app.patch(
    '/connections/:id/status',
    {
      config,
      schema: {
        tags,
        summary: 'Activate or deactivate a connection',
        params: IdParams,
        body: ConnectionStatusBody,
        response: { 200: Connection, ...errors },
      },
    },
    async (request) => setConnectionStatus(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/connections/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a connection (its token is erased)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteConnection(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/connections/:id/test',
    {
      config,
      schema: {
        tags,
        summary: "Try a connection's credentials again (keeps nothing)",
        params: IdParams,
        response: { 200: ConnectionTestResult, ...errors },
      },
    },
    async (request) => testConnection(request.ctx(), request.params.id),
  );

  app.post(
    '/connections/:id/sync',
    {
      config,
      schema: {
        tags,
        summary: 'Sync now: read the provider, keep what changed; answers the run (succeeded or failed)',
        description: 'One run at a time per connection (409 when one is running).',
        params: IdParams,
        response: { 200: SyncRun, ...errors },
      },
    },
    async (request) => syncConnection(request.ctx(), request.params.id),
  );

  app.get(
    '/connections/:id/sync-runs',
    {
      config,
      schema: {
        tags,
        summary: "A connection's sync runs, newest first",
        params: IdParams,
        querystring: SyncedQuery,
        response: { 200: SyncRunPage, ...errors },
      },
    },
    async (request) => listSyncRuns(request.ctx(), request.params.id, request.query),
  );

  app.get(
    '/connections/:id/jira-projects',
    {
      config,
      schema: {
        tags,
        summary: "A connection's synced Jira projects",
        params: IdParams,
        querystring: SyncedQuery,
        response: { 200: JiraProjectPage, ...errors },
      },
    },
    async (request) => listConnectionJiraProjects(request.ctx(), request.params.id, request.query),
  );

  app.get(
    '/connections/:id/jira-accounts',
    {
      config,
      schema: {
        tags,
        summary: "A connection's synced Jira accounts, with note and assignees",
        params: IdParams,
        querystring: SyncedQuery,
        response: { 200: JiraAccountPage, ...errors },
      },
    },
    async (request) => listConnectionJiraAccounts(request.ctx(), request.params.id, request.query),
  );
};
