import type { Actor } from '../../core/context.ts';
import { can, definePolicy, projectScope } from '../../core/policy.ts';

/**
 * Who may do what to clients and projects.
 *
 * Clients are company-wide records (clients.view, clients.manage). Projects are project-scoped:
 * each rule asks `can(actor, permission, { projectId })`, which is true for a company-wide holder
 * and for a member whose project role grants the permission in that project — and in no other.
 * Creating a project (there is no project yet) and deleting one need the company-wide permission.
 */

/** What the client rules look at: nothing yet (a new client), or the client's status. */
export type ClientRecord = { status: 'ACTIVE' | 'INACTIVE' } | undefined;

export const clientPolicy = definePolicy<
  ClientRecord,
  'view' | 'create' | 'edit' | 'delete' | 'changeStatus' | 'export' | 'createProject'
>('client', {
  view: (actor) => can(actor, 'clients.view'),
  create: (actor) => can(actor, 'clients.manage'),
  edit: (actor) => can(actor, 'clients.manage'),
  delete: (actor) => can(actor, 'clients.manage'),
  changeStatus: (actor) => can(actor, 'clients.manage'),
  // The list export is the list itself, written to a file.
  export: (actor) => can(actor, 'clients.view'),
  // A project under an inactive client would be work for a client the company no longer serves.
  createProject: (actor, client) => can(actor, 'projects.manage') && client?.status !== 'INACTIVE',
});

/** What the project rules look at: the project (its id scopes the permission). */
export interface ProjectRecord {
  projectId: string;
}

export const projectPolicy = definePolicy<
  ProjectRecord,
  'view' | 'edit' | 'changeStage' | 'changeStatus' | 'delete' | 'manageMembers' | 'export'
>('project', {
  // Anyone with a say in the project sees it.
  view: (actor, project) =>
    can(actor, 'projects.view', project) ||
    can(actor, 'projects.manage', project) ||
    can(actor, 'projects.members.manage', project) ||
    can(actor, 'projects.export', project),
  edit: (actor, project) => can(actor, 'projects.manage', project),
  changeStage: (actor, project) => can(actor, 'projects.manage', project),
  changeStatus: (actor, project) => can(actor, 'projects.manage', project),
  // Deleting ends the project for everyone: a company-wide decision, not a project role's.
  delete: (actor) => can(actor, 'projects.manage'),
  manageMembers: (actor, project) => can(actor, 'projects.members.manage', project),
  export: (actor, project) => can(actor, 'projects.export', project),
});

/** The project permissions that let someone see a project (the list filters by all of them). */
export const PROJECT_VIEW_PERMISSIONS = [
  'projects.view',
  'projects.manage',
  'projects.members.manage',
  'projects.export',
] as const;

/** The projects the actor may see: 'all', or the ids of the projects their project roles open. */
export function visibleProjects(actor: Actor): 'all' | string[] {
  const ids = new Set<string>();
  for (const permission of PROJECT_VIEW_PERMISSIONS) {
    const scope = projectScope(actor, permission);
    if (scope === 'all') return 'all';
    for (const id of scope) ids.add(id);
  }
  return [...ids];
}
