import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  AbsenceRules,
  AbsenceTypeList,
  AbsenceTypesBody,
  Holiday,
  HolidayBody,
  HolidayList,
  HolidayQuery,
} from '../../../shared/leave.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import {
  getAbsenceRules,
  listAbsenceTypes,
  replaceAbsenceTypes,
  updateAbsenceRules,
} from './absence-types.service.ts';
import { createHoliday, deleteHoliday, listHolidays, updateHoliday } from './holidays.service.ts';

const tags = ['Leave'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
};
/** Everyone who takes part in leave reads the types, rules and holidays. */
export const LEAVE_READERS: Permission[] = ['leave.request', 'leave.approve', 'leave.manage', 'leave.report'];

/** Absence types, absence rules and holidays (spec section 7, Leave). */
export const leaveSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/absence-types',
    {
      config: { access: LEAVE_READERS },
      schema: {
        tags,
        summary: 'List absence types, in display order',
        response: { 200: AbsenceTypeList, ...errors },
      },
    },
    async (request) => listAbsenceTypes(request.ctx()),
  );
  app.put(
    '/absence-types',
    {
      config: { access: 'leave.manage' },
      schema: {
        tags,
        summary: 'Replace the absence types',
        description:
          'The whole catalogue in display order. A listed type with an id is changed, one without is added; a type left out is deleted, or deactivated when requests use it.',
        body: AbsenceTypesBody,
        response: { 200: AbsenceTypeList, ...errors },
      },
    },
    async (request) => replaceAbsenceTypes(request.ctx(), request.body),
  );
  app.get(
    '/absence-rules',
    {
      config: { access: LEAVE_READERS },
      schema: { tags, summary: 'The absence rules', response: { 200: AbsenceRules, ...errors } },
    },
    async (request) => getAbsenceRules(request.ctx()),
  );
  app.put(
    '/absence-rules',
    {
      config: { access: 'leave.manage' },
      schema: {
        tags,
        summary: 'Change the absence rules',
        description:
          'Default annual leave days, seniority steps, the clash warning share and the approver reminder delay.',
        body: AbsenceRules,
        response: { 200: AbsenceRules, ...errors },
      },
    },
    async (request) => updateAbsenceRules(request.ctx(), request.body),
  );
  app.get(
    '/holidays',
    {
      config: { access: LEAVE_READERS },
      schema: {
        tags,
        summary: 'List holidays by date',
        querystring: HolidayQuery,
        response: { 200: HolidayList, ...errors },
      },
    },
    async (request) => listHolidays(request.ctx(), request.query),
  );
  app.post(
    '/holidays',
    {
      config: { access: 'leave.manage' },
      schema: { tags, summary: 'Add a holiday', body: HolidayBody, response: { 201: Holiday, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await createHoliday(request.ctx(), request.body)),
  );
  app.put(
    '/holidays/:id',
    {
      config: { access: 'leave.manage' },
      schema: {
        tags,
        summary: 'Change a holiday',
        params: IdParams,
        body: HolidayBody,
        response: { 200: Holiday, ...errors },
      },
    },
    async (request) => updateHoliday(request.ctx(), request.params.id, request.body),
  );
  app.delete(
    '/holidays/:id',
    {
      config: { access: 'leave.manage' },
      schema: {
        tags,
        summary: 'Delete a holiday',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteHoliday(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
