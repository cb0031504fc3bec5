import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  ByConnectionsQuery,
  ConnectionStatusBody,
  JiraAccount,
  JiraAccountAssigneesBody,
  JiraAccountNoteBody,
  JiraAccountPage,
  JiraProjectLinkBody,
  JiraProjectLinkParams,
  JiraProjectsByConnection,
  LinkedJiraProject,
  LinkedJiraProjectList,
  SyncedQuery,
} from '../../../shared/connections.schemas.ts';
import { PROJECT_VIEW_PERMISSIONS } from '../projects/projects.policy.ts';
import {
  listProjectJiraAccounts,
  setJiraAccountAssignees,
  updateJiraAccountNote,
} from './jira-accounts.service.ts';
import {
  linkJiraProjects,
  listJiraProjectsByConnections,
  listProjectJiraProjects,
  setJiraProjectLinkStatus,
  unlinkJiraProject,
} from './project-jira.service.ts';

const tags = ['Projects: Jira'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};

/** A project's Jira projects and accounts (spec section 7, Projects). */
export const projectJiraRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/projects/:id/jira-projects',
    {
      config: { access: [...PROJECT_VIEW_PERMISSIONS] },
      schema: {
        tags,
        summary: "The project's linked Jira projects (name, account, total issues, lead)",
        params: IdParams,
        response: { 200: LinkedJiraProjectList, ...errors },
      },
    },
    async (request) => listProjectJiraProjects(request.ctx(), request.params.id),
  );

  app.post(
    '/projects/:id/jira-projects',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Link synced Jira projects to the project',
        params: IdParams,
        body: JiraProjectLinkBody,
        response: { 200: LinkedJiraProjectList, ...errors },
      },
    },
    async (request) => linkJiraProjects(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/projects/:id/jira-projects/by-connections',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'The synced Jira projects not yet linked to the project, grouped by connection',
        params: IdParams,
        querystring: ByConnectionsQuery,
        response: { 200: JiraProjectsByConnection, ...errors },
      },
    },
    async (request) => listJiraProjectsByConnections(request.ctx(), request.params.id, request.query),
  );

  app.patch(
    '/projects/:id/jira-projects/:jiraProjectId',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Activate or deactivate a link (an inactive one offers no tasks to work logs)',
        params: JiraProjectLinkParams,
        body: ConnectionStatusBody,
        response: { 200: LinkedJiraProject, ...errors },
      },
    },
    async (request) =>
      setJiraProjectLinkStatus(request.ctx(), request.params.id, request.params.jiraProjectId, request.body),
  );

  app.delete(
    '/projects/:id/jira-projects/:jiraProjectId',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Unlink a Jira project from the project',
        params: JiraProjectLinkParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await unlinkJiraProject(request.ctx(), request.params.id, request.params.jiraProjectId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/projects/:id/jira-accounts',
    {
      config: { access: 'accounts.view' },
      schema: {
        tags,
        summary: 'The Jira accounts of the connections linked to the project, with note and assignees',
        params: IdParams,
        querystring: SyncedQuery,
        response: { 200: JiraAccountPage, ...errors },
      },
    },
    async (request) => listProjectJiraAccounts(request.ctx(), request.params.id, request.query),
  );

  app.put(
    '/jira-accounts/:id',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags,
        summary: "Change a Jira account's note",
        params: IdParams,
        body: JiraAccountNoteBody,
        response: { 200: JiraAccount, ...errors },
      },
    },
    async (request) => updateJiraAccountNote(request.ctx(), request.params.id, request.body),
  );

  app.post(
    '/jira-accounts/:id/assignees',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags,
        summary: 'Set who uses a Jira account (active people; the list replaces the one before)',
        params: IdParams,
        body: JiraAccountAssigneesBody,
        response: { 200: JiraAccount, ...errors },
      },
    },
    async (request) => setJiraAccountAssignees(request.ctx(), request.params.id, request.body),
  );
};
