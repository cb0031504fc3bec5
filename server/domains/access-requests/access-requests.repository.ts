import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { AccessRequestStatus } from '../../db/database.ts';

export interface AccessRequestRecord {
  id: string;
  path: string;
  permission: string | null;
  reason: string | null;
  status: AccessRequestStatus;
  review_note: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  requester_id: string;
  requester_email: string;
  requester_first_name: string;
  requester_last_name: string;
  requester_language: 'en' | 'vi';
  reviewer_id: string | null;
  reviewer_email: string | null;
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
  granted_role_id: string | null;
  granted_role_name: string | null;
}

function requestSelect(db: Db) {
  return db
    .selectFrom('access_requests as ar')
    .innerJoin('users as u', 'u.id', 'ar.requester_id')
    .leftJoin('users as rv', 'rv.id', 'ar.reviewed_by')
    .leftJoin('roles as r', 'r.id', 'ar.granted_role_id')
    .select([
      'ar.id',
      'ar.path',
      'ar.permission',
      'ar.reason',
      'ar.status',
      'ar.review_note',
      'ar.reviewed_at',
      'ar.created_at',
      'u.id as requester_id',
      'u.email as requester_email',
      'u.first_name as requester_first_name',
      'u.last_name as requester_last_name',
      'u.language as requester_language',
      'rv.id as reviewer_id',
      'rv.email as reviewer_email',
      'rv.first_name as reviewer_first_name',
      'rv.last_name as reviewer_last_name',
      'r.id as granted_role_id',
      'r.name as granted_role_name',
    ]);
}

/** Inserts a pending request; when the person already has one for this page, nothing is inserted. */
export async function insertAccessRequest(
  db: Db,
  values: { requester_id: string; path: string; permission: string | null; reason: string | null },
): Promise<{ id: string; created: boolean }> {
  const inserted = await db
    .insertInto('access_requests')
    .values({ ...values, created_by: values.requester_id })
    .onConflict((oc) =>
      oc
        .columns(['requester_id', 'path'])
        .where(sql<boolean>`status = 'PENDING'`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db
    .selectFrom('access_requests')
    .select('id')
    .where('requester_id', '=', values.requester_id)
    .where('path', '=', values.path)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

export function findAccessRequest(db: Db, id: string): Promise<AccessRequestRecord | undefined> {
  return requestSelect(db).where('ar.id', '=', id).executeTakeFirst() as Promise<
    AccessRequestRecord | undefined
  >;
}

export async function lockAccessRequest(db: Db, id: string): Promise<AccessRequestRecord | undefined> {
  await db.selectFrom('access_requests').select('id').where('id', '=', id).forUpdate().execute();
  return findAccessRequest(db, id);
}

/** Requests, pending first then newest; optionally one status or one requester. */
export function listAccessRequests(
  db: Db,
  filter: { status?: AccessRequestStatus; requesterId?: string; limit: number },
): Promise<AccessRequestRecord[]> {
  let query = requestSelect(db).where('u.deleted_at', 'is', null);
  if (filter.status) query = query.where('ar.status', '=', filter.status);
  if (filter.requesterId) query = query.where('ar.requester_id', '=', filter.requesterId);
  return query
    .orderBy(sql`ar.status = 'PENDING'`, 'desc')
    .orderBy('ar.created_at', 'desc')
    .orderBy('ar.id')
    .limit(filter.limit)
    .execute() as Promise<AccessRequestRecord[]>;
}

export async function closeAccessRequest(
  db: Db,
  id: string,
  values: {
    status: 'GRANTED' | 'DENIED';
    reviewed_by: string | null;
    review_note: string | null;
    granted_role_id?: string;
  },
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('access_requests')
    .set({ ...values, reviewed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Active people who may review access requests (through an active company-wide role). */
export function listReviewers(db: Db) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.language'])
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .innerJoin('role_permissions as rp', 'rp.role_id', 'r.id')
          .select(sql`1`.as('one'))
          .whereRef('ur.user_id', '=', 'u.id')
          .where('r.status', '=', 'ACTIVE')
          .where('r.deleted_at', 'is', null)
          .where('r.type', '!=', 'PROJECT')
          .where('rp.permission_key', '=', 'access-requests.review'),
      ),
    )
    .orderBy('u.email')
    .limit(50)
    .execute();
}

// Members of access roles.

export function listRoleMembers(db: Db, roleId: string) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.status', 'ur.created_at as assigned_at'])
    .where('ur.role_id', '=', roleId)
    .where('ur.project_id', 'is', null)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
}

/** People who could be given the role: not deleted, not inactive, not holding it; matched by name or email. */
export function listRoleCandidates(db: Db, roleId: string, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('u.deleted_at', 'is', null)
    .where('u.status', '!=', 'INACTIVE')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_roles as ur')
            .select(sql`1`.as('one'))
            .whereRef('ur.user_id', '=', 'u.id')
            .where('ur.role_id', '=', roleId)
            .where('ur.project_id', 'is', null),
        ),
      ),
    );
  const term = search?.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb('u.first_name', 'ilike', pattern),
        eb('u.last_name', 'ilike', pattern),
        eb(sql`u.last_name || ' ' || u.first_name`, 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id').limit(limit).execute();
}

export async function removeRoleMember(db: Db, roleId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('user_roles')
    .where('role_id', '=', roleId)
    .where('user_id', '=', userId)
    .where('project_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
