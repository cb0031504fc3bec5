import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { DEPARTMENT_MEMBER_PREVIEW, type DepartmentMember } from '../../../shared/departments.schemas.ts';

export interface DepartmentRecord {
  id: string;
  name: string;
  description: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  created_at: Date;
  updated_at: Date;
  member_count: number;
  members: DepartmentMember[];
}

/** Members as the API shows them, ordered by name; `limit` null means all of them. */
function membersOf(limit: number | null) {
  return sql<DepartmentMember[]>`coalesce((
    select json_agg(json_build_object('id', m.id, 'firstName', m.first_name, 'lastName', m.last_name,
      'email', m.email, 'avatarUrl', m.avatar_url, 'status', m.status) order by m.last_name, m.first_name, m.id)
    from (select * from users u where u.department_id = d.id and u.deleted_at is null
          order by u.last_name, u.first_name, u.id ${limit === null ? sql`` : sql`limit ${limit}`}) m
  ), '[]'::json)`;
}

function departmentSelect(db: Db, memberLimit: number | null) {
  return db
    .selectFrom('departments as d')
    .select([
      'd.id',
      'd.name',
      'd.description',
      'd.status',
      'd.created_at',
      'd.updated_at',
      sql<number>`(select count(*)::int from users u where u.department_id = d.id and u.deleted_at is null)`.as(
        'member_count',
      ),
      membersOf(memberLimit).as('members'),
    ])
    .where('d.deleted_at', 'is', null);
}

export interface DepartmentFilter {
  search?: string;
  status?: 'ACTIVE' | 'INACTIVE';
}

function filtered(db: Db, filter: DepartmentFilter) {
  let query = db.selectFrom('departments as d').where('d.deleted_at', 'is', null);
  if (filter.status) query = query.where('d.status', '=', filter.status);
  if (filter.search?.trim()) {
    const pattern = `%${filter.search.trim().replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where(sql<boolean>`bo_unaccent(lower(d.name)) like bo_unaccent(lower(${pattern}))`);
  }
  return query;
}

export async function listDepartments(
  db: Db,
  filter: DepartmentFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: DepartmentRecord[]; total: number }> {
  const ids = filtered(db, filter).select('d.id');
  const [rows, count] = await Promise.all([
    departmentSelect(db, DEPARTMENT_MEMBER_PREVIEW)
      .where('d.id', 'in', ids)
      .orderBy(sql`lower(d.name)`)
      .orderBy('d.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DepartmentRecord[], total: count.total };
}

export async function findDepartment(
  db: Db,
  id: string,
  options: { allMembers?: boolean; lock?: boolean } = {},
): Promise<DepartmentRecord | undefined> {
  if (options.lock) {
    await db
      .selectFrom('departments')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .execute();
  }
  const row = await departmentSelect(db, options.allMembers ? null : DEPARTMENT_MEMBER_PREVIEW)
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row as DepartmentRecord | undefined;
}

export async function insertDepartment(
  db: Db,
  values: { name: string; description: string | null; created_by: string | null },
): Promise<string> {
  const row = await db.insertInto('departments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDepartment(
  db: Db,
  id: string,
  values: {
    name?: string;
    description?: string | null;
    status?: 'ACTIVE' | 'INACTIVE';
    deleted_at?: Date;
  },
): Promise<void> {
  await db
    .updateTable('departments')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Ids among `ids` that are live people (employees or external users). */
export async function existingPeople(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Finds departments by name, case-insensitively (the import file names departments). */
export function findDepartmentsByNames(db: Db, names: readonly string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('departments')
    .select(['id', 'name', 'status'])
    .where('deleted_at', 'is', null)
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
}

export function findDepartmentsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('departments')
    .select(['id', 'name', 'status'])
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
}
