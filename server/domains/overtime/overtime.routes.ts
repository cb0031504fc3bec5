import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams, SearchText } from '../../../shared/common.schemas.ts';
import { ApproverCandidateList } from '../../../shared/leave.schemas.ts';
import {
  MyOtQuery,
  OtCounts,
  OtCountsQuery,
  OtExportQuery,
  OtLimits,
  OtRegulations,
  OtReport,
  OtReportQuery,
  OtRequest,
  OtRequestBody,
  OtRequestPage,
  OtRequestQuery,
  OtRequestUpdateBody,
  OtSettings,
  OtStatusBody,
  OtSummaryPage,
  OtSummaryQuery,
  RemainingOvertime,
  RemainingQuery,
} from '../../../shared/overtime.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { sendExport } from '../../core/files/download.ts';
import {
  countOvertimeRequests,
  createOvertimeRequest,
  decideOvertimeRequest,
  deleteOvertimeRequest,
  getOvertimeRequest,
  getRemainingOvertime,
  listMyOvertimeRequests,
  listOvertimeApproverCandidates,
  listOvertimeRequests,
  updateOvertimeRequest,
} from './overtime-requests.service.ts';
import {
  getOvertimeReport,
  listOvertimeSummaries,
  prepareOvertimeExport,
} from './overtime-reports.service.ts';
import { getLimits, getRegulations, updateLimits, updateRegulations } from './overtime-settings.service.ts';

const tags = ['Overtime'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: ErrorResponse,
  422: ErrorResponse,
};
const READERS: Permission[] = ['overtime.request', 'overtime.approve', 'overtime.manage', 'overtime.report'];
const REQUESTERS: Permission[] = ['overtime.request', 'overtime.manage'];
const DECIDERS: Permission[] = ['overtime.approve', 'overtime.manage'];
const REPORTERS: Permission[] = ['overtime.report', 'overtime.manage'];

/** Overtime (spec section 7, Overtime): the caller's requests under `/me`, everyone's for approvers and managers. */
export const overtimeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mine = { params: IdParams };
  app.get(
    '/ot-requests/me',
    {
      config: { access: REQUESTERS },
      schema: {
        tags,
        summary: 'My overtime requests',
        querystring: MyOtQuery,
        response: { 200: OtRequestPage, ...errors },
      },
    },
    async (request) => listMyOvertimeRequests(request.ctx(), request.query),
  );
  app.post(
    '/ot-requests/me',
    {
      config: { access: REQUESTERS },
      schema: {
        tags,
        summary: 'Request overtime',
        body: OtRequestBody,
        response: { 201: OtRequest, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createOvertimeRequest(request.ctx(), { ...request.body, personId: undefined })),
  );
  app.get(
    '/ot-requests/remaining-overtimes',
    {
      config: { access: REQUESTERS },
      schema: {
        tags,
        summary: 'Hours left on a day, its month and its year',
        querystring: RemainingQuery,
        response: { 200: RemainingOvertime, ...errors },
      },
    },
    async (request) => getRemainingOvertime(request.ctx(), request.query),
  );
  app.get(
    '/ot-requests/approver-candidates',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'People who may approve overtime',
        querystring: Type.Object({ search: Type.Optional(SearchText(100)) }, { additionalProperties: false }),
        response: { 200: ApproverCandidateList, ...errors },
      },
    },
    async (request) => listOvertimeApproverCandidates(request.ctx(), request.query),
  );
  app.get(
    '/ot-requests/counts',
    {
      config: { access: DECIDERS },
      schema: {
        tags,
        summary: 'Requests per status (the tabs)',
        querystring: OtCountsQuery,
        response: { 200: OtCounts, ...errors },
      },
    },
    async (request) => countOvertimeRequests(request.ctx(), request.query),
  );
  app.get(
    '/ot-requests/:id/me',
    {
      config: { access: REQUESTERS },
      schema: { tags, summary: 'One of my requests', ...mine, response: { 200: OtRequest, ...errors } },
    },
    async (request) => getOvertimeRequest(request.ctx(), request.params.id),
  );
  app.put(
    '/ot-requests/:id/me',
    {
      config: { access: REQUESTERS },
      schema: {
        tags,
        summary: 'Change my waiting request',
        ...mine,
        body: OtRequestUpdateBody,
        response: { 200: OtRequest, ...errors },
      },
    },
    async (request) => updateOvertimeRequest(request.ctx(), request.params.id, request.body),
  );
  app.delete(
    '/ot-requests/:id/me',
    {
      config: { access: REQUESTERS },
      schema: {
        tags,
        summary: 'Delete my waiting request',
        ...mine,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteOvertimeRequest(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/ot-requests',
    {
      config: { access: DECIDERS },
      schema: {
        tags,
        summary: 'Requests naming me (or every one, for a manager)',
        querystring: OtRequestQuery,
        response: { 200: OtRequestPage, ...errors },
      },
    },
    async (request) => listOvertimeRequests(request.ctx(), request.query),
  );
  app.post(
    '/ot-requests',
    {
      config: { access: 'overtime.manage' },
      schema: {
        tags,
        summary: 'File overtime for someone',
        body: OtRequestBody,
        response: { 201: OtRequest, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createOvertimeRequest(request.ctx(), request.body)),
  );
  app.get(
    '/ot-requests/:id',
    {
      config: { access: READERS },
      schema: { tags, summary: 'One request', params: IdParams, response: { 200: OtRequest, ...errors } },
    },
    async (request) => getOvertimeRequest(request.ctx(), request.params.id),
  );
  app.put(
    '/ot-requests/:id',
    {
      config: { access: 'overtime.manage' },
      schema: {
        tags,
        summary: 'Change a waiting request',
        params: IdParams,
        body: OtRequestUpdateBody,
        response: { 200: OtRequest, ...errors },
      },
    },
    async (request) => updateOvertimeRequest(request.ctx(), request.params.id, request.body),
  );
  app.delete(
    '/ot-requests/:id',
    {
      config: { access: 'overtime.manage' },
      schema: {
        tags,
        summary: 'Delete a request',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteOvertimeRequest(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.patch(
    '/ot-requests/:id/status',
    {
      config: { access: DECIDERS },
      schema: {
        tags,
        summary: 'Approve or reject',
        description: 'Approving checks the limits again against approved hours; a rejection needs a reason.',
        params: IdParams,
        body: OtStatusBody,
        response: { 200: OtRequest, ...errors },
      },
    },
    async (request) => decideOvertimeRequest(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/ot-regulations',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'The overtime regulations and pay rates',
        response: { 200: OtRegulations, ...errors },
      },
    },
    async (request) => getRegulations(request.ctx()),
  );
  app.put(
    '/ot-regulations',
    {
      config: { access: 'overtime.manage' },
      schema: {
        tags,
        summary: 'Change the regulations',
        body: OtRegulations,
        response: { 200: OtRegulations, ...errors },
      },
    },
    async (request) => updateRegulations(request.ctx(), request.body),
  );
  app.get(
    '/ot-settings',
    {
      config: { access: READERS },
      schema: { tags, summary: 'The limits in force', response: { 200: OtSettings, ...errors } },
    },
    async (request) => getLimits(request.ctx()),
  );
  app.put(
    '/ot-settings',
    {
      config: { access: 'overtime.manage' },
      schema: {
        tags,
        summary: 'Set the limits from today on',
        body: OtLimits,
        response: { 200: OtSettings, ...errors },
      },
    },
    async (request) => updateLimits(request.ctx(), request.body),
  );

  app.get(
    '/ot-summaries',
    {
      config: { access: [...REPORTERS, 'overtime.request'] },
      schema: {
        tags,
        summary: 'Per person and month: hours by day type and pay-equivalent hours',
        querystring: OtSummaryQuery,
        response: { 200: OtSummaryPage, ...errors },
      },
    },
    async (request) => listOvertimeSummaries(request.ctx(), request.query),
  );
  app.get(
    '/ot-summaries/reports',
    {
      config: { access: REPORTERS },
      schema: {
        tags,
        summary: 'The overtime report by period and group',
        querystring: OtReportQuery,
        response: { 200: OtReport, ...errors },
      },
    },
    async (request) => getOvertimeReport(request.ctx(), request.query),
  );
  app.get(
    '/ot-summaries/export-files',
    {
      config: { access: REPORTERS },
      schema: {
        tags,
        summary: 'Download the overtime report (XLSX or CSV)',
        querystring: OtExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareOvertimeExport(request.ctx(), request.query)),
  );
};
