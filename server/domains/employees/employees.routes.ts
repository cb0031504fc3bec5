import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  AccessRoleChoiceList,
  Aggregations,
  BankList,
  EMPLOYEE_FILE_MAX_MB,
  EMPLOYEE_NULLABLE_FIELDS,
  Employee,
  EmployeeCreateBody,
  EmployeeExportQuery,
  EmployeeFile,
  EmployeeListQuery,
  EmployeePage,
  EmployeeRoleOptionList,
  EmployeeSummary,
  EmployeeUpdateBody,
  ExternalUserBody,
  FileKindParams,
  FileUploadBody,
  PeopleLookupQuery,
  PublicPersonList,
  UserListQuery,
  UserStatusBody,
  type EmployeeFileKind,
} from '../../../shared/employees.schemas.ts';
import { AppError } from '../../core/errors.ts';
import { listAccessRoleChoices } from '../access/initial-access-roles.ts';
import { contentDisposition, sendExport } from '../../core/files/download.ts';
import { jsonOrMultipartForm } from '../../core/files/multipart.ts';
import type { DocumentUpload } from './employee-documents.ts';
import { openEmployeeFile, uploadEmployeeFile } from './employee-files.service.ts';
import { prepareEmployeeExport } from './employees-export.service.ts';
import {
  aggregateEmployees,
  createEmployee,
  deleteUser,
  getEmployee,
  getUser,
  listBanks,
  listEmployeeRoleOptions,
  listEmployees,
  listPickableEmployees,
  listUsers,
  lookupPeople,
  resendUserInvitation,
  setUserStatus,
  updateEmployee,
} from './employees.service.ts';
import { createExternalUser, listExternalUsers } from './external-users.service.ts';

const tags = ['Users'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
};

/** The form fields that carry the employee documents. */
const DOCUMENT_FIELDS: Record<string, EmployeeFileKind> = {
  ndaFile: 'NDA_FILE',
  contractFile: 'CONTRACT_FILE',
};

const employeeForm = jsonOrMultipartForm({
  fileFields: Object.keys(DOCUMENT_FIELDS),
  maxFileMb: EMPLOYEE_FILE_MAX_MB,
  nullableFields: EMPLOYEE_NULLABLE_FIELDS,
  listFields: ['accessRoleIds'],
});
const fileForm = jsonOrMultipartForm({ fileFields: ['file'], maxFileMb: EMPLOYEE_FILE_MAX_MB });

function documentsOf(request: FastifyRequest): DocumentUpload[] {
  return (request.uploads ?? []).map((upload) => ({
    kind: DOCUMENT_FIELDS[upload.field]!,
    field: upload.field,
    fileName: upload.fileName,
    data: upload.data,
  }));
}

async function sendEmployeeExport(
  request: FastifyRequest<{ Querystring: EmployeeExportQuery }>,
  reply: FastifyReply,
) {
  return sendExport(request, reply, await prepareEmployeeExport(request.ctx(), request.query));
}

/** Employees, external users, their documents and the list's helpers (spec section 7, Users). */
export const employeeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/employees',
    {
      config: { access: 'employees.view' },
      schema: {
        tags,
        summary: 'The employee list: search, filters, sort and server-side pages',
        description:
          '`search` matches names and email, ignoring case and Vietnamese accents. Filters can repeat ' +
          '(`status=ACTIVE&status=PENDING`). `projectId` matches people holding a project role in the project.',
        querystring: EmployeeListQuery,
        response: { 200: EmployeePage, ...errors },
      },
    },
    async (request) => listEmployees(request.ctx(), request.query),
  );

  app.get(
    '/users',
    {
      config: { access: 'employees.view' },
      schema: {
        tags,
        summary: 'Everyone the caller may see: employees, and external users for those who view them',
        querystring: UserListQuery,
        response: { 200: EmployeePage, ...errors },
      },
    },
    async (request) => listUsers(request.ctx(), request.query),
  );

  app.get(
    '/users/public-info',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Names, emails and avatars of people, for any signed-in person',
        querystring: PeopleLookupQuery,
        response: { 200: PublicPersonList, ...errors },
      },
    },
    async (request) => ({ items: await lookupPeople(request.ctx(), request.query) }),
  );

  app.get(
    '/users/picker',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The employee picker: employees who are not inactive and have a chat (Discord) account id',
        querystring: PeopleLookupQuery,
        response: { 200: PublicPersonList, ...errors },
      },
    },
    async (request) => ({ items: await listPickableEmployees(request.ctx(), request.query) }),
  );

  app.get(
    '/users/export',
    {
      config: { access: 'employees.export' },
      schema: {
        tags,
        summary: 'Export the employee list (same filters and order) as XLSX or CSV, streamed',
        description: 'CSV is UTF-8 with a byte-order mark, so spreadsheet programs keep Vietnamese letters.',
        querystring: EmployeeExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { ...errors },
      },
    },
    sendEmployeeExport,
  );

  app.get(
    '/users/externals',
    {
      config: { access: 'external-users.view' },
      schema: {
        tags,
        summary: 'The external users',
        querystring: UserListQuery,
        response: { 200: EmployeePage, ...errors },
      },
    },
    async (request) => listExternalUsers(request.ctx(), request.query),
  );

  app.post(
    '/users/external',
    {
      config: { access: 'external-users.manage' },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create an external user; an invitation mail is queued',
        body: ExternalUserBody,
        response: { 201: Employee, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createExternalUser(request.ctx(), request.body)),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'One person as lists show them, with what the caller may do',
        params: IdParams,
        response: { 200: EmployeeSummary, ...errors },
      },
    },
    async (request) => getUser(request.ctx(), request.params.id),
  );

  app.get(
    '/users/:id/employee',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Every field of a person: for those who manage them, and for the person',
        params: IdParams,
        response: { 200: Employee, ...errors },
      },
    },
    async (request) => getEmployee(request.ctx(), request.params.id),
  );

  app.post(
    '/users',
    {
      config: { access: 'employees.manage' },
      preValidation: employeeForm,
      // The service checks the shape with the other rules, so one answer names every failing field.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create an employee (PENDING); an invitation mail is queued',
        description:
          'JSON, or multipart/form-data with the same fields as text parts and optional `ndaFile` and ' +
          '`contractFile` PDFs (at most 10 MB each, checked by content). An empty form field means none. ' +
          '`accessRoleIds` (repeated in a form) are the access roles the person starts with; left out, ' +
          'the default role (the built-in User role). A 422 lists every failing field at once.',
        consumes: ['application/json', 'multipart/form-data'],
        body: EmployeeCreateBody,
        response: { 201: Employee, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createEmployee(request.ctx(), request.body, documentsOf(request))),
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      preValidation: employeeForm,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Change a person: fields left out stay, null (or an empty form field) clears',
        description:
          'JSON or multipart/form-data, like the creation. Needs employees.manage (external-users.manage for external users). ' +
          'Changing the sign-in email also needs every permission the person holds; the old address is told by mail and the person is signed out everywhere.',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParams,
        body: EmployeeUpdateBody,
        response: { 200: Employee, ...errors },
      },
    },
    async (request) => updateEmployee(request.ctx(), request.params.id, request.body, documentsOf(request)),
  );

  app.put(
    '/users/:id/status',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Activate (ACTIVE) or deactivate (INACTIVE or DEACTIVATE) a person',
        description:
          'Deactivation revokes every session of the person at once. Only for people whose every permission the caller holds; ' +
          'the last active administrator is never deactivated (422 LAST_ADMINISTRATOR).',
        params: IdParams,
        body: UserStatusBody,
        response: { 200: EmployeeSummary, ...errors },
      },
    },
    async (request) => setUserStatus(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete a person (soft): gone from lists, signed out, email free again',
        description:
          'Only for people whose every permission the caller holds; the last active administrator is never deleted (422 LAST_ADMINISTRATOR).',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteUser(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/:id/files',
    {
      config: { access: 'employees.manage' },
      preValidation: fileForm,
      schema: {
        tags,
        summary: 'Attach the NDA (NDA_FILE) or contract (CONTRACT_FILE) PDF, replacing the current one',
        description: 'multipart/form-data with `kind` and `file` (PDF by content, at most 10 MB).',
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: FileUploadBody,
        response: { 201: EmployeeFile, ...errors },
      },
    },
    async (request, reply) => {
      const upload = request.uploads?.find((u) => u.field === 'file');
      if (!upload) {
        throw new AppError('VALIDATION_FAILED', {
          details: [{ field: 'file', code: 'required', message: '' }],
        });
      }
      const file = await uploadEmployeeFile(request.ctx(), request.params.id, {
        kind: request.body.kind,
        field: 'file',
        fileName: upload.fileName,
        data: upload.data,
      });
      return reply.code(201).send(file);
    },
  );

  app.get(
    '/users/:id/files/:kind',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "Download a person's current NDA or contract (for those who manage employees, and the person)",
        params: FileKindParams,
        produces: ['application/pdf'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const file = await openEmployeeFile(request.ctx(), request.params.id, request.params.kind);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream as never);
    },
  );

  app.post(
    '/users/:id/resend-invitation',
    {
      // Employees are HR's to invite; external users their managers'. The service decides per person.
      config: { access: ['employees.manage', 'external-users.manage'] },
      schema: {
        tags,
        summary: 'Send a PENDING person a fresh invitation; earlier links stop working',
        description: 'Only for people whose every permission the caller holds.',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await resendUserInvitation(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/aggregations',
    {
      config: { access: 'employees.view' },
      schema: {
        tags,
        summary: 'Employee counts by status, contract type and department (the list header)',
        description: 'Takes the list filters; without them, counts every employee.',
        querystring: Type.Omit(EmployeeListQuery, ['page', 'perPage', 'sortField', 'sortOrder']),
        response: { 200: Aggregations, ...errors },
      },
    },
    async (request) => aggregateEmployees(request.ctx(), request.query),
  );

  app.get(
    '/employee-roles',
    {
      config: { access: 'employees.view' },
      schema: {
        tags,
        summary: 'The employee roles to choose from (roles of type EMPLOYEE_ROLE), by name',
        response: { 200: EmployeeRoleOptionList, ...errors },
      },
    },
    async (request) => ({ items: await listEmployeeRoleOptions(request.ctx()) }),
  );

  app.get(
    '/employee-access-roles',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'The access roles HR may give a person they create, the default one marked',
        response: { 200: AccessRoleChoiceList, ...errors },
      },
    },
    async (request) => ({ items: await listAccessRoleChoices(request.ctx()) }),
  );

  app.get(
    '/banks',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The banks of Viet Nam', response: { 200: BankList, ...errors } },
    },
    async (request) => ({ items: await listBanks(request.ctx()) }),
  );
};
