import { can, canAnywhere, definePolicy } from '../../core/policy.ts';
import { projectPolicy } from '../projects/projects.policy.ts';

/**
 * Who may do what in the connections area.
 *
 * Connections are the company's accounts at other services: connecting, testing, syncing and
 * removing them is for `connections.manage` (company-wide; an admin's). The links of a project to
 * Jira projects follow the projects policy: those who see the project see its links, and
 * `projects.manage` in that project (or company-wide) links and unlinks. Synced accounts (with
 * their note and assignees) are `accounts.view` / `accounts.manage`, company-wide or in a project
 * that a link ties to the account's connection.
 */

export const connectionPolicy = definePolicy<
  undefined,
  'view' | 'create' | 'test' | 'edit' | 'changeStatus' | 'delete' | 'sync'
>('connection', {
  view: (actor) => can(actor, 'connections.manage'),
  create: (actor) => can(actor, 'connections.manage'),
  test: (actor) => can(actor, 'connections.manage'),
  edit: (actor) => can(actor, 'connections.manage'),
  changeStatus: (actor) => can(actor, 'connections.manage'),
  delete: (actor) => can(actor, 'connections.manage'),
  sync: (actor) => can(actor, 'connections.manage'),
});

/** A project's side of a link: its id scopes the permission. */
export interface LinkRecord {
  projectId: string;
}

export const jiraLinkPolicy = definePolicy<LinkRecord, 'view' | 'link' | 'changeStatus' | 'unlink'>(
  'jiraProjectLink',
  {
    view: (actor, link) => projectPolicy.can(actor, 'view', link),
    link: (actor, link) => can(actor, 'projects.manage', link),
    changeStatus: (actor, link) => can(actor, 'projects.manage', link),
    unlink: (actor, link) => can(actor, 'projects.manage', link),
  },
);

/** An account: the projects whose active links reach its connection. */
export interface AccountRecord {
  projectIds: readonly string[];
}

const inAnyProject = (projectIds: readonly string[], check: (projectId: string) => boolean) =>
  projectIds.some(check);

export const jiraAccountPolicy = definePolicy<AccountRecord, 'view' | 'edit'>('jiraAccount', {
  view: (actor, account) =>
    can(actor, 'accounts.view') ||
    inAnyProject(account.projectIds, (projectId) => can(actor, 'accounts.view', { projectId })),
  edit: (actor, account) =>
    can(actor, 'accounts.manage') ||
    inAnyProject(account.projectIds, (projectId) => can(actor, 'accounts.manage', { projectId })),
});

/**
 * Service roles: a company-wide list, kept by `accounts.manage` (they label accounts); read by
 * whoever sees accounts or manages a project's cloud accounts (its picker), in any project.
 */
export const serviceRolePolicy = definePolicy<undefined, 'view' | 'manage'>('serviceRole', {
  view: (actor) =>
    canAnywhere(actor, 'accounts.view') ||
    canAnywhere(actor, 'accounts.manage') ||
    canAnywhere(actor, 'projects.manage'),
  manage: (actor) => can(actor, 'accounts.manage'),
});
