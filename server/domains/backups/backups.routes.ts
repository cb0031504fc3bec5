import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BackupConfiguration,
  BackupConfigurationBody,
  BackupConfigurationList,
  BackupLogPage,
  BackupLogQuery,
  BackupRunQueued,
  BackupStatusBody,
} from '../../../shared/backups.schemas.ts';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import { contentDisposition } from '../../core/files/download.ts';
import {
  createBackupConfiguration,
  deleteBackupConfiguration,
  listBackupConfigurations,
  listBackupLogs,
  setBackupConfigurationActive,
  updateBackupConfiguration,
} from './backup-configurations.service.ts';
import { openBackupDownload, queueBackupRun } from './backup-runs.service.ts';

const tags = ['Backups'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  503: ErrorResponse,
};

/** Backup configurations and their logs (the BACKUP category of /platform-settings; spec sections 3, 4, 9). */
export const backupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/backups',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags,
        summary: 'Backup configurations, each with its latest run (credentials are never returned)',
        response: { 200: BackupConfigurationList, ...errors },
      },
    },
    async (request) => listBackupConfigurations(request.ctx()),
  );
  app.post(
    '/backups',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags,
        summary: 'Create a backup configuration (credentials are encrypted at rest)',
        body: BackupConfigurationBody,
        response: { 201: BackupConfiguration, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBackupConfiguration(request.ctx(), request.body)),
  );
  app.put(
    '/backups/:id',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags,
        summary: 'Change a backup configuration; credentials left out are kept',
        params: IdParams,
        body: BackupConfigurationBody,
        response: { 200: BackupConfiguration, ...errors },
      },
    },
    async (request) => updateBackupConfiguration(request.ctx(), request.params.id, request.body),
  );
  app.put(
    '/backups/:id/status',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags,
        summary: 'Activate or deactivate a backup configuration',
        params: IdParams,
        body: BackupStatusBody,
        response: { 200: BackupConfiguration, ...errors },
      },
    },
    async (request) => setBackupConfigurationActive(request.ctx(), request.params.id, request.body.active),
  );
  app.delete(
    '/backups/:id',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags,
        summary: 'Remove a backup configuration and its logs (archives stay at the destination)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteBackupConfiguration(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/backups/:id/run',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags,
        summary: 'Run a backup now: queued for the worker, which logs the result',
        params: IdParams,
        response: { 202: BackupRunQueued, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await queueBackupRun(request.ctx(), request.params.id)),
  );
  app.get(
    '/backups/:id/logs',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags,
        summary: "A configuration's runs, newest first",
        params: IdParams,
        querystring: BackupLogQuery,
        response: { 200: BackupLogPage, ...errors },
      },
    },
    async (request) => listBackupLogs(request.ctx(), request.params.id, request.query),
  );
  app.get(
    '/backup-logs/:id/download',
    {
      config: { access: 'backups.manage' },
      schema: {
        tags,
        summary: 'Download the archive of a successful run, streamed from its destination',
        params: IdParams,
        produces: ['application/octet-stream'],
        response: { 200: Type.String({ format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await openBackupDownload(request.ctx(), request.params.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(stream as never);
    },
  );
};
