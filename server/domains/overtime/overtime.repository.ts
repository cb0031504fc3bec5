import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { PageWindow } from '../../core/paging.ts';

/** Overtime requests, their approvers and segments, the limits' history; reads of holidays, leave and projects. */

type Status = 'WAITING FOR APPROVAL' | 'APPROVED' | 'REJECTED';

/** Serialises one person's overtime writes: parallel requests cannot both pass a limit. */
export async function lockPersonOvertime(db: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('overtime:' || ${userId}))`.execute(db);
}

function requestQuery(db: Db) {
  return db
    .selectFrom('ot_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('projects as p', 'p.id', 'r.project_id')
    .selectAll('r')
    .select([
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar_url',
      'd.name as department_name',
      'p.name as project_name',
    ]);
}
export type OtRequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

export const findRequest = (db: Db, id: string) => requestQuery(db).where('r.id', '=', id).executeTakeFirst();

export const lockRequest = (db: Db, id: string) =>
  db.selectFrom('ot_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export interface OtFilters {
  userId?: string;
  approverId?: string;
  status?: Status;
  personId?: string;
  departmentId?: string;
  projectId?: string;
  from?: string;
  to?: string;
  month?: string;
}

function filtered(db: Db, filters: OtFilters) {
  let query = requestQuery(db);
  if (filters.userId) query = query.where('r.user_id', '=', filters.userId);
  if (filters.approverId) {
    const approverId = filters.approverId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('ot_request_approvers as a')
          .select('a.id')
          .whereRef('a.ot_request_id', '=', 'r.id')
          .where('a.approver_id', '=', approverId),
      ),
    );
  }
  if (filters.status) query = query.where('r.status', '=', filters.status);
  if (filters.personId) query = query.where('r.user_id', '=', filters.personId);
  if (filters.departmentId) query = query.where('u.department_id', '=', filters.departmentId);
  if (filters.projectId) query = query.where('r.project_id', '=', filters.projectId);
  if (filters.from) query = query.where('r.work_date', '>=', filters.from);
  if (filters.to) query = query.where('r.work_date', '<=', filters.to);
  if (filters.month) query = query.where(sql<SqlBool>`to_char(r.work_date, 'YYYY-MM') = ${filters.month}`);
  return query;
}

export async function listRequests(db: Db, filters: OtFilters, window: Pick<PageWindow, 'offset' | 'limit'>) {
  const query = filtered(db, filters);
  const [rows, count] = await Promise.all([
    query
      .orderBy('r.work_date', 'desc')
      .orderBy('r.start_time', 'desc')
      .orderBy('r.id')
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

export async function countByStatus(db: Db, filters: Omit<OtFilters, 'status'>) {
  return filtered(db, filters)
    .clearSelect()
    .select(['r.status', sql<number>`count(*)::int`.as('count')])
    .groupBy('r.status')
    .execute();
}

export interface RequestValues {
  project_id: string | null;
  work_date: string;
  start_time: string;
  end_time: string;
  minutes: number;
  reason: string | null;
}

export async function insertRequest(db: Db, values: RequestValues & { user_id: string }): Promise<string> {
  return (await db.insertInto('ot_requests').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateRequest(db: Db, id: string, values: RequestValues): Promise<void> {
  await db
    .updateTable('ot_requests')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setRequestStatus(
  db: Db,
  id: string,
  values: { status: Status; decision_reason: string | null; decided_at: Date | null },
) {
  await db
    .updateTable('ot_requests')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRequest(db: Db, id: string): Promise<void> {
  await db.deleteFrom('ot_requests').where('id', '=', id).execute();
}

export async function replaceSegments(
  db: Db,
  requestId: string,
  userId: string,
  segments: ReadonlyArray<{
    day: string;
    minutes: number;
    nightMinutes: number;
    dayType: 'WORKDAY' | 'WEEKEND' | 'HOLIDAY';
  }>,
): Promise<void> {
  await db.deleteFrom('ot_segments').where('ot_request_id', '=', requestId).execute();
  await db
    .insertInto('ot_segments')
    .values(
      segments.map((s) => ({
        ot_request_id: requestId,
        user_id: userId,
        day: s.day,
        minutes: s.minutes,
        night_minutes: s.nightMinutes,
        day_type: s.dayType,
      })),
    )
    .execute();
}

export const listSegments = (db: Db, requestIds: readonly string[]) =>
  requestIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ot_segments')
        .selectAll()
        .where('ot_request_id', 'in', [...requestIds])
        .orderBy('day')
        .execute();

// ---- Approvers ----------------------------------------------------------------------------------

export async function replaceApprovers(
  db: Db,
  requestId: string,
  approverIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('ot_request_approvers').where('ot_request_id', '=', requestId).execute();
  await db
    .insertInto('ot_request_approvers')
    .values(
      approverIds.map((approverId, position) => ({
        ot_request_id: requestId,
        approver_id: approverId,
        position,
      })),
    )
    .execute();
}

export const listApprovers = (db: Db, requestIds: readonly string[]) =>
  requestIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ot_request_approvers as a')
        .innerJoin('users as u', 'u.id', 'a.approver_id')
        .selectAll('a')
        .select(['u.first_name', 'u.last_name'])
        .where('a.ot_request_id', 'in', [...requestIds])
        .orderBy('a.ot_request_id')
        .orderBy('a.position')
        .execute();
export type OtApproverRow = Awaited<ReturnType<typeof listApprovers>>[number];

export async function decideApproval(
  db: Db,
  requestId: string,
  approverId: string,
  values: { status: Status; reason: string | null; acted_by: string | null },
) {
  await db
    .updateTable('ot_request_approvers')
    .set({ ...values, acted_at: new Date() })
    .where('ot_request_id', '=', requestId)
    .where('approver_id', '=', approverId)
    .execute();
}

// ---- Limits and what counts against them ------------------------------------------------------------

/** The limits in force on each of the days (the latest set on or before it). */
export async function limitsOn(db: Db, days: readonly string[]) {
  const rows = await db.selectFrom('ot_limits').selectAll().orderBy('effective_from', 'desc').execute();
  return new Map(days.map((day) => [day, rows.find((row) => row.effective_from <= day) ?? rows.at(-1)!]));
}

export const currentLimits = (db: Db, today: string) =>
  db
    .selectFrom('ot_limits')
    .selectAll()
    .where('effective_from', '<=', today)
    .orderBy('effective_from', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

export async function saveLimits(
  db: Db,
  from: string,
  values: { daily_minutes: number; monthly_minutes: number; yearly_minutes: number },
) {
  await db
    .insertInto('ot_limits')
    .values({ effective_from: from, ...values })
    .onConflict((oc) => oc.column('effective_from').doUpdateSet(values))
    .execute();
}

/** Minutes of the person's segments between two days, approved and waiting, other requests only. */
export async function minutesBetween(db: Db, userId: string, from: string, to: string, excludeId?: string) {
  let query = db
    .selectFrom('ot_segments')
    .select([
      sql<number>`coalesce(sum(minutes) filter (where status = 'APPROVED'), 0)::int`.as('approved'),
      sql<number>`coalesce(sum(minutes) filter (where status = 'WAITING FOR APPROVAL'), 0)::int`.as(
        'waiting',
      ),
    ])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (excludeId) query = query.where('ot_request_id', '<>', excludeId);
  return query.executeTakeFirstOrThrow();
}

/** The person's other live requests that start within a day of `workDate` (to look for overlaps). */
export function nearbyRequests(db: Db, userId: string, from: string, to: string, excludeId?: string) {
  let query = db
    .selectFrom('ot_requests')
    .select(['id', 'work_date', 'start_time', 'end_time'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['WAITING FOR APPROVAL', 'APPROVED'])
    .where('work_date', '>=', from)
    .where('work_date', '<=', to);
  if (excludeId) query = query.where('id', '<>', excludeId);
  return query.execute();
}

// ---- Other areas' data, read --------------------------------------------------------------------

/** Holidays touching the range (the leave area's table). */
export const holidaysBetween = (db: Db, from: string, to: string) =>
  db
    .selectFrom('holidays')
    .select(['start_date', 'end_date', 'name'])
    .where('end_date', '>=', from)
    .where('start_date', '<=', to)
    .execute();

/** Days among `days` the person is on approved leave (the leave area's table). */
export async function approvedLeaveDays(db: Db, userId: string, days: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('leave_days')
    .select(sql<string>`day::text`.as('day'))
    .where('user_id', '=', userId)
    .where('day', 'in', [...days])
    .where('status', '=', 'APPROVED')
    .execute();
  return rows.map((row) => row.day);
}

/** Whether the person is an active member of the live, active project. */
export async function isActiveMember(db: Db, userId: string, projectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select('m.id')
    .where('m.user_id', '=', userId)
    .where('m.project_id', '=', projectId)
    .where('m.status', '=', 'ACTIVE')
    .where('p.status', '=', 'ACTIVE')
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

export function listPeople(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'avatar_url', 'status', 'deleted_at', 'language'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function findRegulations(db: Db): Promise<unknown> {
  return (
    await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'overtime.regulations')
      .executeTakeFirst()
  )?.value;
}

export async function saveRegulations(db: Db, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('app_settings')
    .values({ key: 'overtime.regulations', value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}
