import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** Git repositories as synced, and their links to projects. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function repositoryQuery(db: Db) {
  return db
    .selectFrom('git_repositories as r')
    .innerJoin('connections as c', 'c.id', 'r.connection_id')
    .select([
      'r.id',
      'r.vcs_type',
      'r.name',
      'r.full_name',
      'r.url',
      'r.description',
      'r.owner',
      'r.upstream_created_at',
      'r.removed_at',
      'c.id as connection_id',
      'c.name as connection_name',
      'c.status as connection_status',
      'c.last_succeeded_at',
      sql<string | null>`(select s.status from connection_sync_runs s where s.connection_id = c.id
        order by s.started_at desc limit 1)`.as('last_run_status'),
      // The accounts with access, by name: the collaborators' ids resolved against the synced accounts.
      sql<Array<{ id: string; username: string; display_name: string }>>`coalesce((
        select json_agg(json_build_object('id', a.id, 'username', a.username, 'display_name', a.display_name)
          order by lower(a.display_name))
        from provider_accounts a
        where a.connection_id = r.connection_id and a.removed_at is null
          and a.external_id in (select jsonb_array_elements_text(r.collaborators))), '[]'::json)`.as(
        'access_users',
      ),
    ])
    .where('c.deleted_at', 'is', null);
}
export type RepositoryRow = Awaited<ReturnType<ReturnType<typeof repositoryQuery>['execute']>>[number];

export const findRepositories = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : repositoryQuery(db)
        .where('r.id', 'in', [...ids])
        .execute();

/** The project's links, by repository name. */
export const listProjectLinks = (db: Db, projectId: string) =>
  repositoryQuery(db)
    .innerJoin('project_git_repositories as l', 'l.git_repository_id', 'r.id')
    .select(['l.status as link_status', 'l.created_at as linked_at'])
    .where('l.project_id', '=', projectId)
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute();
export type LinkRow = Awaited<ReturnType<typeof listProjectLinks>>[number];

export const findLink = (db: Db, projectId: string, repositoryId: string) =>
  repositoryQuery(db)
    .innerJoin('project_git_repositories as l', 'l.git_repository_id', 'r.id')
    .select(['l.status as link_status', 'l.created_at as linked_at'])
    .where('l.project_id', '=', projectId)
    .where('r.id', '=', repositoryId)
    .executeTakeFirst();

/** Live repositories of active connections not linked to the project, at most `limit` per connection. */
export async function listUnlinked(db: Db, projectId: string, search: string | undefined, limit: number) {
  const like = search ? `%${escapeLike(search.trim())}%` : null;
  return repositoryQuery(db)
    .select(sql<number>`count(*) over (partition by r.connection_id)::int`.as('matching'))
    .where('c.status', '=', 'ACTIVE')
    .where('r.removed_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('project_git_repositories as l')
            .select('l.id')
            .whereRef('l.git_repository_id', '=', 'r.id')
            .where('l.project_id', '=', projectId),
        ),
      ),
    )
    .$if(like !== null, (q) =>
      q.where((eb) => eb.or([eb('r.name', 'ilike', like!), eb('r.full_name', 'ilike', like!)])),
    )
    .orderBy(sql`lower(c.name)`)
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute()
    .then((rows) => {
      const taken = new Map<string, number>();
      return rows.filter((row) => {
        const count = taken.get(row.connection_id) ?? 0;
        taken.set(row.connection_id, count + 1);
        return count < limit;
      });
    });
}

export async function insertLinks(
  db: Db,
  projectId: string,
  repositoryIds: readonly string[],
  createdBy: string | null,
): Promise<void> {
  await db
    .insertInto('project_git_repositories')
    .values(
      repositoryIds.map((id) => ({ project_id: projectId, git_repository_id: id, created_by: createdBy })),
    )
    .execute();
}

export async function updateLinkStatus(
  db: Db,
  projectId: string,
  repositoryId: string,
  status: 'ACTIVE' | 'INACTIVE',
): Promise<void> {
  await db
    .updateTable('project_git_repositories')
    .set({ status, updated_at: new Date() })
    .where('project_id', '=', projectId)
    .where('git_repository_id', '=', repositoryId)
    .execute();
}

export async function deleteLink(db: Db, projectId: string, repositoryId: string): Promise<void> {
  await db
    .deleteFrom('project_git_repositories')
    .where('project_id', '=', projectId)
    .where('git_repository_id', '=', repositoryId)
    .execute();
}
