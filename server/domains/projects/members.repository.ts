import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ActiveStatus, ProjectStage, RoleStatus, UserStatus } from '../../db/database.ts';

/**
 * Project members and the project-role grants that follow from them. People and roles are read
 * here (names, status, type) to show and check memberships; they are written by their own areas.
 */

/** A membership with the person's and the role's names. */
export interface MemberRow {
  id: string;
  project_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  avatar_url: string | null;
  user_status: UserStatus;
  role_id: string;
  role_name: string;
  note: string | null;
  joined_at: string | null;
  exited_at: string | null;
  status: ActiveStatus;
  created_at: Date;
  updated_at: Date;
}

function memberSelect(db: Db) {
  return db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select([
      'm.id',
      'm.project_id',
      'm.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar_url',
      'u.status as user_status',
      'm.role_id',
      'r.name as role_name',
      'm.note',
      'm.joined_at',
      'm.exited_at',
      'm.status',
      'm.created_at',
      'm.updated_at',
    ])
    .where('m.deleted_at', 'is', null)
    .where('u.deleted_at', 'is', null);
}

/** Members of one or more projects: active ones first, then by name. */
export function listMembers(
  db: Db,
  projectIds: string | readonly string[],
  filter: { status?: ActiveStatus } = {},
): Promise<MemberRow[]> {
  const ids = typeof projectIds === 'string' ? [projectIds] : [...projectIds];
  if (ids.length === 0) return Promise.resolve([]);
  let query = memberSelect(db).where('m.project_id', 'in', ids);
  if (filter.status) query = query.where('m.status', '=', filter.status);
  return query
    .orderBy('m.project_id')
    .orderBy(sql`case when m.status = 'ACTIVE' then 0 else 1 end`)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('m.id')
    .execute() as Promise<MemberRow[]>;
}

export async function findMember(
  db: Db,
  projectId: string,
  memberId: string,
): Promise<MemberRow | undefined> {
  return (await memberSelect(db)
    .where('m.project_id', '=', projectId)
    .where('m.id', '=', memberId)
    .executeTakeFirst()) as MemberRow | undefined;
}

/** The person's active membership of the project, other than `exceptId`. */
export function findActiveMembership(db: Db, projectId: string, userId: string, exceptId?: string) {
  let query = db
    .selectFrom('project_members')
    .select('id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export async function insertMember(
  db: Db,
  values: {
    project_id: string;
    user_id: string;
    role_id: string;
    note: string | null;
    joined_at: string | null;
    exited_at: string | null;
    status?: ActiveStatus;
    created_by: string | null;
  },
): Promise<string> {
  const row = await db.insertInto('project_members').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMember(
  db: Db,
  id: string,
  values: {
    role_id?: string;
    note?: string | null;
    joined_at?: string | null;
    exited_at?: string | null;
    status?: ActiveStatus;
    deleted_at?: Date;
  },
): Promise<void> {
  await db
    .updateTable('project_members')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deactivates every active member of a project; returns who they were. */
export function deactivateAllMembers(db: Db, projectId: string) {
  return db
    .updateTable('project_members')
    .set({ status: 'INACTIVE', updated_at: new Date() })
    .where('project_id', '=', projectId)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .returning(['id', 'user_id'])
    .execute();
}

/**
 * Brings the project-role grants of a project in line with its members: exactly one `user_roles`
 * row per active member of a live, active project, and none for anyone else. Grants made any other
 * way (no `project_member_id`) are left alone. Runs in the caller's transaction, after its change.
 */
export async function syncProjectGrants(db: Db, projectId: string): Promise<void> {
  await db
    .deleteFrom('user_roles')
    .where('project_id', '=', projectId)
    .where('project_member_id', 'is not', null)
    .execute();
  await sql`insert into user_roles (user_id, role_id, project_id, project_member_id, created_by)
    select m.user_id, m.role_id, m.project_id, m.id, m.created_by
      from project_members m
      join projects p on p.id = m.project_id
     where m.project_id = ${projectId}
       and m.status = 'ACTIVE' and m.deleted_at is null
       and p.status = 'ACTIVE' and p.deleted_at is null
    on conflict do nothing`.execute(db);
}

export interface PersonRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  status: UserStatus;
}

/** Live people by id (members must be people who exist). */
export async function findPeople(db: Db, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'status'])
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Live people by email, keyed by the lower-cased email (import files name people by email). */
export async function findPeopleByEmails(db: Db, emails: readonly string[]): Promise<Map<string, PersonRow>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'status'])
    .where(
      sql<string>`lower(email::text)`,
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
}

export interface RoleRow {
  id: string;
  name: string;
  type: string;
  status: RoleStatus;
}

/** Live roles by id, whatever their type (a member's role must be a PROJECT one: the caller checks). */
export async function findRoles(db: Db, ids: readonly string[]): Promise<Map<string, RoleRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'name', 'type', 'status'])
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Live PROJECT roles by name, keyed by the lower-cased name. */
export async function findProjectRolesByNames(
  db: Db,
  names: readonly string[],
): Promise<Map<string, RoleRow>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'name', 'type', 'status'])
    .where('type', '=', 'PROJECT')
    .where('deleted_at', 'is', null)
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((n) => n.trim().toLowerCase()),
    )
    .execute();
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** The active PROJECT roles to choose from, by name, with their permissions. */
export function listProjectRoles(db: Db) {
  return db
    .selectFrom('roles as r')
    .select([
      'r.id',
      'r.name',
      sql<string[]>`coalesce((select array_agg(rp.permission_key order by rp.permission_key)
        from role_permissions rp where rp.role_id = r.id), '{}')`.as('permissions'),
    ])
    .where('r.type', '=', 'PROJECT')
    .where('r.status', '=', 'ACTIVE')
    .where('r.deleted_at', 'is', null)
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute();
}

export interface MembershipRow {
  member_id: string;
  project_id: string;
  project_name: string;
  project_stage: ProjectStage;
  project_status: ActiveStatus;
  client_id: string;
  client_name: string;
  role_id: string;
  role_name: string;
  note: string | null;
  joined_at: string | null;
  exited_at: string | null;
  status: ActiveStatus;
}

/** A person's memberships of live projects (within `visible`), active ones first, then by project. */
export function listMemberships(
  db: Db,
  userId: string,
  visible: 'all' | readonly string[],
): Promise<MembershipRow[]> {
  if (visible !== 'all' && visible.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select([
      'm.id as member_id',
      'p.id as project_id',
      'p.name as project_name',
      'p.stage as project_stage',
      'p.status as project_status',
      'c.id as client_id',
      'c.name as client_name',
      'r.id as role_id',
      'r.name as role_name',
      'm.note',
      'm.joined_at',
      'm.exited_at',
      'm.status',
    ])
    .where('m.user_id', '=', userId)
    .where('m.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null);
  if (visible !== 'all') query = query.where('p.id', 'in', [...visible]);
  return query
    .orderBy(sql`case when m.status = 'ACTIVE' then 0 else 1 end`)
    .orderBy('p.search_text')
    .orderBy(sql`bo_unaccent(lower(c.name))`)
    .orderBy('m.joined_at', 'desc')
    .orderBy('m.id')
    .execute() as Promise<MembershipRow[]>;
}

/** Memberships of these projects for these people, newest first (the import matches rows to them). */
export function findMembershipsOf(db: Db, projectIds: readonly string[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('project_members')
    .select(['id', 'project_id', 'user_id', 'role_id', 'note', 'joined_at', 'exited_at', 'status'])
    .where('project_id', 'in', [...projectIds])
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}
