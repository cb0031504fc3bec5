import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  Member,
  MemberBody,
  MemberList,
  MemberListQuery,
  MemberNoteBody,
  MemberParams,
  MemberUpdateBody,
  ProjectDetail,
  ProjectListQuery,
  ProjectPage,
  ProjectRoleOptionList,
  ProjectUpdateBody,
  StatusBody,
  UserProjectList,
} from '../../../shared/projects.schemas.ts';
import { sendExport } from '../../core/files/download.ts';
import {
  addProjectMember,
  listProjectMembers,
  listProjectRoleOptions,
  listUserProjects,
  removeProjectMember,
  setProjectMemberNote,
  setProjectMemberStatus,
  updateProjectMember,
} from './members.service.ts';
import { prepareProjectExport } from './projects-export.service.ts';
import { PROJECT_VIEW_PERMISSIONS } from './projects.policy.ts';
import {
  deleteProject,
  getProject,
  listProjects,
  setProjectStatus,
  updateProject,
} from './projects.service.ts';

const tags = ['Clients and projects'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};
/**
 * Reading a project is open to anyone holding a project permission somewhere; the service then
 * shows each caller the projects their permissions reach (company-wide, or their projects only).
 */
const viewAccess = { access: PROJECT_VIEW_PERMISSIONS };

/** Projects, their members and exports (spec section 7, Projects). */
export const projectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/projects/list',
    {
      config: viewAccess,
      schema: {
        tags,
        summary: 'The project list: search, filters, sort, pages and the number of projects per stage',
        description:
          '`search` matches project names, ignoring case and accents. `clientId`, `stage`, `status` and ' +
          '`memberId` (projects the person is an active member of) can repeat. `stageCounts` counts the ' +
          'matching projects per stage with every filter but `stage`. A caller whose project permissions ' +
          'come from project roles sees only those projects.',
        querystring: ProjectListQuery,
        response: { 200: ProjectPage, ...errors },
      },
    },
    async (request) => listProjects(request.ctx(), request.query),
  );

  app.get(
    '/project-roles',
    {
      config: viewAccess,
      schema: {
        tags,
        summary: 'The active project roles (type PROJECT) to give members, by name',
        response: { 200: ProjectRoleOptionList, ...errors },
      },
    },
    async (request) => ({ items: await listProjectRoleOptions(request.ctx()) }),
  );

  app.get(
    '/projects/:id',
    {
      config: viewAccess,
      schema: {
        tags,
        summary: 'One project with its client, every member and its stage history',
        params: IdParams,
        response: { 200: ProjectDetail, ...errors },
      },
    },
    async (request) => getProject(request.ctx(), request.params.id),
  );

  app.put(
    '/projects/:id',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Change a project (a new stage is kept in its history)',
        description:
          'Fields left out stay; null clears a date or the description. The end date must be after the ' +
          'start date. Allowed with projects.manage company-wide or in this project.',
        params: IdParams,
        body: ProjectUpdateBody,
        response: { 200: ProjectDetail, ...errors },
      },
    },
    async (request) => updateProject(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/projects/:id',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Delete a project (soft); its active members are deactivated',
        description: 'Needs projects.manage company-wide.',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteProject(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/projects/:id/status',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Activate or deactivate a project; deactivating deactivates all its members at once',
        description:
          'In the same transaction every active member becomes inactive and their project role stops ' +
          'applying. Activating again brings no member back.',
        params: IdParams,
        body: StatusBody,
        response: { 200: ProjectDetail, ...errors },
      },
    },
    async (request) => setProjectStatus(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/projects/:id/export',
    {
      config: { access: 'projects.export' },
      schema: {
        tags,
        summary:
          'The project as an XLSX file: the project, its members with roles and dates, its stage history',
        params: IdParams,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareProjectExport(request.ctx(), request.params.id)),
  );

  app.get(
    '/projects/:id/members',
    {
      config: viewAccess,
      schema: {
        tags,
        summary: 'The members of a project: active ones first, then by name',
        params: IdParams,
        querystring: MemberListQuery,
        response: { 200: MemberList, ...errors },
      },
    },
    async (request) => listProjectMembers(request.ctx(), request.params.id, request.query),
  );

  app.post(
    '/projects/:id/members',
    {
      config: { access: 'projects.members.manage' },
      schema: {
        tags,
        summary: 'Add a person to the project with a project role',
        description:
          'The person exists and is not deactivated; the role is an active PROJECT role; the project is ' +
          'active; the person is not an active member already (409); exitedAt comes after joinedAt. ' +
          'Allowed with projects.members.manage company-wide or in this project.',
        params: IdParams,
        body: MemberBody,
        response: { 201: Member, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addProjectMember(request.ctx(), request.params.id, request.body)),
  );

  app.put(
    '/projects/:id/members/:memberId',
    {
      config: { access: 'projects.members.manage' },
      schema: {
        tags,
        summary: "Change a member's project role, note, joined or exited date",
        params: MemberParams,
        body: MemberUpdateBody,
        response: { 200: Member, ...errors },
      },
    },
    async (request) =>
      updateProjectMember(request.ctx(), request.params.id, request.params.memberId, request.body),
  );

  app.delete(
    '/projects/:id/members/:memberId',
    {
      config: { access: 'projects.members.manage' },
      schema: {
        tags,
        summary: 'Remove a member; their project role stops applying at once',
        params: MemberParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeProjectMember(request.ctx(), request.params.id, request.params.memberId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/projects/:id/members/:memberId/status',
    {
      config: { access: 'projects.members.manage' },
      schema: {
        tags,
        summary: 'Activate or deactivate a member (their project role applies only while active)',
        params: MemberParams,
        body: StatusBody,
        response: { 200: Member, ...errors },
      },
    },
    async (request) =>
      setProjectMemberStatus(request.ctx(), request.params.id, request.params.memberId, request.body),
  );

  app.put(
    '/projects/:id/members/:memberId/note',
    {
      config: { access: 'projects.members.manage' },
      schema: {
        tags,
        summary: "Change a member's note",
        params: MemberParams,
        body: MemberNoteBody,
        response: { 200: Member, ...errors },
      },
    },
    async (request) =>
      setProjectMemberNote(request.ctx(), request.params.id, request.params.memberId, request.body),
  );

  app.get(
    '/users/:id/projects',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "A person's project memberships: all of them for the person, otherwise those the caller may see",
        params: IdParams,
        response: { 200: UserProjectList, ...errors },
      },
    },
    async (request) => listUserProjects(request.ctx(), request.params.id),
  );
};
