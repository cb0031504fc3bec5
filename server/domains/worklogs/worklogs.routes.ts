import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { JiraIssueList } from '../../../shared/connections.schemas.ts';
import {
  JiraIssueQuery,
  JiraPushBody,
  LoggableProjectList,
  ReconciliationPage,
  ReconciliationQuery,
  WeekQuery,
  WeekSaveBody,
  WorkLog,
  WorkLogBody,
  WorkLogExportQuery,
  WorkLogLock,
  WorkLogLockBody,
  WorkLogLockPage,
  WorkLogLockQuery,
  WorkLogPage,
  WorkLogQuery,
  WorkLogReport,
  WorkLogReportQuery,
  WorkLogList,
  WorkLogUpdateBody,
  WorkWeek,
} from '../../../shared/worklogs.schemas.ts';
import { sendExport } from '../../core/files/download.ts';
import { getWorkWeek, saveWorkWeek } from './work-week.service.ts';
import { pushWorkLogsToJira, searchJiraIssuesForLogging } from './worklog-jira.service.ts';
import { createWorkLogLock, liftWorkLogLock, listWorkLogLocks } from './worklog-locks.service.ts';
import {
  getWorkLogReconciliation,
  getWorkLogReport,
  prepareWorkLogExport,
} from './worklog-reports.service.ts';
import {
  createWorkLog,
  deleteWorkLog,
  getWorkLog,
  listLoggableProjects,
  listWorkLogs,
  updateWorkLog,
} from './worklogs.service.ts';

const tags = ['Work logs'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: ErrorResponse,
  422: ErrorResponse,
};
const READERS: Permission[] = ['worklogs.log', 'worklogs.manage'];

/** Work logs, the week grid, period locks and reports (designed here: the spec does not show them). */
export const workLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/work-logs',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: "The caller's work logs, or (scope=managed) the logs of the projects they manage",
        querystring: WorkLogQuery,
        response: { 200: WorkLogPage, ...errors },
      },
    },
    async (request) => listWorkLogs(request.ctx(), request.query),
  );

  app.post(
    '/work-logs',
    {
      config: { access: 'worklogs.log' },
      schema: {
        tags,
        summary: 'Log hours of work on a day',
        description:
          'Half-hour steps; not after today; on a project the caller was a member of that day; at most 24 hours a day; never in a locked period.',
        body: WorkLogBody,
        response: { 201: WorkLog, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createWorkLog(request.ctx(), request.body)),
  );

  app.get(
    '/work-logs/week',
    {
      config: { access: 'worklogs.log' },
      schema: {
        tags,
        summary:
          "The caller's week (Monday to Sunday) holding `start`: logs, day totals, future and locked days",
        querystring: WeekQuery,
        response: { 200: WorkWeek, ...errors },
      },
    },
    async (request) => getWorkWeek(request.ctx(), request.query),
  );

  app.put(
    '/work-logs/week',
    {
      config: { access: 'worklogs.log' },
      schema: {
        tags,
        summary: 'Save the week grid: the week’s logs become its filled cells, all at once or not at all',
        body: WeekSaveBody,
        response: { 200: WorkWeek, ...errors },
      },
    },
    async (request) => saveWorkWeek(request.ctx(), request.body),
  );

  app.get(
    '/work-logs/projects',
    {
      config: { access: 'worklogs.log' },
      schema: {
        tags,
        summary: 'The projects the caller may log on, with the dates of their membership',
        response: { 200: LoggableProjectList, ...errors },
      },
    },
    async (request) => listLoggableProjects(request.ctx()),
  );

  app.get(
    '/work-logs/jira-issues',
    {
      config: { access: 'worklogs.log' },
      schema: {
        tags,
        summary: "The Jira tasks of a project one logs on (its linked Jira projects' synced issues)",
        description:
          "By key prefix or words of the summary; 'Jira connection is not available…' without one.",
        querystring: JiraIssueQuery,
        response: { 200: JiraIssueList, ...errors },
      },
    },
    async (request) => searchJiraIssuesForLogging(request.ctx(), request.query),
  );

  app.post(
    '/work-logs/jira-push',
    {
      config: { access: 'worklogs.log' },
      schema: {
        tags,
        summary: 'Push your own logs to Jira as worklogs (one per task); answers the logs with each result',
        description:
          'A log of several tasks splits its minutes evenly across them. Tasks already pushed and unchanged are not sent again.',
        body: JiraPushBody,
        response: { 200: WorkLogList, ...errors },
      },
    },
    async (request) => pushWorkLogsToJira(request.ctx(), request.body),
  );

  app.get(
    '/work-logs/reports',
    {
      config: { access: 'worklogs.report' },
      schema: {
        tags,
        summary: 'Hours per person, project or Jira task, per day, week, month, quarter or year',
        querystring: WorkLogReportQuery,
        response: { 200: WorkLogReport, ...errors },
      },
    },
    async (request) => getWorkLogReport(request.ctx(), request.query),
  );

  app.get(
    '/work-logs/export-files',
    {
      config: { access: 'worklogs.report' },
      schema: {
        tags,
        summary: 'Download the work-log report (XLSX or CSV)',
        querystring: WorkLogExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareWorkLogExport(request.ctx(), request.query)),
  );

  app.get(
    '/work-logs/reconciliation',
    {
      config: { access: 'worklogs.report' },
      schema: {
        tags,
        summary: 'Logged hours beside approved overtime and leave, per employee, with gaps and double counts',
        querystring: ReconciliationQuery,
        response: { 200: ReconciliationPage, ...errors },
      },
    },
    async (request) => getWorkLogReconciliation(request.ctx(), request.query),
  );

  app.get(
    '/work-logs/:id',
    {
      config: { access: READERS },
      schema: { tags, summary: 'One work log', params: IdParams, response: { 200: WorkLog, ...errors } },
    },
    async (request) => getWorkLog(request.ctx(), request.params.id),
  );

  app.put(
    '/work-logs/:id',
    {
      config: { access: 'worklogs.log' },
      schema: {
        tags,
        summary: 'Change one of your work logs (send the version you read)',
        params: IdParams,
        body: WorkLogUpdateBody,
        response: { 200: WorkLog, ...errors },
      },
    },
    async (request) => updateWorkLog(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/work-logs/:id',
    {
      config: { access: 'worklogs.log' },
      schema: {
        tags,
        summary: 'Delete one of your work logs',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteWorkLog(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/work-log-locks',
    {
      config: { access: 'worklogs.manage' },
      schema: {
        tags,
        summary: 'Period locks over the projects the caller manages',
        querystring: WorkLogLockQuery,
        response: { 200: WorkLogLockPage, ...errors },
      },
    },
    async (request) => listWorkLogLocks(request.ctx(), request.query),
  );

  app.post(
    '/work-log-locks',
    {
      config: { access: 'worklogs.manage' },
      schema: {
        tags,
        summary: 'Lock a period of a project (or, company-wide managers, of every project)',
        body: WorkLogLockBody,
        response: { 201: WorkLogLock, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createWorkLogLock(request.ctx(), request.body)),
  );

  app.delete(
    '/work-log-locks/:id',
    {
      config: { access: 'worklogs.manage' },
      schema: {
        tags,
        summary: 'Lift a lock (company-wide managers): the period’s logs can change again',
        params: IdParams,
        response: { 200: WorkLogLock, ...errors },
      },
    },
    async (request) => liftWorkLogLock(request.ctx(), request.params.id),
  );
};
