import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { BULK_INSERT_THRESHOLD, insertMany } from '../../db/insert-many.ts';
import type { RoleStatus } from '../../db/database.ts';
import type { RoleType } from '../../../shared/permissions.ts';

export interface RoleRecord {
  id: string;
  name: string;
  description: string | null;
  type: RoleType;
  status: RoleStatus;
  built_in_key: string | null;
  created_at: Date;
  updated_at: Date;
  permissions: string[];
  member_count: number;
}

function roleSelect(db: Db) {
  return db
    .selectFrom('roles as r')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.type',
      'r.status',
      'r.built_in_key',
      'r.created_at',
      'r.updated_at',
      sql<string[]>`coalesce((select array_agg(rp.permission_key order by rp.permission_key)
        from role_permissions rp where rp.role_id = r.id), '{}')`.as('permissions'),
      sql<number>`(select count(*)::int from user_roles ur where ur.role_id = r.id)`.as('member_count'),
    ])
    .where('r.deleted_at', 'is', null);
}

export function listRoles(db: Db, type?: RoleType): Promise<RoleRecord[]> {
  let query = roleSelect(db);
  if (type) query = query.where('r.type', '=', type);
  return query
    .orderBy('r.type')
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute() as Promise<RoleRecord[]>;
}

export async function findRole(db: Db, id: string): Promise<RoleRecord | undefined> {
  return (await roleSelect(db).where('r.id', '=', id).executeTakeFirst()) as RoleRecord | undefined;
}

/** Locks a role row for the rest of the transaction, so concurrent edits apply one after the other. */
export async function lockRole(db: Db, id: string): Promise<RoleRecord | undefined> {
  await db
    .selectFrom('roles')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .execute();
  return findRole(db, id);
}

export async function insertRole(
  db: Db,
  values: {
    name: string;
    description: string | null;
    type: RoleType;
    created_by: string | null;
    built_in_key?: string;
  },
): Promise<string> {
  const row = await db.insertInto('roles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(
  db: Db,
  id: string,
  values: { name?: string; description?: string | null; status?: RoleStatus; deleted_at?: Date },
): Promise<void> {
  await db
    .updateTable('roles')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function replaceRolePermissions(
  db: Db,
  roleId: string,
  permissions: readonly string[],
): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissions.length > 0) {
    await db
      .insertInto('role_permissions')
      .values(permissions.map((permission_key) => ({ role_id: roleId, permission_key })))
      .execute();
  }
}

export function findBuiltInRole(db: Db, key: string) {
  return db.selectFrom('roles').selectAll().where('built_in_key', '=', key).executeTakeFirst();
}

export interface GrantRow {
  role_id: string;
  role_name: string;
  role_type: RoleType;
  project_id: string | null;
  permissions: string[];
}

/** Every active role a user holds, with its permissions: the raw material of an Actor. */
export function listUserGrants(db: Db, userId: string, type?: RoleType): Promise<GrantRow[]> {
  let query = db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select([
      'r.id as role_id',
      'r.name as role_name',
      'r.type as role_type',
      'ur.project_id',
      sql<string[]>`coalesce((select array_agg(rp.permission_key order by rp.permission_key)
        from role_permissions rp where rp.role_id = r.id), '{}')`.as('permissions'),
    ])
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', 'ACTIVE')
    .where('r.deleted_at', 'is', null);
  if (type) query = query.where('r.type', '=', type);
  return query.orderBy('r.name').execute();
}

export async function assignRole(
  db: Db,
  values: { user_id: string; role_id: string; project_id: string | null; created_by: string | null },
): Promise<void> {
  await db
    .insertInto('user_roles')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Assigns many roles at once (bulk: a few JSON-carried statements); memberships that exist stay as they are. */
export async function assignRoles(
  db: Db,
  rows: ReadonlyArray<{
    user_id: string;
    role_id: string;
    project_id: string | null;
    created_by: string | null;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  if (rows.length < BULK_INSERT_THRESHOLD) {
    await db
      .insertInto('user_roles')
      .values([...rows])
      .onConflict((oc) => oc.doNothing())
      .execute();
    return;
  }
  await insertMany(db, 'user_roles', rows, { onConflictDoNothing: true });
}

export async function countUsersWithBuiltInRole(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('r.built_in_key', '=', key)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Whether the person is an active administrator (an active, undeleted account holding the active
 * built-in Admin role), and how many other active administrators there are. Locks the Admin role's
 * row first: two changes that could each remove "the other" administrator run one after the other.
 */
export async function administratorStanding(
  db: Db,
  userId: string,
): Promise<{ isAdministrator: boolean; others: number }> {
  await db.selectFrom('roles').select('id').where('built_in_key', '=', 'admin').forUpdate().execute();
  const row = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select([
      sql<boolean>`coalesce(bool_or(ur.user_id = ${userId}), false)`.as('is_administrator'),
      sql<number>`count(distinct ur.user_id) filter (where ur.user_id <> ${userId})::int`.as('others'),
    ])
    .where('r.built_in_key', '=', 'admin')
    .where('r.status', '=', 'ACTIVE')
    .where('r.deleted_at', 'is', null)
    .where('ur.project_id', 'is', null)
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { isAdministrator: row.is_administrator, others: row.others };
}

/** The company-wide permissions (active ACCESS and EMPLOYEE_ROLE roles) of each of the people. */
export async function companyPermissionsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await companyPermissionsQuery(db, userIds).execute();
  for (const row of rows) result.set(row.user_id, row.permissions);
  return result;
}

/** The statement behind companyPermissionsOf (also compiled by the employee list's benchmark baseline). */
export function companyPermissionsQuery(db: Db, userIds: readonly string[]) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'r.id')
    .select(['ur.user_id', sql<string[]>`array_agg(distinct rp.permission_key)`.as('permissions')])
    .where('ur.user_id', 'in', [...userIds])
    .where('r.type', '<>', 'PROJECT')
    .where('r.status', '=', 'ACTIVE')
    .where('r.deleted_at', 'is', null)
    .groupBy('ur.user_id');
}

/** A condition: the person (`u.id`) holds `permission` through an active role (company-wide or a project's). */
const holdsPermission = (permission: string) => sql<SqlBool>`exists (select 1 from user_roles ur
  join roles r on r.id = ur.role_id and r.status = 'ACTIVE' and r.deleted_at is null
  join role_permissions rp on rp.role_id = r.id and rp.permission_key = ${permission}
  where ur.user_id = u.id)`;

/** Of the people, those holding the permission through an active role. */
export async function findPermissionHolders(
  db: Db,
  ids: readonly string[],
  permission: string,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', 'in', [...ids])
    .where(holdsPermission(permission))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Active people holding the permission, by name (at most 50, or `limit`): pickers of approvers. */
export function listPermissionHolders(
  db: Db,
  permission: string,
  options: { exceptId?: string | null; search?: string; limit?: number },
) {
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.avatar_url'])
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null)
    .where(holdsPermission(permission));
  if (options.exceptId) query = query.where('u.id', '<>', options.exceptId);
  const search = options.search?.trim();
  if (search)
    query = query.where(sql<SqlBool>`u.search_text like '%' || bo_unaccent(lower(${search})) || '%'`);
  return query
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .limit(options.limit ?? 50)
    .execute();
}
