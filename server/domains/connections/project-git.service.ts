import type {
  GitRepositoriesByConnection,
  GitRepositoryLinkBody,
  LinkedGitRepository,
  LinkedGitRepositoryList,
} from '../../../shared/connection-links.schemas.ts';
import type { ByConnectionsQuery, ConnectionStatusBody } from '../../../shared/connections.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { requireVisibleProject } from '../projects/projects.service.ts';
import { jiraLinkPolicy } from './connections.policy.ts';
import * as git from './git-links.repository.ts';
import { toGitRepository, toLinkedGitRepository } from './git-views.ts';

/**
 * A project's git repositories (spec: GET /projects/{id}/git-repositories,
 * …/git-repositories-of-connections, PUT …/git-repositories {gitRepositoryIds}, PATCH|DELETE
 * …/git-repositories/{repoId}). The same rule as the Jira links: those who see the project see
 * them; `projects.manage` there links, deactivates and unlinks. Linking adds to what is linked
 * (the spec's PUT); a repository already linked refuses the whole request.
 */

const PER_CONNECTION = 100;

function alreadyLinked(name: string, index: number): AppError {
  return new AppError('GIT_REPOSITORY_ALREADY_LINKED', {
    params: { name },
    details: [{ field: `gitRepositoryIds.${index}`, code: 'gitRepositoryAlreadyLinked', message: '' }],
  });
}

export async function listProjectGitRepositories(
  ctx: ServiceContext,
  projectId: string,
): Promise<LinkedGitRepositoryList> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'view', { projectId });
  const rows = await git.listProjectLinks(ctx.db, projectId);
  return {
    items: rows.map((row) => toLinkedGitRepository(ctx.actor, projectId, row)),
    abilities: { link: jiraLinkPolicy.can(ctx.actor, 'link', { projectId }) },
  };
}

/** The synced repositories not linked yet, grouped by connection (the link picker). */
export async function listGitRepositoriesOfConnections(
  ctx: ServiceContext,
  projectId: string,
  query: ByConnectionsQuery,
): Promise<GitRepositoriesByConnection> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'link', { projectId });
  const rows = await git.listUnlinked(ctx.db, projectId, query.search, PER_CONNECTION);
  const groups = new Map<string, GitRepositoriesByConnection['items'][number]>();
  for (const row of rows) {
    const repository = toGitRepository(row);
    const group = groups.get(row.connection_id) ?? {
      connection: repository.connection,
      gitRepositories: [],
      more: Math.max(0, row.matching - PER_CONNECTION),
    };
    group.gitRepositories.push(repository);
    groups.set(row.connection_id, group);
  }
  return { items: [...groups.values()] };
}

export async function linkGitRepositories(
  ctx: ServiceContext,
  projectId: string,
  input: GitRepositoryLinkBody,
): Promise<LinkedGitRepositoryList> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'link', { projectId });
  const ids = [...new Set(input.gitRepositoryIds)];
  const found = new Map((await git.findRepositories(ctx.db, ids)).map((row) => [row.id, row]));
  const linked = new Set((await git.listProjectLinks(ctx.db, projectId)).map((row) => row.id));
  const problems: FieldProblem[] = [];
  ids.forEach((id, index) => {
    const row = found.get(id);
    const field = `gitRepositoryIds.${index}`;
    if (!row) problems.push({ field, code: 'unknownGitRepository' });
    else if (row.removed_at)
      problems.push({ field, code: 'gitRepositoryRemoved', params: { name: row.name } });
    else if (row.connection_status !== 'ACTIVE')
      problems.push({ field, code: 'jiraConnectionInactive', params: { name: row.connection_name } });
    else if (linked.has(id))
      problems.push({ field, code: 'gitRepositoryAlreadyLinked', params: { name: row.name } });
  });
  if (problems.length === 1 && problems[0]!.code === 'gitRepositoryAlreadyLinked') {
    const index = Number(problems[0]!.field.split('.')[1]);
    throw alreadyLinked(found.get(ids[index]!)!.name, index);
  }
  if (problems.length > 0) throw validationError(problems);

  return inTransaction(ctx, async (tx) => {
    await git
      .insertLinks(tx.db, projectId, ids, tx.actor.id)
      .catch((error: unknown) =>
        Promise.reject(
          isUniqueViolation(error, 'project_git_repositories_key')
            ? alreadyLinked(found.get(ids[0]!)!.name, 0)
            : error,
        ),
      );
    await recordAudit(tx, {
      action: 'project.git_repositories_linked',
      entityType: 'project',
      entityId: projectId,
      after: { gitRepositories: ids.map((id) => ({ id, fullName: found.get(id)!.full_name })) },
    });
    return listProjectGitRepositories(tx, projectId);
  });
}

async function requireLink(ctx: ServiceContext, projectId: string, repositoryId: string) {
  const link = await git.findLink(ctx.db, projectId, repositoryId);
  if (!link) throw new AppError('NOT_FOUND');
  return toLinkedGitRepository(ctx.actor, projectId, link);
}

export async function setGitRepositoryLinkStatus(
  ctx: ServiceContext,
  projectId: string,
  repositoryId: string,
  input: ConnectionStatusBody,
): Promise<LinkedGitRepository> {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'changeStatus', { projectId });
  return inTransaction(ctx, async (tx) => {
    const before = await requireLink(tx, projectId, repositoryId);
    await git.updateLinkStatus(tx.db, projectId, repositoryId, input.status);
    const after = await requireLink(tx, projectId, repositoryId);
    await recordAudit(tx, {
      action:
        input.status === 'ACTIVE' ? 'project.git_repository_activated' : 'project.git_repository_deactivated',
      entityType: 'project',
      entityId: projectId,
      before,
      after,
    });
    return after;
  });
}

export async function unlinkGitRepository(ctx: ServiceContext, projectId: string, repositoryId: string) {
  await requireVisibleProject(ctx, projectId);
  jiraLinkPolicy.authorize(ctx.actor, 'unlink', { projectId });
  await inTransaction(ctx, async (tx) => {
    const before = await requireLink(tx, projectId, repositoryId);
    await git.deleteLink(tx.db, projectId, repositoryId);
    await recordAudit(tx, {
      action: 'project.git_repository_unlinked',
      entityType: 'project',
      entityId: projectId,
      before,
    });
  });
}
