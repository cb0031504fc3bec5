import { sql, type RawBuilder } from 'kysely';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/**
 * The account board: Jira accounts and the other providers' synced accounts in one list (a union
 * of the two tables, same columns), with their assignees; and the open offboarding checklists.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface BoardFilters {
  provider?: string;
  connectionId?: string;
  userId?: string;
  projectId?: string;
  unassigned?: boolean;
  search?: string;
  includeRemoved?: boolean;
}

export interface BoardRow {
  id: string;
  source: 'JIRA' | 'PROVIDER';
  provider: string;
  external_id: string;
  username: string | null;
  display_name: string;
  email: string | null;
  active: boolean;
  note: string | null;
  removed_at: Date | null;
  connection_id: string;
  connection_name: string;
}

// Both account tables as one relation; `assignees` names the matching assignee table.
const boardRelation = sql`(
  select a.id, 'PROVIDER'::text as source, c.provider, a.external_id, a.username, a.display_name, a.email,
    a.active, a.note, a.removed_at, c.id as connection_id, c.name as connection_name
  from provider_accounts a join connections c on c.id = a.connection_id and c.deleted_at is null
  union all
  select a.id, 'JIRA'::text, 'JIRA'::text, a.account_id, null, a.display_name, a.email,
    a.active, a.note, a.removed_at, c.id, c.name
  from jira_accounts a join connections c on c.id = a.connection_id and c.deleted_at is null
) b`;

const assigneeRows = sql`(
  select provider_account_id as account_id, user_id from provider_account_assignees
  union all
  select jira_account_id, user_id from jira_account_assignees
)`;

function whereOf(filters: BoardFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (filters.provider) conditions.push(sql`b.provider = ${filters.provider}`);
  if (filters.connectionId) conditions.push(sql`b.connection_id = ${filters.connectionId}::uuid`);
  if (!filters.includeRemoved) conditions.push(sql`b.removed_at is null`);
  if (filters.userId)
    conditions.push(
      sql`exists (select 1 from ${assigneeRows} s where s.account_id = b.id and s.user_id = ${filters.userId}::uuid)`,
    );
  if (filters.projectId)
    conditions.push(sql`exists (select 1 from ${assigneeRows} s
      join project_members m on m.user_id = s.user_id and m.project_id = ${filters.projectId}::uuid
        and m.status = 'ACTIVE' and m.deleted_at is null
      where s.account_id = b.id)`);
  if (filters.unassigned)
    conditions.push(sql`not exists (select 1 from ${assigneeRows} s where s.account_id = b.id)`);
  if (filters.search) {
    const like = `%${escapeLike(filters.search.trim())}%`;
    conditions.push(
      sql`(b.display_name ilike ${like} or b.username ilike ${like} or b.email ilike ${like} or b.external_id ilike ${like})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** A page of the board by provider, then name (then id: a stable order). */
export async function listBoardAccounts(db: Db, filters: BoardFilters, window: PageWindow) {
  const where = whereOf(filters);
  const [rows, count] = await Promise.all([
    sql<BoardRow>`select b.* from ${boardRelation} where ${where}
      order by b.provider, lower(b.display_name), b.id offset ${window.offset} limit ${window.limit}`.execute(
      db,
    ),
    sql<{ total: number }>`select count(*)::int as total from ${boardRelation} where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}

/** The people using each of these accounts (ids are unique across both tables: uuids). */
export async function listBoardAssignees(db: Db, accountIds: readonly string[]) {
  if (accountIds.length === 0) return [];
  const { rows } = await sql<{
    account_id: string;
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    status: string;
  }>`select s.account_id, u.id, u.first_name, u.last_name, u.email, u.status
    from ${assigneeRows} s join users u on u.id = s.user_id
    where s.account_id = any(${[...accountIds]}::uuid[])
    order by u.first_name, u.last_name, u.id`.execute(db);
  return rows;
}

/** The person's live accounts at every provider (their "connected accounts"). */
export async function listAccountsOfPerson(db: Db, userId: string) {
  const { rows } = await sql<BoardRow>`select b.* from ${boardRelation}
    where b.removed_at is null
      and exists (select 1 from ${assigneeRows} s where s.account_id = b.id and s.user_id = ${userId}::uuid)
    order by b.provider, lower(b.display_name), b.id`.execute(db);
  return rows;
}

export const findDiscordId = (db: Db, userId: string) =>
  db.selectFrom('users').select('discord_account_id').where('id', '=', userId).executeTakeFirst();

/** People with at least one open offboarding item, the longest-open first. */
export async function listOpenChecklists(db: Db, window: PageWindow) {
  const open = db
    .selectFrom('offboarding_items as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      sql<number>`count(*) filter (where i.state <> 'DONE')::int`.as('open'),
      sql<number>`count(*)::int`.as('total'),
      sql<Date>`min(i.created_at)`.as('opened_at'),
    ])
    .groupBy(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .having(sql<boolean>`count(*) filter (where i.state <> 'DONE') > 0`);
  const [rows, count] = await Promise.all([
    open.orderBy('opened_at').orderBy('u.id').offset(window.offset).limit(window.limit).execute(),
    db
      .selectFrom(open.as('o'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}
