import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  DiscordChannelList,
  GitRepositoriesByConnection,
  GitRepositoryLinkBody,
  GitRepositoryLinkParams,
  LinkedGitRepository,
  LinkedGitRepositoryList,
  ProviderAccount,
  ProviderAccountAssigneesBody,
  ProviderAccountNoteBody,
  ProviderAccountPage,
  ProviderAccountQuery,
} from '../../../shared/connection-links.schemas.ts';
import { ByConnectionsQuery, ConnectionStatusBody } from '../../../shared/connections.schemas.ts';
import { PROJECT_VIEW_PERMISSIONS } from '../projects/projects.policy.ts';
import {
  linkGitRepositories,
  listGitRepositoriesOfConnections,
  listProjectGitRepositories,
  setGitRepositoryLinkStatus,
  unlinkGitRepository,
} from './project-git.service.ts';
import {
  listDiscordChannels,
  listProjectFigmaMembers,
  listProjectGitAccounts,
  setProviderAccountAssignees,
  updateProviderAccountNote,
} from './provider-accounts.service.ts';

const tags = ['Projects: repositories and accounts'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};

/** A project's git repositories, git accounts and Figma members; Discord channels (spec section 7, Projects). */
export const projectGitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/projects/:id/git-repositories',
    {
      config: { access: [...PROJECT_VIEW_PERMISSIONS] },
      schema: {
        tags,
        summary: "The project's git repositories (name, URL, owner, access users, version control type)",
        params: IdParams,
        response: { 200: LinkedGitRepositoryList, ...errors },
      },
    },
    async (request) => listProjectGitRepositories(request.ctx(), request.params.id),
  );

  app.get(
    '/projects/:id/git-repositories-of-connections',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Synced repositories not linked to the project yet, by connection (the link picker)',
        params: IdParams,
        querystring: ByConnectionsQuery,
        response: { 200: GitRepositoriesByConnection, ...errors },
      },
    },
    async (request) => listGitRepositoriesOfConnections(request.ctx(), request.params.id, request.query),
  );

  app.put(
    '/projects/:id/git-repositories',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Link synced repositories to the project (one already linked refuses them all)',
        params: IdParams,
        body: GitRepositoryLinkBody,
        response: { 200: LinkedGitRepositoryList, ...errors },
      },
    },
    async (request) => linkGitRepositories(request.ctx(), request.params.id, request.body),
  );

  app.patch(
    '/projects/:id/git-repositories/:repoId',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: "Activate or deactivate a repository's link",
        params: GitRepositoryLinkParams,
        body: ConnectionStatusBody,
        response: { 200: LinkedGitRepository, ...errors },
      },
    },
    async (request) =>
      setGitRepositoryLinkStatus(request.ctx(), request.params.id, request.params.repoId, request.body),
  );

  app.delete(
    '/projects/:id/git-repositories/:repoId',
    {
      config: { access: 'projects.manage' },
      schema: {
        tags,
        summary: 'Unlink a repository from the project (the synced repository stays)',
        params: GitRepositoryLinkParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await unlinkGitRepository(request.ctx(), request.params.id, request.params.repoId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/projects/:id/git-accounts',
    {
      config: { access: 'accounts.view' },
      schema: {
        tags,
        summary: "Git accounts with access to the project's repositories, with note and assignees",
        params: IdParams,
        querystring: ProviderAccountQuery,
        response: { 200: ProviderAccountPage, ...errors },
      },
    },
    async (request) => listProjectGitAccounts(request.ctx(), request.params.id, request.query),
  );

  app.put(
    '/git-accounts/:id',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags,
        summary: "Write an account's note (any provider but Jira)",
        params: IdParams,
        body: ProviderAccountNoteBody,
        response: { 200: ProviderAccount, ...errors },
      },
    },
    async (request) => updateProviderAccountNote(request.ctx(), request.params.id, request.body),
  );

  app.put(
    '/git-accounts/:id/assignees',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags,
        summary: 'Set who uses an account (active people; replaces the list)',
        params: IdParams,
        body: ProviderAccountAssigneesBody,
        response: { 200: ProviderAccount, ...errors },
      },
    },
    async (request) => setProviderAccountAssignees(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/discord-channels',
    {
      config: { access: 'accounts.view' },
      schema: {
        tags,
        summary: 'The channels of the connected Discord servers',
        response: { 200: DiscordChannelList, ...errors },
      },
    },
    async (request) => listDiscordChannels(request.ctx()),
  );

  app.get(
    '/projects/:id/figma-members',
    {
      config: { access: 'accounts.view' },
      schema: {
        tags,
        summary: "Figma members used by the project's active members",
        params: IdParams,
        querystring: ProviderAccountQuery,
        response: { 200: ProviderAccountPage, ...errors },
      },
    },
    async (request) => listProjectFigmaMembers(request.ctx(), request.params.id, request.query),
  );
};
