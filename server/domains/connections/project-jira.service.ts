import type {
  ByConnectionsQuery,
  ConnectionStatusBody,
  JiraProjectLinkBody,
  JiraProjectsByConnection,
  LinkedJiraProject,
  LinkedJiraProjectList,
} from '../../../shared/connections.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { requireVisibleProject } from '../projects/projects.service.ts';
import { syncState } from './connection-views.ts';
import { jiraLinkPolicy } from './connections.policy.ts';
import * as jira from './jira.repository.ts';
import { toJiraProject, toLinkedJiraProject } from './jira-views.ts';

/**
 * A project's Jira projects (spec: GET|POST /projects/{id}/jira-projects …). Those who see the
 * project see its links; `projects.manage` in the project links synced Jira projects to it,
 * deactivates a link (the tasks stop being offered to work logs) or removes it. The work logs'
 * "Jira connection is available" is: an active link to a live Jira project of an active connection.
 */

/** How many unlinked Jira projects of each connection the picker lists (search narrows the rest). */
const PER_CONNECTION = 100;

function alreadyLinked(name: string, index: number): AppError {
  return new AppError('JIRA_PROJECT_ALREADY_LINKED', {
    params: { name },
    details: [{ field: `jiraProjectIds.${index}`, code: 'jiraProjectAlreadyLinked', message: '' }],
  });
}

/** The project's links, with what the caller may do. */
export async function listProjectJiraProjects(
  ctx: ServiceContext,
  projectId: string,
): Promise<LinkedJiraProjectList> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'view', { projectId });
  const rows = await jira.listProjectLinks(ctx.db, projectId);
  return {
    items: rows.map((row) => toLinkedJiraProject(ctx.actor, row)),
    abilities: { link: jiraLinkPolicy.can(ctx.actor, 'link', { projectId }) },
  };
}

/** The synced Jira projects not linked to the project yet, grouped by connection (the link picker). */
export async function listJiraProjectsByConnections(
  ctx: ServiceContext,
  projectId: string,
  query: ByConnectionsQuery,
): Promise<JiraProjectsByConnection> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'link', { projectId });
  const rows = await jira.listUnlinked(ctx.db, projectId, query.search, PER_CONNECTION);
  const groups = new Map<string, JiraProjectsByConnection['items'][number]>();
  for (const row of rows) {
    const group = groups.get(row.connection_id) ?? {
      connection: {
        id: row.connection_id,
        name: row.connection_name,
        syncState: syncState(row.last_succeeded_at, row.last_run_status ?? null),
      },
      jiraProjects: [],
      more: Math.max(0, row.matching - PER_CONNECTION),
    };
    group.jiraProjects.push(toJiraProject(row));
    groups.set(row.connection_id, group);
  }
  return { items: [...groups.values()] };
}

/** Links synced Jira projects to the project; one already linked, unknown or gone refuses them all. */
export async function linkJiraProjects(
  ctx: ServiceContext,
  projectId: string,
  input: JiraProjectLinkBody,
): Promise<LinkedJiraProjectList> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'link', { projectId });
  const ids = [...new Set(input.jiraProjectIds)];
  const found = new Map((await jira.findJiraProjects(ctx.db, ids)).map((row) => [row.id, row]));
  const linked = new Set((await jira.listProjectLinks(ctx.db, projectId)).map((row) => row.id));
  const problems: FieldProblem[] = [];
  ids.forEach((id, index) => {
    const row = found.get(id);
    const field = `jiraProjectIds.${index}`;
    if (!row) problems.push({ field, code: 'unknownJiraProject' });
    else if (row.removed_at) problems.push({ field, code: 'jiraProjectRemoved', params: { name: row.name } });
    else if (row.connection_status !== 'ACTIVE')
      problems.push({ field, code: 'jiraConnectionInactive', params: { name: row.connection_name } });
    else if (linked.has(id))
      problems.push({ field, code: 'jiraProjectAlreadyLinked', params: { name: row.name } });
  });
  if (problems.length === 1 && problems[0]!.code === 'jiraProjectAlreadyLinked') {
    const index = Number(problems[0]!.field.split('.')[1]);
    throw alreadyLinked(found.get(ids[index]!)!.name, index);
  }
  if (problems.length > 0) throw validationError(problems);

  return inTransaction(ctx, async (tx) => {
    await jira
      .insertLinks(tx.db, projectId, ids, tx.actor.id)
      .catch((error: unknown) =>
        Promise.reject(
          isUniqueViolation(error, 'project_jira_projects_key')
            ? alreadyLinked(found.get(ids[0]!)!.name, 0)
            : error,
        ),
      );
    await recordAudit(tx, {
      action: 'project.jira_projects_linked',
      entityType: 'project',
      entityId: projectId,
      after: { jiraProjects: ids.map((id) => ({ id, key: found.get(id)!.key, name: found.get(id)!.name })) },
    });
    return listProjectJiraProjects(tx, projectId);
  });
}

async function requireLink(ctx: ServiceContext, projectId: string, jiraProjectId: string) {
  const link = await jira.findLink(ctx.db, projectId, jiraProjectId);
  if (!link) throw new AppError('NOT_FOUND');
  return link;
}

/** Activates or deactivates a link (an inactive one offers no tasks to work logs). */
export async function setJiraProjectLinkStatus(
  ctx: ServiceContext,
  projectId: string,
  jiraProjectId: string,
  input: ConnectionStatusBody,
): Promise<LinkedJiraProject> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'changeStatus', { projectId });
  return inTransaction(ctx, async (tx) => {
    const before = toLinkedJiraProject(tx.actor, await requireLink(tx, projectId, jiraProjectId));
    await jira.updateLinkStatus(tx.db, projectId, jiraProjectId, input.status);
    const after = toLinkedJiraProject(tx.actor, await requireLink(tx, projectId, jiraProjectId));
    await recordAudit(tx, {
      action:
        input.status === 'ACTIVE' ? 'project.jira_project_activated' : 'project.jira_project_deactivated',
      entityType: 'project',
      entityId: projectId,
      before,
      after,
    });
    return after;
  });
}

/** Unlinks a Jira project from the project (the synced project itself stays). */
export async function unlinkJiraProject(ctx: ServiceContext, projectId: string, jiraProjectId: string) {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'unlink', { projectId });
  await inTransaction(ctx, async (tx) => {
    const before = toLinkedJiraProject(tx.actor, await requireLink(tx, projectId, jiraProjectId));
    await jira.deleteLink(tx.db, projectId, jiraProjectId);
    await recordAudit(tx, {
      action: 'project.jira_project_unlinked',
      entityType: 'project',
      entityId: projectId,
      before,
    });
  });
}
