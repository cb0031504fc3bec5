import { sql } from 'kysely';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/** Synced Jira accounts with what is ours about them: a note and the people who use each. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function accountQuery(db: Db) {
  return db
    .selectFrom('jira_accounts as a')
    .innerJoin('connections as c', 'c.id', 'a.connection_id')
    .select([
      'a.id',
      'a.account_id',
      'a.display_name',
      'a.email',
      'a.active',
      'a.note',
      'a.removed_at',
      'c.id as connection_id',
      'c.name as connection_name',
      // The projects whose active links reach this account's connection (who may see and edit it).
      sql<string[]>`array(select distinct l.project_id::text from project_jira_projects l
        join jira_projects j on j.id = l.jira_project_id
        where j.connection_id = c.id and l.status = 'ACTIVE')`.as('project_ids'),
    ])
    .where('c.deleted_at', 'is', null);
}
export type AccountRow = Awaited<ReturnType<ReturnType<typeof accountQuery>['execute']>>[number];

export const findAccount = (db: Db, id: string) => accountQuery(db).where('a.id', '=', id).executeTakeFirst();

export const lockAccount = (db: Db, id: string) =>
  db.selectFrom('jira_accounts').select('id').where('id', '=', id).forUpdate().executeTakeFirst();

/** A page of accounts by name, of one connection, or of the connections a project's links reach. */
export async function listAccounts(
  db: Db,
  filters: { connectionId?: string; projectId?: string; search?: string; includeRemoved?: boolean },
  window: PageWindow,
) {
  let query = accountQuery(db);
  if (filters.connectionId) query = query.where('a.connection_id', '=', filters.connectionId);
  if (filters.projectId) {
    const projectId = filters.projectId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_jira_projects as l')
          .innerJoin('jira_projects as j', 'j.id', 'l.jira_project_id')
          .select('l.id')
          .whereRef('j.connection_id', '=', 'a.connection_id')
          .where('l.project_id', '=', projectId)
          .where('l.status', '=', 'ACTIVE'),
      ),
    );
  }
  if (!filters.includeRemoved) query = query.where('a.removed_at', 'is', null);
  if (filters.search) {
    const like = `%${escapeLike(filters.search.trim())}%`;
    query = query.where((eb) => eb.or([eb('a.display_name', 'ilike', like), eb('a.email', 'ilike', like)]));
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
  await db.updateTable('jira_accounts').set({ note, updated_at: new Date() }).where('id', '=', id).execute();
}

export const listAssignees = (db: Db, accountIds: readonly string[]) =>
  accountIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('jira_account_assignees as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.jira_account_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email'])
        .where('s.jira_account_id', 'in', [...accountIds])
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
  await db.deleteFrom('jira_account_assignees').where('jira_account_id', '=', accountId).execute();
  if (userIds.length > 0)
    await db
      .insertInto('jira_account_assignees')
      .values(
        userIds.map((userId) => ({ jira_account_id: accountId, user_id: userId, created_by: createdBy })),
      )
      .execute();
}

/** People by id with what decides whether they may be assignees (active, not deleted). */
export const findPeople = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'status', 'deleted_at'])
        .where('id', 'in', [...ids])
        .execute();

/** Whether the project exists (not deleted): accounts are listed by project without its view rule. */
export async function projectExists(db: Db, projectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}
