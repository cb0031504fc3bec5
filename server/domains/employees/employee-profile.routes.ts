import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  HistoryPage,
  HistoryQuery,
  IMPORT_FILE_MAX_MB,
  ImportQuery,
  ImportReport,
  InvitationLink,
  InvitationState,
  PersonRoles,
  SelectionBody,
  SelectionExportBody,
  SelectionResult,
} from '../../../shared/employee-profile.schemas.ts';
import { AppError } from '../../core/errors.ts';
import { sendExport } from '../../core/files/download.ts';
import { jsonOrMultipartForm } from '../../core/files/multipart.ts';
import { getInvitationState, issueInvitationLink } from '../accounts/invitation-link.service.ts';
import { getPersonHistory, getPersonRoles } from './employee-profile.service.ts';
import { importEmployees } from './employees-import.service.ts';
import { deactivateSelected, inviteSelected, prepareSelectionExport } from './employees-selection.service.ts';

const tags = ['Users'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
};

const importForm = jsonOrMultipartForm({ fileFields: ['file'], maxFileMb: IMPORT_FILE_MAX_MB });

/** The employee profile, the invitation link, the import from the UI and the list's bulk actions. */
export const employeeProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/:id/history',
    {
      // Employees' history needs employees.view, external users' external-users.view (the service decides).
      config: { access: ['employees.view', 'external-users.view'] },
      schema: {
        tags,
        summary: "A person's history of changes from the audit trail, newest first, in pages",
        description:
          'Who did what and when; for edits, each changed field from what to what. Private details are ' +
          '`hidden` to those who may not see them; passwords, tokens and links never appear.',
        params: IdParams,
        querystring: HistoryQuery,
        response: { 200: HistoryPage, ...errors },
      },
    },
    async (request) => getPersonHistory(request.ctx(), request.params.id, request.query),
  );

  app.get(
    '/users/:id/roles',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The roles a person holds: employee role, access roles and project roles',
        description: 'For holders of roles.view, those who manage the person, and the person.',
        params: IdParams,
        response: { 200: PersonRoles, ...errors },
      },
    },
    async (request) => getPersonRoles(request.ctx(), request.params.id),
  );

  app.get(
    '/users/:id/invitation',
    {
      config: { access: ['employees.manage', 'external-users.manage'] },
      schema: {
        tags,
        summary: "Where a person's invitation stands: the newest link and the invitation mail's delivery",
        params: IdParams,
        response: { 200: InvitationState, ...errors },
      },
    },
    async (request) => getInvitationState(request.ctx(), request.params.id),
  );

  app.post(
    '/users/:id/invitation-link',
    {
      config: { access: ['employees.manage', 'external-users.manage'] },
      schema: {
        tags,
        summary: 'Issue a fresh invitation link for a PENDING person and return it (no mail is sent)',
        description:
          'For handing the link over by other means when mail cannot reach the person. Every earlier ' +
          'link stops working, the mailed one included. Audited as invitation.link_issued.',
        params: IdParams,
        response: { 201: InvitationLink, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await issueInvitationLink(request.ctx(), request.params.id)),
  );

  app.post(
    '/users/import',
    {
      config: { access: 'employees.manage' },
      preValidation: importForm,
      schema: {
        tags,
        summary: 'Import employees from a CSV or XLSX file (as `backoffice users import`)',
        description:
          'multipart/form-data with the file in `file` (at most 5 MB). `dryRun=true` checks every row and ' +
          'writes nothing; otherwise all rows are written in one transaction, or none when any row is ' +
          'wrong. The report lists every problem with its row and column; it answers 200 either way.',
        consumes: ['multipart/form-data'],
        querystring: ImportQuery,
        body: Type.Object({}, { additionalProperties: true }),
        response: { 200: ImportReport, ...errors },
      },
    },
    async (request) => {
      const upload = request.uploads?.find((u) => u.field === 'file');
      if (!upload || upload.data.length === 0) {
        throw new AppError('VALIDATION_FAILED', {
          details: [{ field: 'file', code: 'required', message: '' }],
        });
      }
      return importEmployees(request.ctx(), upload.data, {
        dryRun: request.query.dryRun ?? false,
        sendInvitations: request.query.sendInvitations ?? false,
      });
    },
  );

  app.post(
    '/users/bulk/invite',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'Send each selected PENDING employee a fresh invitation (all or none)',
        body: SelectionBody,
        response: { 200: SelectionResult, ...errors },
      },
    },
    async (request) => inviteSelected(request.ctx(), request.body.ids),
  );

  app.post(
    '/users/bulk/deactivate',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'Deactivate the selected employees and sign them out everywhere (all or none)',
        body: SelectionBody,
        response: { 200: SelectionResult, ...errors },
      },
    },
    async (request) => deactivateSelected(request.ctx(), request.body.ids),
  );

  app.post(
    '/users/bulk/export',
    {
      config: { access: 'employees.export' },
      schema: {
        tags,
        summary: 'Export the selected employees as XLSX or CSV (the columns of the list export)',
        body: SelectionExportBody,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) =>
      sendExport(
        request,
        reply,
        await prepareSelectionExport(request.ctx(), request.body.ids, request.body.format),
      ),
  );
};
