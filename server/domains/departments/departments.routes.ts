import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  Department,
  DepartmentBody,
  DepartmentPage,
  DepartmentQuery,
  DepartmentStatusBody,
  DepartmentUpdateBody,
} from '../../../shared/departments.schemas.ts';
import {
  createDepartment,
  deleteDepartment,
  getDepartment,
  listDepartments,
  setDepartmentStatus,
  updateDepartment,
} from './departments.service.ts';

const tags = ['Departments'];
const errors = {
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};

/** Departments and their members (spec section 7, Departments). */
export const departmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/departments',
    {
      config: { access: 'departments.view' },
      schema: {
        tags,
        summary: 'List departments by name, with member counts and the first members',
        querystring: DepartmentQuery,
        response: { 200: DepartmentPage, ...errors },
      },
    },
    async (request) => listDepartments(request.ctx(), request.query),
  );

  app.get(
    '/departments/:id',
    {
      config: { access: 'departments.view' },
      schema: {
        tags,
        summary: 'One department with all of its members',
        params: IdParams,
        response: { 200: Department, ...errors },
      },
    },
    async (request) => getDepartment(request.ctx(), request.params.id),
  );

  app.post(
    '/departments',
    {
      config: { access: 'departments.manage' },
      schema: {
        tags,
        summary: 'Create a department; listed people move into it',
        body: DepartmentBody,
        response: { 201: Department, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createDepartment(request.ctx(), request.body)),
  );

  app.put(
    '/departments/:id',
    {
      config: { access: 'departments.manage' },
      schema: {
        tags,
        summary: 'Rename a department or replace its members',
        params: IdParams,
        body: DepartmentUpdateBody,
        response: { 200: Department, ...errors },
      },
    },
    async (request) => updateDepartment(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/departments/:id',
    {
      config: { access: 'departments.manage' },
      schema: {
        tags,
        summary: 'Delete a department that has no members',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDepartment(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/departments/:id/status',
    {
      config: { access: 'departments.manage' },
      schema: {
        tags,
        summary: 'Activate (ACTIVE) or deactivate (DEACTIVATE or INACTIVE) a department',
        params: IdParams,
        body: DepartmentStatusBody,
        response: { 200: Department, ...errors },
      },
    },
    async (request) => setDepartmentStatus(request.ctx(), request.params.id, request.body),
  );
};
