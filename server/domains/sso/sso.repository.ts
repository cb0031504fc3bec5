import { sql, type Selectable } from 'kysely';
import type { SsoRequestStatus } from '../../../shared/sso.schemas.ts';
import type { Db } from '../../db/connect.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { SsoConnectionsTable } from '../../db/database.ts';

/** SQL of the OpenID connections, their groups and members, and the access requests. */

export type SsoConnectionRecord = Selectable<SsoConnectionsTable>;
export type PersonRow = { id: string; first_name: string; last_name: string; email: string };

export async function listConnections(db: Db, filters: { search?: string }, window: PageWindow) {
  let query = db.selectFrom('sso_connections as c').where('c.deleted_at', 'is', null);
  const search = filters.search?.trim().toLowerCase();
  if (search)
    query = query.where(sql<boolean>`lower(c.name) like ${`%${search.replace(/[%_\\]/g, '\\$&')}%`}`);
  const [rows, count] = await Promise.all([
    query
      .selectAll('c')
      .select((eb) => [
        eb
          .selectFrom('sso_connection_members as m')
          .whereRef('m.connection_id', '=', 'c.id')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('member_count'),
        eb
          .selectFrom('sso_access_requests as r')
          .whereRef('r.connection_id', '=', 'c.id')
          .where('r.status', '=', 'PENDING')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('pending_request_count'),
      ])
      .orderBy(sql`lower(c.name)`)
      .orderBy('c.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export function findConnection(db: Db, id: string, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('sso_connections')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function findConnectionByClientId(db: Db, clientId: string) {
  return db
    .selectFrom('sso_connections')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

type ConnectionValues = Omit<
  SsoConnectionRecord,
  'id' | 'created_at' | 'updated_at' | 'deleted_at' | 'secret_rotated_at' | 'created_by'
>;

export async function insertConnection(db: Db, values: ConnectionValues & { created_by: string | null }) {
  const row = await db.insertInto('sso_connections').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConnection(
  db: Db,
  id: string,
  values: Partial<ConnectionValues> & { secret_rotated_at?: Date },
): Promise<void> {
  await db
    .updateTable('sso_connections')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteConnection(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sso_connections')
    .set({ deleted_at: sql`now()`, client_secret_ciphertext: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

// ---- Groups and members ----------------------------------------------------------------------------

export async function listGroups(db: Db, connectionId: string) {
  const rows = await db
    .selectFrom('sso_groups as g')
    .leftJoin('sso_group_members as gm', 'gm.group_id', 'g.id')
    .leftJoin('users as u', 'u.id', 'gm.user_id')
    .select(['g.id', 'g.name', 'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('g.connection_id', '=', connectionId)
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .orderBy('u.first_name')
    .execute();
  const groups = new Map<string, { id: string; name: string; members: PersonRow[] }>();
  for (const row of rows) {
    const group = groups.get(row.id) ?? { id: row.id, name: row.name, members: [] };
    groups.set(row.id, group);
    if (row.user_id)
      group.members.push({
        id: row.user_id,
        first_name: row.first_name!,
        last_name: row.last_name!,
        email: row.email!,
      });
  }
  return [...groups.values()];
}

/** Replaces the connection's groups (names unique per connection, case-insensitively). */
export async function replaceGroups(
  db: Db,
  connectionId: string,
  groups: ReadonlyArray<{ name: string; memberIds: readonly string[] }>,
): Promise<void> {
  await db.deleteFrom('sso_groups').where('connection_id', '=', connectionId).execute();
  for (const group of groups) {
    const row = await db
      .insertInto('sso_groups')
      .values({ connection_id: connectionId, name: group.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    const members = [...new Set(group.memberIds)];
    if (members.length)
      await db
        .insertInto('sso_group_members')
        .values(members.map((user_id) => ({ group_id: row.id, user_id })))
        .execute();
  }
}

export function listMembers(db: Db, connectionId: string): Promise<PersonRow[]> {
  return db
    .selectFrom('sso_connection_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.connection_id', '=', connectionId)
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
}

export async function replaceMembers(
  db: Db,
  connectionId: string,
  userIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('sso_connection_members').where('connection_id', '=', connectionId).execute();
  const ids = [...new Set(userIds)];
  if (ids.length)
    await db
      .insertInto('sso_connection_members')
      .values(ids.map((user_id) => ({ connection_id: connectionId, user_id })))
      .execute();
}

export async function addMember(db: Db, connectionId: string, userId: string): Promise<void> {
  await db
    .insertInto('sso_connection_members')
    .values({ connection_id: connectionId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Everyone who may use the app: its people, and the members of its groups. */
export async function allowedUserIds(db: Db, connectionId: string): Promise<string[]> {
  const rows = await sql<{ user_id: string }>`
    select user_id from sso_connection_members where connection_id = ${connectionId}
    union
    select gm.user_id from sso_group_members gm join sso_groups g on g.id = gm.group_id
    where g.connection_id = ${connectionId}`.execute(db);
  return rows.rows.map((row) => row.user_id);
}

/** May this person use the app? (an active person, listed directly or through a group) */
export async function isAllowed(db: Db, connectionId: string, userId: string): Promise<boolean> {
  const row = await sql<{ allowed: boolean }>`
    select exists (
      select 1 from sso_connection_members where connection_id = ${connectionId} and user_id = ${userId}
      union all
      select 1 from sso_group_members gm join sso_groups g on g.id = gm.group_id
      where g.connection_id = ${connectionId} and gm.user_id = ${userId}
    ) as allowed`.execute(db);
  return row.rows[0]?.allowed ?? false;
}

/** What the `groups` claim says: the names of the app's groups the person is in. */
export async function groupNamesOf(db: Db, connectionId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sso_groups as g')
    .innerJoin('sso_group_members as gm', 'gm.group_id', 'g.id')
    .select('g.name')
    .where('g.connection_id', '=', connectionId)
    .where('gm.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
  return rows.map((row) => row.name);
}

/** The apps a person may open, by name. */
export function listAppsOf(db: Db, userId: string) {
  return db
    .selectFrom('sso_connections as c')
    .select(['c.id', 'c.name', 'c.url'])
    .where('c.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('sso_connection_members as m')
            .whereRef('m.connection_id', '=', 'c.id')
            .where('m.user_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('sso_groups as g')
            .innerJoin('sso_group_members as gm', 'gm.group_id', 'g.id')
            .whereRef('g.connection_id', '=', 'c.id')
            .where('gm.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
}

export function findPeople(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('id', 'in', [...new Set(ids)])
    .where('deleted_at', 'is', null)
    .execute();
}

// ---- Access requests -------------------------------------------------------------------------------

function requestQuery(db: Db) {
  return db
    .selectFrom('sso_access_requests as r')
    .innerJoin('sso_connections as c', 'c.id', 'r.connection_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .select([
      'r.id',
      'r.connection_id',
      'r.user_id',
      'r.status',
      'r.created_at',
      'r.decided_at',
      'c.name as connection_name',
      'u.first_name',
      'u.last_name',
      'u.email',
      sql<string | null>`nullif(trim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')), '')`.as(
        'decided_by_name',
      ),
    ]);
}
export type SsoRequestRecord = Awaited<ReturnType<typeof findRequest>> & object;

export function findRequest(db: Db, id: string, options: { lock?: boolean } = {}) {
  let query = requestQuery(db).where('r.id', '=', id);
  if (options.lock) query = query.forUpdate('r');
  return query.executeTakeFirst();
}

export function findPendingRequest(db: Db, connectionId: string, userId: string) {
  return requestQuery(db)
    .where('r.connection_id', '=', connectionId)
    .where('r.user_id', '=', userId)
    .where('r.status', '=', 'PENDING')
    .executeTakeFirst();
}

/** The person's newest request for the app, whatever its state (the consent step shows it). */
export function findLatestRequest(db: Db, connectionId: string, userId: string) {
  return requestQuery(db)
    .where('r.connection_id', '=', connectionId)
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .executeTakeFirst();
}

/** Opens a request; when one is already open, keeps it. Returns the id and whether it is new. */
export async function insertRequest(db: Db, connectionId: string, userId: string) {
  const inserted = await db
    .insertInto('sso_access_requests')
    .values({ connection_id: connectionId, user_id: userId })
    .onConflict((oc) => oc.columns(['connection_id', 'user_id']).where('status', '=', 'PENDING').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? { id: inserted.id, created: true } : undefined;
}

export async function listRequests(
  db: Db,
  filters: { status?: SsoRequestStatus; userId?: string },
  window: PageWindow,
) {
  let query = requestQuery(db).where('c.deleted_at', 'is', null);
  let count = db
    .selectFrom('sso_access_requests as r')
    .innerJoin('sso_connections as c', 'c.id', 'r.connection_id')
    .where('c.deleted_at', 'is', null);
  if (filters.status) {
    query = query.where('r.status', '=', filters.status);
    count = count.where('r.status', '=', filters.status);
  }
  if (filters.userId) {
    query = query.where('r.user_id', '=', filters.userId);
    count = count.where('r.user_id', '=', filters.userId);
  }
  const [rows, total] = await Promise.all([
    query.orderBy('r.created_at', 'desc').orderBy('r.id').offset(window.offset).limit(window.limit).execute(),
    count.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.total };
}

export async function decideRequest(
  db: Db,
  id: string,
  values: { status: SsoRequestStatus; decided_by: string | null },
): Promise<void> {
  await db
    .updateTable('sso_access_requests')
    .set({ ...values, decided_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
