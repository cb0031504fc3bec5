import { sql } from 'kysely';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/** Synced accounts of every provider but Jira, with what is ours about them: a note and the people who use each. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function accountQuery(db: Db) {
  return db
    .selectFrom('provider_accounts as a')
    .innerJoin('connections as c', 'c.id', 'a.connection_id')
    .select([
      'a.id',
      'a.external_id',
      'a.username',
      'a.display_name',
      'a.email',
      'a.role',
      'a.active',
      'a.note',
      'a.removed_at',
      'c.id as connection_id',
      'c.name as connection_name',
      'c.provider',
      // The projects whose active repository links give this account access (who may see and edit it).
      sql<string[]>`array(select distinct l.project_id::text from project_git_repositories l
        join git_repositories r on r.id = l.git_repository_id
        where r.connection_id = a.connection_id and l.status = 'ACTIVE'
          and jsonb_exists(r.collaborators, a.external_id))`.as('project_ids'),
    ])
    .where('c.deleted_at', 'is', null);
}
export type ProviderAccountRow = Awaited<ReturnType<ReturnType<typeof accountQuery>['execute']>>[number];

export const findAccount = (db: Db, id: string) => accountQuery(db).where('a.id', '=', id).executeTakeFirst();

export const lockAccount = (db: Db, id: string) =>
  db.selectFrom('provider_accounts').select('id').where('id', '=', id).forUpdate().executeTakeFirst();

/** A page of accounts by name: git accounts with access to a project's repositories, or a provider's. */
export async function listAccounts(
  db: Db,
  filters: {
    gitProjectId?: string;
    providers?: readonly string[];
    assignedInProjectId?: string;
    search?: string;
    includeRemoved?: boolean;
  },
  window: PageWindow,
) {
  let query = accountQuery(db);
  if (filters.providers) query = query.where('c.provider', 'in', [...filters.providers] as never);
  if (filters.gitProjectId) {
    const projectId = filters.gitProjectId;
    query = query.where(
      sql<boolean>`exists (select 1 from project_git_repositories l
        join git_repositories r on r.id = l.git_repository_id
        where l.project_id = ${projectId}::uuid and l.status = 'ACTIVE'
          and r.connection_id = a.connection_id and jsonb_exists(r.collaborators, a.external_id))`,
    );
  }
  if (filters.assignedInProjectId) {
    const projectId = filters.assignedInProjectId;
    query = query.where(
      sql<boolean>`exists (select 1 from provider_account_assignees s
        join project_members m on m.user_id = s.user_id and m.project_id = ${projectId}::uuid and m.status = 'ACTIVE' and m.deleted_at is null
        where s.provider_account_id = a.id)`,
    );
  }
  if (!filters.includeRemoved) query = query.where('a.removed_at', 'is', null);
  if (filters.search) {
    const like = `%${escapeLike(filters.search.trim())}%`;
    query = query.where((eb) =>
      eb.or([
        eb('a.display_name', 'ilike', like),
        eb('a.username', 'ilike', like),
        eb('a.email', 'ilike', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy(sql`lower(a.display_name)`)
      .orderBy('a.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export async function updateAccountNote(db: Db, id: string, note: string | null): Promise<void> {
  await db
    .updateTable('provider_accounts')
    .set({ note, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export const listAssignees = (db: Db, accountIds: readonly string[]) =>
  accountIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('provider_account_assignees as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.provider_account_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email'])
        .where('s.provider_account_id', 'in', [...accountIds])
        .orderBy('u.first_name')
        .orderBy('u.last_name')
        .orderBy('u.id')
        .execute();

export async function replaceAssignees(
  db: Db,
  accountId: string,
  userIds: readonly string[],
  createdBy: string | null,
): Promise<void> {
  await db.deleteFrom('provider_account_assignees').where('provider_account_id', '=', accountId).execute();
  if (userIds.length > 0)
    await db
      .insertInto('provider_account_assignees')
      .values(
        userIds.map((userId) => ({ provider_account_id: accountId, user_id: userId, created_by: createdBy })),
      )
      .execute();
}

/** Channels of the active Discord connections, by position. */
export const listDiscordChannels = (db: Db) =>
  db
    .selectFrom('discord_channels as d')
    .innerJoin('connections as c', 'c.id', 'd.connection_id')
    .select([
      'd.id',
      'd.external_id',
      'd.name',
      'd.channel_type',
      'c.id as connection_id',
      'c.name as connection_name',
    ])
    .where('c.deleted_at', 'is', null)
    .where('c.status', '=', 'ACTIVE')
    .where('d.removed_at', 'is', null)
    .orderBy(sql`lower(c.name)`)
    .orderBy('d.position')
    .orderBy('d.id')
    .execute();
