import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import {
  AuditCheckList,
  AuditCheckParams,
  AuditFindingPage,
  AuditFindingQuery,
  AuditRun,
  AuditRunPage,
  AuditRunParams,
  AuditRunQuery,
  AuditScheduleBody,
} from '../../../shared/security-audits.schemas.ts';
import { getAuditRun, listAuditFindings, listAuditRuns, runAuditNow } from './audit-runs.service.ts';
import { listAuditChecks, removeAuditSchedule, saveAuditSchedule } from './audit-schedules.service.ts';

const tags = ['Security audits'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
};
const access = 'platform-settings.manage' as const;

/** AUDIT_SCHEDULE of /platform-settings: the checks, their schedules, runs on demand and the run log. */
export const securityAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/security-audits',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every audit check with its schedule and latest run',
        response: { 200: AuditCheckList, ...errors },
      },
    },
    async (request) => listAuditChecks(request.ctx()),
  );
  app.put(
    '/security-audits/:check/schedule',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Schedule a check (DAILY, WEEKLY or MONTHLY), change it, or switch it off',
        params: AuditCheckParams,
        body: AuditScheduleBody,
        response: { 200: AuditCheckList, ...errors },
      },
    },
    async (request) => saveAuditSchedule(request.ctx(), request.params.check, request.body),
  );
  app.delete(
    '/security-audits/:check/schedule',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Unschedule a check (its runs stay in the log)',
        params: AuditCheckParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeAuditSchedule(request.ctx(), request.params.check);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/security-audits/:check/runs',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Run a check now; the run is recorded with its findings (FAILED with its error if it throws)',
        params: AuditCheckParams,
        response: { 201: AuditRun, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await runAuditNow(request.ctx(), request.params.check)),
  );
  app.get(
    '/security-audits/runs',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The run log, newest first',
        querystring: AuditRunQuery,
        response: { 200: AuditRunPage, ...errors },
      },
    },
    async (request) => listAuditRuns(request.ctx(), request.query),
  );
  app.get(
    '/security-audits/runs/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One run of the log',
        params: AuditRunParams,
        response: { 200: AuditRun, ...errors },
      },
    },
    async (request) => getAuditRun(request.ctx(), request.params.id),
  );
  app.get(
    '/security-audits/runs/:id/findings',
    {
      config: { access },
      schema: {
        tags,
        summary: "A page of one run's findings",
        params: AuditRunParams,
        querystring: AuditFindingQuery,
        response: { 200: AuditFindingPage, ...errors },
      },
    },
    async (request) => listAuditFindings(request.ctx(), request.params.id, request.query),
  );
};
