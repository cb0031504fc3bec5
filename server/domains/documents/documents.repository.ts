import { sql, type Expression, type SqlBool } from 'kysely';
import type { DocumentCategory, DocumentVisibility } from '../../../shared/documents.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/**
 * Documents, their audience (roles, departments), versions and acknowledgements. Reads people, roles
 * and departments (other areas' tables) for the audience and names; writes only its own tables.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * "The person `userId` is in the audience of document `d`": everyone, a holder of one of its roles,
 * or a member of one of its departments. The one definition the list, the checks and the
 * acknowledgement tracking share.
 */
export function inAudience(userId: Expression<string> | string, documentAlias = 'd') {
  const user = typeof userId === 'string' ? sql`${userId}::uuid` : userId;
  const d = sql.raw(documentAlias);
  return sql<SqlBool>`(${d}.visibility = 'EVERYONE'
    or (${d}.visibility = 'ROLES' and exists (
      select 1 from user_roles ur join document_roles dr on dr.role_id = ur.role_id
      where dr.document_id = ${d}.id and ur.user_id = ${user} and ur.project_id is null))
    or (${d}.visibility = 'DEPARTMENTS' and exists (
      select 1 from document_departments dd join users du on du.department_id = dd.department_id
      where dd.document_id = ${d}.id and du.id = ${user})))`;
}

/** Active employees (external users and former staff have nothing to read). */
const ACTIVE_PERSON = sql<SqlBool>`u.deleted_at is null and u.status = 'ACTIVE' and u.user_type = 'EMPLOYEE'`;

export interface DocumentFilters {
  search?: string;
  category?: DocumentCategory;
  /** Only documents this person may see (null: every document, for managers). */
  visibleTo: string | null;
  /** Only documents requiring acknowledgement whose current version this person has not acknowledged. */
  toAcknowledgeBy?: string;
}

function filtered(db: Db, filters: DocumentFilters) {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('document_versions as v', (join) =>
      join.onRef('v.document_id', '=', 'd.id').onRef('v.number', '=', 'd.current_version'),
    )
    .where('d.deleted_at', 'is', null);
  if (filters.search?.trim()) {
    const pattern = `%${escapeLike(filters.search.trim().toLowerCase())}%`;
    query = query.where(sql<SqlBool>`lower(d.title) like ${pattern}`);
  }
  if (filters.category) query = query.where('d.category', '=', filters.category);
  if (filters.visibleTo) query = query.where(inAudience(filters.visibleTo));
  if (filters.toAcknowledgeBy) {
    query = query
      .where('d.requires_acknowledgement', '=', true)
      .where(inAudience(filters.toAcknowledgeBy))
      .where(
        sql<SqlBool>`not exists (select 1 from document_acknowledgements a
          where a.version_id = v.id and a.user_id = ${filters.toAcknowledgeBy})`,
      );
  }
  return query;
}

const DOCUMENT_COLUMNS = [
  'd.id',
  'd.title',
  'd.description',
  'd.category',
  'd.visibility',
  'd.requires_acknowledgement',
  'd.current_version',
  'd.version',
  'd.created_at',
  'd.updated_at',
  'v.id as version_id',
  'v.number as version_number',
  'v.file_name',
  'v.content_type',
  'v.size_bytes',
  'v.note as version_note',
  'v.created_at as version_created_at',
  'v.created_by as version_created_by',
] as const;

/** A page of documents by category then title (then id: a stable order), with the current version. */
export async function listDocuments(db: Db, filters: DocumentFilters, window: PageWindow) {
  const query = filtered(db, filters);
  const [rows, count] = await Promise.all([
    query
      .select(DOCUMENT_COLUMNS)
      .orderBy('d.category')
      .orderBy(sql`lower(d.title)`)
      .orderBy('d.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}
export type DocumentRow = Awaited<ReturnType<typeof listDocuments>>['rows'][number];

/** How many documents the person must still acknowledge. */
export async function countToAcknowledge(db: Db, userId: string): Promise<number> {
  const row = await filtered(db, { visibleTo: null, toAcknowledgeBy: userId })
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

export function findDocument(db: Db, id: string, options: { lock?: boolean } = {}) {
  let query = filtered(db, { visibleTo: null }).select(DOCUMENT_COLUMNS).where('d.id', '=', id);
  if (options.lock) query = query.forUpdate('d');
  return query.executeTakeFirst();
}

/** Whether the person is in the document's audience. */
export async function isInAudience(db: Db, documentId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('documents as d')
    .select(inAudience(userId).as('yes'))
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  return row?.yes === true;
}

export function listVersions(db: Db, documentId: string) {
  return db
    .selectFrom('document_versions')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('number', 'desc')
    .execute();
}

export function findVersion(db: Db, documentId: string, versionId: string) {
  return db
    .selectFrom('document_versions')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('id', '=', versionId)
    .executeTakeFirst();
}

/** The roles and departments of documents, by document id. */
export async function audienceNames(db: Db, documentIds: readonly string[]) {
  if (documentIds.length === 0) return { roles: [], departments: [] };
  const [roles, departments] = await Promise.all([
    db
      .selectFrom('document_roles as dr')
      .innerJoin('roles as r', 'r.id', 'dr.role_id')
      .select(['dr.document_id', 'r.id', 'r.name'])
      .where('dr.document_id', 'in', documentIds)
      .orderBy('r.name')
      .execute(),
    db
      .selectFrom('document_departments as dd')
      .innerJoin('departments as p', 'p.id', 'dd.department_id')
      .select(['dd.document_id', 'p.id', 'p.name'])
      .where('dd.document_id', 'in', documentIds)
      .orderBy('p.name')
      .execute(),
  ]);
  return { roles, departments };
}

/** The caller's acknowledgements of the given versions. */
export async function acknowledgementsOf(db: Db, userId: string, versionIds: readonly string[]) {
  if (versionIds.length === 0) return new Map<string, Date>();
  const rows = await db
    .selectFrom('document_acknowledgements')
    .select(['version_id', 'acknowledged_at'])
    .where('user_id', '=', userId)
    .where('version_id', 'in', versionIds)
    .execute();
  return new Map(rows.map((row) => [row.version_id, row.acknowledged_at]));
}

/** For each document: the size of its audience and how many of them acknowledged its current version. */
export async function acknowledgementCounts(db: Db, documentIds: readonly string[]) {
  if (documentIds.length === 0) return new Map<string, { audience: number; acknowledged: number }>();
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('document_versions as v', (join) =>
      join.onRef('v.document_id', '=', 'd.id').onRef('v.number', '=', 'd.current_version'),
    )
    .innerJoin('users as u', (join) => join.on(ACTIVE_PERSON).on(inAudience(sql.ref('u.id'))))
    .select([
      'd.id',
      sql<number>`count(*)::int`.as('audience'),
      sql<number>`count(*) filter (where exists (select 1 from document_acknowledgements a
        where a.version_id = v.id and a.user_id = u.id))::int`.as('acknowledged'),
    ])
    .where('d.id', 'in', documentIds)
    .groupBy('d.id')
    .execute();
  return new Map(rows.map((row) => [row.id, { audience: row.audience, acknowledged: row.acknowledged }]));
}

/** The audience of a document with each one's acknowledgement of `versionId`, by name. */
export async function listAudience(
  db: Db,
  documentId: string,
  versionId: string,
  status: 'ACKNOWLEDGED' | 'PENDING' | undefined,
  window: PageWindow,
) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('documents as d', (join) => join.on('d.id', '=', documentId))
    .leftJoin('document_acknowledgements as a', (join) =>
      join.onRef('a.user_id', '=', 'u.id').on('a.version_id', '=', versionId),
    )
    .leftJoin('departments as dep', 'dep.id', 'u.department_id')
    .where(ACTIVE_PERSON)
    .where(inAudience(sql.ref('u.id')));
  if (status === 'ACKNOWLEDGED') query = query.where('a.user_id', 'is not', null);
  if (status === 'PENDING') query = query.where('a.user_id', 'is', null);
  const [rows, count] = await Promise.all([
    query
      .select([
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'dep.name as department',
        'a.acknowledged_at',
      ])
      .orderBy(sql`a.acknowledged_at is not null`)
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .orderBy('u.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/** The ids of the active audience that has not acknowledged `versionId` (reminders, notices). */
export async function pendingAudience(db: Db, documentId: string, versionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('documents as d', (join) => join.on('d.id', '=', documentId))
    .select('u.id')
    .where(ACTIVE_PERSON)
    .where(inAudience(sql.ref('u.id')))
    .where(
      sql<SqlBool>`not exists (select 1 from document_acknowledgements a
        where a.version_id = ${versionId} and a.user_id = u.id)`,
    )
    .execute();
  return rows.map((row) => row.id);
}

export interface DocumentValues {
  title: string;
  description: string | null;
  category: DocumentCategory;
  visibility: DocumentVisibility;
  requires_acknowledgement: boolean;
}

export async function insertDocument(db: Db, values: DocumentValues & { created_by: string | null }) {
  const row = await db.insertInto('documents').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDocument(
  db: Db,
  id: string,
  values: Partial<DocumentValues> & { current_version?: number },
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ ...values, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteDocument(db: Db, id: string): Promise<void> {
  await db.updateTable('documents').set({ deleted_at: new Date() }).where('id', '=', id).execute();
}

export async function setAudience(
  db: Db,
  documentId: string,
  roleIds: readonly string[],
  departmentIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('document_roles').where('document_id', '=', documentId).execute();
  await db.deleteFrom('document_departments').where('document_id', '=', documentId).execute();
  if (roleIds.length)
    await db
      .insertInto('document_roles')
      .values(roleIds.map((role_id) => ({ document_id: documentId, role_id })))
      .execute();
  if (departmentIds.length)
    await db
      .insertInto('document_departments')
      .values(departmentIds.map((department_id) => ({ document_id: documentId, department_id })))
      .execute();
}

export async function insertVersion(
  db: Db,
  values: {
    document_id: string;
    number: number;
    storage_key: string;
    file_name: string;
    content_type: string;
    size_bytes: number;
    sha256: string;
    note: string | null;
    created_by: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('document_versions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records an acknowledgement; false when it was already there (acknowledging twice changes nothing). */
export async function insertAcknowledgement(
  db: Db,
  values: { version_id: string; user_id: string; ip: string | null },
): Promise<boolean> {
  const rows = await db
    .insertInto('document_acknowledgements')
    .values(values)
    .onConflict((oc) => oc.columns(['version_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** Live company-wide roles and departments, by name (the form's audience choices). */
export async function audienceOptions(db: Db) {
  const [roles, departments] = await Promise.all([
    db
      .selectFrom('roles')
      .select(['id', 'name', 'type'])
      .where('type', '!=', 'PROJECT')
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute(),
  ]);
  return { roles, departments };
}

/** Which of the ids are live roles (not project roles) and which live departments. */
export async function existingAudience(db: Db, roleIds: readonly string[], departmentIds: readonly string[]) {
  const [roles, departments] = await Promise.all([
    roleIds.length
      ? db
          .selectFrom('roles')
          .select('id')
          .where('id', 'in', roleIds)
          .where('type', '!=', 'PROJECT')
          .where('deleted_at', 'is', null)
          .execute()
      : [],
    departmentIds.length
      ? db
          .selectFrom('departments')
          .select('id')
          .where('id', 'in', departmentIds)
          .where('deleted_at', 'is', null)
          .execute()
      : [],
  ]);
  return { roleIds: new Set(roles.map((r) => r.id)), departmentIds: new Set(departments.map((d) => d.id)) };
}
