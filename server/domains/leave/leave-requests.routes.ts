import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApprovalTotal, ApproverActionBody } from '../../../shared/approvals.schemas.ts';
import { ErrorResponse, IdParams, SearchText } from '../../../shared/common.schemas.ts';
import {
  ApprovalQueueQuery,
  ApproverCandidateList,
  BalanceQuery,
  CalendarFeed,
  CalendarFeedBody,
  CalendarFeedList,
  FeedTokenParams,
  LEAVE_ATTACHMENT_MAX_MB,
  LeaveApprovalPage,
  LeaveBalances,
  LeaveCalendar,
  LeaveCalendarQuery,
  LeaveExportQuery,
  LeavePreview,
  LeavePreviewQuery,
  LeaveReport,
  LeaveReportQuery,
  LeaveRequest,
  LeaveRequestBody,
  LeaveRequestPage,
  LeaveRequestQuery,
  LeaveRequestUpdateBody,
  MyLeaveQuery,
  Substitute,
  SubstituteBody,
} from '../../../shared/leave.schemas.ts';
import { contentDisposition, sendExport } from '../../core/files/download.ts';
import { jsonOrMultipartForm } from '../../core/files/multipart.ts';
import { actOnApproval, countMyApprovals, listMyApprovals } from './approvals.service.ts';
import { getBalances } from './balances.service.ts';
import { LEAVE_READERS } from './leave-settings.routes.ts';
import { getLeaveReport, prepareLeaveExport } from './leave-reports.service.ts';
import {
  cancelLeaveRequest,
  createLeaveRequest,
  deleteLeaveRequest,
  getLeaveRequest,
  listApproverCandidates,
  listLeaveRequests,
  listMyLeaveRequests,
  openLeaveAttachment,
  previewLeaveRequest,
  updateLeaveRequest,
} from './leave-requests.service.ts';
import { getMySubstitute, setMySubstitute } from './substitutes.service.ts';
import {
  createCalendarFeed,
  getTeamCalendar,
  listMyCalendarFeeds,
  renderCalendarFeed,
  revokeCalendarFeed,
} from './team-calendar.service.ts';

const tags = ['Leave'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
};

/** A request may carry an attachment (a medical certificate): JSON, or a multipart form with `attachment`. */
const requestForm = jsonOrMultipartForm({
  fileFields: ['attachment'],
  maxFileMb: LEAVE_ATTACHMENT_MAX_MB,
  nullableFields: ['reason'],
  listFields: ['approverIds'],
});

/** Leave requests, approvals, balances, reports, the team calendar and feeds (spec section 7, Leave). */
export const leaveRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/leave-requests/me',
    {
      config: { access: 'leave.request' },
      schema: {
        tags,
        summary: 'My leave requests, newest first',
        querystring: MyLeaveQuery,
        response: { 200: LeaveRequestPage, ...errors },
      },
    },
    async (request) => listMyLeaveRequests(request.ctx(), request.query),
  );
  app.get(
    '/leave-requests/balances',
    {
      config: { access: ['leave.request', 'leave.manage', 'leave.report'] },
      schema: {
        tags,
        summary: 'Leave balances per absence type for a year',
        description: 'The caller’s own, or with leave.report / leave.manage anyone’s (`personId`).',
        querystring: BalanceQuery,
        response: { 200: LeaveBalances, ...errors },
      },
    },
    async (request) => getBalances(request.ctx(), request.query),
  );
  app.get(
    '/leave-requests/reports',
    {
      config: { access: ['leave.report', 'leave.manage'] },
      schema: {
        tags,
        summary: 'The leave summary by day, week, month, quarter or year',
        description: 'Days of leave by person, department or absence type; groups paged by total.',
        querystring: LeaveReportQuery,
        response: { 200: LeaveReport, ...errors },
      },
    },
    async (request) => getLeaveReport(request.ctx(), request.query),
  );
  app.get(
    '/leave-requests/export-files',
    {
      config: { access: ['leave.report', 'leave.manage'] },
      schema: {
        tags,
        summary: 'Download the leave summary (XLSX with the requests behind it, or CSV)',
        querystring: LeaveExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareLeaveExport(request.ctx(), request.query)),
  );
  app.get(
    '/leave-requests/preview',
    {
      config: { access: ['leave.request', 'leave.manage'] },
      schema: {
        tags,
        summary: 'Duration, balance left and clash warning of a request being written',
        querystring: LeavePreviewQuery,
        response: { 200: LeavePreview, ...errors },
      },
    },
    async (request) => previewLeaveRequest(request.ctx(), request.query),
  );
  app.get(
    '/leave-requests/approver-candidates',
    {
      config: { access: LEAVE_READERS },
      schema: {
        tags,
        summary: 'People who may approve leave',
        querystring: Type.Object({ search: Type.Optional(SearchText(100)) }, { additionalProperties: false }),
        response: { 200: ApproverCandidateList, ...errors },
      },
    },
    async (request) => listApproverCandidates(request.ctx(), request.query),
  );
  app.get(
    '/leave-requests/calendar',
    {
      config: { access: LEAVE_READERS },
      schema: {
        tags,
        summary: 'Who is off between two dates',
        querystring: LeaveCalendarQuery,
        response: { 200: LeaveCalendar, ...errors },
      },
    },
    async (request) => getTeamCalendar(request.ctx(), request.query),
  );
  app.get(
    '/leave-requests',
    {
      config: { access: 'leave.manage' },
      schema: {
        tags,
        summary: 'Every leave request, filtered',
        querystring: LeaveRequestQuery,
        response: { 200: LeaveRequestPage, ...errors },
      },
    },
    async (request) => listLeaveRequests(request.ctx(), request.query),
  );
  app.post(
    '/leave-requests',
    {
      config: { access: ['leave.request', 'leave.manage'] },
      preValidation: requestForm,
      schema: {
        tags,
        summary: 'Request leave',
        description: `JSON, or a multipart form with an \`attachment\` (PDF, PNG or JPG up to ${LEAVE_ATTACHMENT_MAX_MB} MB).`,
        body: LeaveRequestBody,
        response: { 201: LeaveRequest, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLeaveRequest(request.ctx(), request.body, request.uploads)),
  );
  app.get(
    '/leave-requests/:id',
    {
      config: { access: LEAVE_READERS },
      schema: {
        tags,
        summary: 'One leave request',
        params: IdParams,
        response: { 200: LeaveRequest, ...errors },
      },
    },
    async (request) => getLeaveRequest(request.ctx(), request.params.id),
  );
  app.put(
    '/leave-requests/:id',
    {
      config: { access: ['leave.request', 'leave.manage'] },
      preValidation: requestForm,
      schema: {
        tags,
        summary: 'Change a request that waits for approval',
        description: '`version` must be the one loaded: 412 when the request changed since.',
        params: IdParams,
        body: LeaveRequestUpdateBody,
        response: { 200: LeaveRequest, ...errors },
      },
    },
    async (request) => updateLeaveRequest(request.ctx(), request.params.id, request.body, request.uploads),
  );
  app.delete(
    '/leave-requests/:id',
    {
      config: { access: ['leave.request', 'leave.manage'] },
      schema: {
        tags,
        summary: 'Delete a request that waits for approval',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteLeaveRequest(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/leave-requests/:id/cancel',
    {
      config: { access: ['leave.request', 'leave.manage'] },
      schema: {
        tags,
        summary: 'Cancel approved leave that has not started',
        params: IdParams,
        response: { 200: LeaveRequest, ...errors },
      },
    },
    async (request) => cancelLeaveRequest(request.ctx(), request.params.id),
  );
  app.get(
    '/leave-requests/:id/attachment',
    {
      config: { access: LEAVE_READERS },
      schema: {
        tags,
        summary: 'The attachment of a request',
        params: IdParams,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await openLeaveAttachment(request.ctx(), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream as never);
    },
  );

  app.get(
    '/leave-request-approvers',
    {
      config: { access: ['leave.approve', 'leave.manage'] },
      schema: {
        tags,
        summary: 'My approvals: waiting for me by default',
        querystring: ApprovalQueueQuery,
        response: { 200: LeaveApprovalPage, ...errors },
      },
    },
    async (request) => listMyApprovals(request.ctx(), request.query),
  );
  app.get(
    '/leave-request-approvers/total',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'How many leave requests wait for my answer',
        response: { 200: ApprovalTotal, ...errors },
      },
    },
    async (request) => countMyApprovals(request.ctx()),
  );
  app.put(
    '/leave-request-approvers/:id/action',
    {
      config: { access: ['leave.approve', 'leave.manage'] },
      schema: {
        tags,
        summary: 'Approve or reject',
        description:
          'Any rejection rejects the request; it is approved when every approver approved. A rejection needs a reason.',
        params: IdParams,
        body: ApproverActionBody,
        response: { 200: LeaveRequest, ...errors },
      },
    },
    async (request) => actOnApproval(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/leave-substitute',
    {
      config: { access: ['leave.approve', 'leave.manage'] },
      schema: {
        tags,
        summary: 'Who decides for me while I am on leave',
        response: { 200: Substitute, ...errors },
      },
    },
    async (request) => getMySubstitute(request.ctx()),
  );
  app.put(
    '/leave-substitute',
    {
      config: { access: ['leave.approve', 'leave.manage'] },
      schema: {
        tags,
        summary: 'Name or clear my substitute',
        body: SubstituteBody,
        response: { 200: Substitute, ...errors },
      },
    },
    async (request) => setMySubstitute(request.ctx(), request.body),
  );
  app.get(
    '/leave-calendar-feeds',
    {
      config: { access: LEAVE_READERS },
      schema: { tags, summary: 'My calendar feeds', response: { 200: CalendarFeedList, ...errors } },
    },
    async (request) => listMyCalendarFeeds(request.ctx()),
  );
  app.post(
    '/leave-calendar-feeds',
    {
      config: { access: ['leave.request', 'leave.manage'] },
      schema: {
        tags,
        summary: 'Make a private calendar feed (my leave, or a department’s)',
        description: 'The answer holds the subscription address, once: only its hash is kept.',
        body: CalendarFeedBody,
        response: { 201: CalendarFeed, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCalendarFeed(request.ctx(), request.body)),
  );
  app.delete(
    '/leave-calendar-feeds/:id',
    {
      config: { access: LEAVE_READERS },
      schema: {
        tags,
        summary: 'Revoke a calendar feed',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeCalendarFeed(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/leave-calendar/:token',
    {
      // Calendar apps send no session: the unguessable address is the credential.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A calendar feed (iCalendar, RFC 5545)',
        params: FeedTokenParams,
        produces: ['text/calendar'],
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(await renderCalendarFeed(request.ctx(), request.params.token)),
  );
};
