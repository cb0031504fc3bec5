import type { GitRepository, LinkedGitRepository } from '../../../shared/connection-links.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { syncState } from './connection-views.ts';
import { jiraLinkPolicy } from './connections.policy.ts';
import type { LinkRow, RepositoryRow } from './git-links.repository.ts';

/** Git repositories as the API sends them. */

export function toGitRepository(row: RepositoryRow): GitRepository {
  return {
    id: row.id,
    vcsType: row.vcs_type,
    name: row.name,
    fullName: row.full_name,
    url: row.url,
    description: row.description,
    owner: row.owner,
    createdAt: row.upstream_created_at?.toISOString() ?? null,
    accessUsers: row.access_users.map((user) => ({
      id: user.id,
      username: user.username,
      displayName: user.display_name,
    })),
    connection: {
      id: row.connection_id,
      name: row.connection_name,
      syncState: syncState(row.last_succeeded_at, row.last_run_status ?? null),
    },
    removedAt: row.removed_at?.toISOString() ?? null,
  };
}

export function toLinkedGitRepository(actor: Actor, projectId: string, row: LinkRow): LinkedGitRepository {
  // Links of repositories and of Jira projects follow the same project rule.
  const abilities = jiraLinkPolicy.abilities(actor, { projectId });
  return {
    ...toGitRepository(row),
    status: row.link_status,
    linkedAt: row.linked_at.toISOString(),
    abilities: { changeStatus: abilities.changeStatus, delete: abilities.unlink },
  };
}
