import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ApprovalStateColumn, DayPart, LeaveStatus } from '../../db/database.ts';
import type { PageWindow } from '../../core/paging.ts';

/** Leave requests, their approvers and the working days each takes. */

const WAITING = 'WAITING FOR APPROVAL';

/**
 * Serialises one person's leave writes for the rest of the transaction: two requests sent at once
 * cannot both pass the balance and overlap checks.
 */
export async function lockPersonLeave(db: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('leave:' || ${userId}))`.execute(db);
}

function requestQuery(db: Db) {
  return db
    .selectFrom('leave_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('absence_types as t', 't.id', 'r.absence_type_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .selectAll('r')
    .select([
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar_url',
      'u.department_id',
      'd.name as department_name',
      't.name as absence_type_name',
    ]);
}
export type LeaveRequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

export function findRequest(db: Db, id: string): Promise<LeaveRequestRow | undefined> {
  return requestQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** Locks the request row: approvals, edits and cancels of one request run one after the other. */
export async function lockRequest(db: Db, id: string) {
  return db.selectFrom('leave_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface LeaveFilters {
  userId?: string;
  personId?: string;
  departmentId?: string;
  absenceTypeId?: string;
  status?: LeaveStatus;
  year?: number;
  from?: string;
  to?: string;
}

function filtered(db: Db, filters: LeaveFilters) {
  let query = requestQuery(db);
  if (filters.userId) query = query.where('r.user_id', '=', filters.userId);
  if (filters.personId) query = query.where('r.user_id', '=', filters.personId);
  if (filters.departmentId) query = query.where('u.department_id', '=', filters.departmentId);
  if (filters.absenceTypeId) query = query.where('r.absence_type_id', '=', filters.absenceTypeId);
  if (filters.status) query = query.where('r.status', '=', filters.status);
  if (filters.year) query = query.where('r.year', '=', filters.year);
  if (filters.from) query = query.where('r.end_date', '>=', filters.from);
  if (filters.to) query = query.where('r.start_date', '<=', filters.to);
  return query;
}

/** A page of requests, newest start first (then id: a stable order). */
export async function listRequests(
  db: Db,
  filters: LeaveFilters,
  window: Pick<PageWindow, 'offset' | 'limit'>,
) {
  const query = filtered(db, filters);
  const [rows, count] = await Promise.all([
    query.orderBy('r.start_date', 'desc').orderBy('r.id').offset(window.offset).limit(window.limit).execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export interface RequestValues {
  absence_type_id: string;
  start_date: string;
  start_part: DayPart;
  end_date: string;
  end_part: DayPart;
  duration: number;
  year: number;
  reason: string | null;
}

export async function insertRequest(db: Db, values: RequestValues & { user_id: string }): Promise<string> {
  const row = await db.insertInto('leave_requests').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a waiting request and raises its version. */
export async function updateRequest(db: Db, id: string, values: RequestValues): Promise<void> {
  await db
    .updateTable('leave_requests')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setAttachment(
  db: Db,
  id: string,
  attachment: { key: string; name: string; type: string; size: number } | null,
): Promise<void> {
  await db
    .updateTable('leave_requests')
    .set({
      attachment_key: attachment?.key ?? null,
      attachment_name: attachment?.name ?? null,
      attachment_type: attachment?.type ?? null,
      attachment_size: attachment?.size ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export async function setRequestStatus(
  db: Db,
  id: string,
  values: {
    status: LeaveStatus;
    decision_reason?: string | null;
    decided_at?: Date | null;
    cancelled_at?: Date | null;
  },
): Promise<void> {
  await db
    .updateTable('leave_requests')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRequest(db: Db, id: string): Promise<void> {
  await db.deleteFrom('leave_requests').where('id', '=', id).execute();
}

// ---- Days ---------------------------------------------------------------------------------------

export async function replaceDays(
  db: Db,
  requestId: string,
  userId: string,
  days: ReadonlyArray<{ day: string; amount: number }>,
): Promise<void> {
  await db.deleteFrom('leave_days').where('leave_request_id', '=', requestId).execute();
  await insertDays(db, requestId, userId, days);
}

/** The days of a new request. */
export async function insertDays(
  db: Db,
  requestId: string,
  userId: string,
  days: ReadonlyArray<{ day: string; amount: number }>,
): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('leave_days')
    .values(days.map((d) => ({ leave_request_id: requestId, user_id: userId, day: d.day, amount: d.amount })))
    .execute();
}

/** The days among `days` the person already has waiting or approved leave on (another request). */
export async function overlappingDays(
  db: Db,
  userId: string,
  days: readonly string[],
  excludeRequestId?: string,
): Promise<string[]> {
  if (days.length === 0) return [];
  let query = db
    .selectFrom('leave_days as ld')
    .innerJoin('leave_requests as r', 'r.id', 'ld.leave_request_id')
    .select(sql<string>`ld.day::text`.as('day'))
    .distinct()
    .where('ld.user_id', '=', userId)
    .where('ld.day', 'in', [...days])
    .where('r.status', 'in', [WAITING, 'APPROVED']);
  if (excludeRequestId) query = query.where('r.id', '<>', excludeRequestId);
  return (await query.orderBy('day').execute()).map((row) => row.day);
}

// ---- Approvers ----------------------------------------------------------------------------------

export async function insertApprovers(
  db: Db,
  requestId: string,
  approvers: ReadonlyArray<{ approver_id: string; substitute_for: string | null }>,
): Promise<void> {
  if (approvers.length === 0) return;
  await db
    .insertInto('leave_request_approvers')
    .values(
      approvers.map((a, position) => ({
        leave_request_id: requestId,
        approver_id: a.approver_id,
        substitute_for: a.substitute_for,
        position,
      })),
    )
    .execute();
}

export async function deleteApprovers(db: Db, requestId: string): Promise<void> {
  await db.deleteFrom('leave_request_approvers').where('leave_request_id', '=', requestId).execute();
}

export function listApprovers(db: Db, requestIds: readonly string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('leave_request_approvers as a')
    .innerJoin('users as u', 'u.id', 'a.approver_id')
    .leftJoin('users as by', 'by.id', 'a.acted_by')
    .leftJoin('users as sf', 'sf.id', 'a.substitute_for')
    .selectAll('a')
    .select([
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar_url',
      'u.language',
      sql<
        string | null
      >`nullif(trim(coalesce(by.first_name, '') || ' ' || coalesce(by.last_name, '')), '')`.as(
        'acted_by_name',
      ),
      sql<
        string | null
      >`nullif(trim(coalesce(sf.first_name, '') || ' ' || coalesce(sf.last_name, '')), '')`.as(
        'substitute_for_name',
      ),
    ])
    .where('a.leave_request_id', 'in', [...requestIds])
    .orderBy('a.leave_request_id')
    .orderBy('a.position')
    .execute();
}
export type ApproverRow = Awaited<ReturnType<typeof listApprovers>>[number];

/** One approval with the approver row locked (its request is locked by the caller first). */
export function findApproval(db: Db, id: string) {
  return db.selectFrom('leave_request_approvers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function decideApproval(
  db: Db,
  id: string,
  values: { status: ApprovalStateColumn; reason: string | null; acted_by: string | null },
): Promise<void> {
  await db
    .updateTable('leave_request_approvers')
    .set({ ...values, acted_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function approvalStates(db: Db, requestId: string): Promise<ApprovalStateColumn[]> {
  const rows = await db
    .selectFrom('leave_request_approvers')
    .select('status')
    .where('leave_request_id', '=', requestId)
    .execute();
  return rows.map((row) => row.status);
}

function approvalQueue(db: Db, approverId: string, status: ApprovalStateColumn) {
  return db
    .selectFrom('leave_request_approvers as a')
    .innerJoin('leave_requests as r', 'r.id', 'a.leave_request_id')
    .where('a.approver_id', '=', approverId)
    .where('a.status', '=', status)
    .where((eb) =>
      // A waiting approval of a request no longer waiting (rejected by another approver) is done.
      status === WAITING ? eb('r.status', '=', WAITING) : sql<SqlBool>`true`,
    );
}

/** The caller's approvals in one state, oldest request first for the waiting ones. */
export async function listApprovalQueue(
  db: Db,
  approverId: string,
  status: ApprovalStateColumn,
  window: Pick<PageWindow, 'offset' | 'limit'>,
) {
  const query = approvalQueue(db, approverId, status);
  const [rows, count] = await Promise.all([
    query
      .select(['a.id', 'a.status', 'a.leave_request_id'])
      .orderBy('r.start_date', status === WAITING ? 'asc' : 'desc')
      .orderBy('a.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export async function countWaitingApprovals(db: Db, approverId: string): Promise<number> {
  const row = await approvalQueue(db, approverId, WAITING)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Waiting approvals created before `before` and not reminded since, with what the mail needs. */
export function listStaleApprovals(db: Db, before: Date) {
  return db
    .selectFrom('leave_request_approvers as a')
    .innerJoin('leave_requests as r', 'r.id', 'a.leave_request_id')
    .innerJoin('users as u', 'u.id', 'a.approver_id')
    .select([
      'a.id',
      'a.approver_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.language',
      'r.id as request_id',
    ])
    .where('a.status', '=', WAITING)
    .where('r.status', '=', WAITING)
    .where('a.created_at', '<', before)
    .where((eb) => eb.or([eb('a.reminded_at', 'is', null), eb('a.reminded_at', '<', before)]))
    .where('u.status', '=', 'ACTIVE')
    .orderBy('a.approver_id')
    .execute();
}

export async function markReminded(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .updateTable('leave_request_approvers')
      .set({ reminded_at: new Date() })
      .where('id', 'in', [...ids])
      .execute();
}

/**
 * Waiting approvals whose approver is on approved leave `day` and named a substitute who is not
 * already an approver of the request: the ones to route.
 */
export function listApprovalsToReroute(db: Db, day: string, requestId?: string) {
  let query = db
    .selectFrom('leave_request_approvers as a')
    .innerJoin('leave_requests as r', 'r.id', 'a.leave_request_id')
    .innerJoin('leave_substitutes as s', 's.user_id', 'a.approver_id')
    .innerJoin('users as sub', 'sub.id', 's.substitute_id')
    .select(['a.id', 'a.approver_id', 'a.leave_request_id', 's.substitute_id', 'r.user_id as requester_id'])
    .where('a.status', '=', WAITING)
    .where('r.status', '=', WAITING)
    .where('sub.status', '=', 'ACTIVE')
    .where('sub.deleted_at', 'is', null)
    .whereRef('s.substitute_id', '<>', 'r.user_id')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('leave_days as ld')
          .innerJoin('leave_requests as own', 'own.id', 'ld.leave_request_id')
          .select('ld.day')
          .whereRef('ld.user_id', '=', 'a.approver_id')
          .where('ld.day', '=', day)
          .where('own.status', '=', 'APPROVED'),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('leave_request_approvers as other')
            .select('other.id')
            .whereRef('other.leave_request_id', '=', 'a.leave_request_id')
            .whereRef('other.approver_id', '=', 's.substitute_id'),
        ),
      ),
    );
  if (requestId) query = query.where('a.leave_request_id', '=', requestId);
  return query.execute();
}

/** Hands an approval to a substitute: the approver row now names them, and whom they stand in for. */
export async function rerouteApproval(
  db: Db,
  id: string,
  substituteId: string,
  originalId: string,
): Promise<void> {
  await db
    .updateTable('leave_request_approvers')
    .set({ approver_id: substituteId, substitute_for: originalId, reminded_at: null })
    .where('id', '=', id)
    .execute();
}

// ---- Balances -----------------------------------------------------------------------------------

/** Approved and waiting days per person and absence type, for a year. */
export function usedAndPending(db: Db, userIds: string | readonly string[], year: number) {
  return db
    .selectFrom('leave_requests')
    .select([
      'user_id',
      'absence_type_id',
      sql<string>`coalesce(sum(duration) filter (where status = 'APPROVED'), 0)`.as('used'),
      sql<string>`coalesce(sum(duration) filter (where status = ${WAITING}), 0)`.as('pending'),
    ])
    .where('user_id', 'in', typeof userIds === 'string' ? [userIds] : [...userIds])
    .where('year', '=', year)
    .groupBy(['user_id', 'absence_type_id'])
    .execute();
}

/** The ledger's sums per person, absence type and kind, for a year. */
export function grantSums(db: Db, userIds: string | readonly string[], year: number) {
  return db
    .selectFrom('leave_balance_grants')
    .select(['user_id', 'absence_type_id', 'kind', sql<string>`sum(days)`.as('days')])
    .where('user_id', 'in', typeof userIds === 'string' ? [userIds] : [...userIds])
    .where('year', '=', year)
    .groupBy(['user_id', 'absence_type_id', 'kind'])
    .execute();
}

/** Active employees with names and department, a batch at a time by id (team balances). */
export function listEmployeesForBalances(
  db: Db,
  departmentId: string | undefined,
  afterId: string | null,
  limit: number,
) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.onboard_date', 'd.name as department_name'])
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null)
    .where('u.user_type', '=', 'EMPLOYEE');
  if (departmentId) query = query.where('u.department_id', '=', departmentId);
  if (afterId) query = query.where('u.id', '>', afterId);
  return query.orderBy('u.id').limit(limit).execute();
}

/** Writes grants; one already there (same person, type, kind and period) is left alone. */
export async function insertGrants(
  db: Db,
  grants: ReadonlyArray<{
    user_id: string;
    absence_type_id: string;
    year: number;
    kind: 'ACCRUAL' | 'CARRY_FORWARD' | 'CARRY_EXPIRED';
    period: string;
    days: number;
  }>,
): Promise<number> {
  if (grants.length === 0) return 0;
  const rows = await db
    .insertInto('leave_balance_grants')
    .values(grants.map((g) => ({ ...g, days: g.days })))
    .onConflict((oc) => oc.columns(['user_id', 'absence_type_id', 'kind', 'period']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/** Days of approved leave a person took of a type between two dates (for carried days' expiry). */
export async function approvedDaysBetween(
  db: Db,
  userId: string,
  absenceTypeId: string,
  from: string,
  to: string,
): Promise<number> {
  const row = await db
    .selectFrom('leave_days as ld')
    .innerJoin('leave_requests as r', 'r.id', 'ld.leave_request_id')
    .select(sql<string>`coalesce(sum(ld.amount), 0)`.as('days'))
    .where('ld.user_id', '=', userId)
    .where('r.absence_type_id', '=', absenceTypeId)
    .where('r.status', '=', 'APPROVED')
    .where('ld.day', '>=', from)
    .where('ld.day', '<=', to)
    .executeTakeFirstOrThrow();
  return Number(row.days);
}

// ---- People -------------------------------------------------------------------------------------

/** What the leave rules need to know about people: status, department, start date, language. */
export function listPeople(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar_url',
      'u.status',
      'u.deleted_at',
      'u.language',
      'u.department_id',
      'u.onboard_date',
      'u.user_type',
      'd.name as department_name',
    ])
    .where('u.id', 'in', [...ids])
    .execute();
}
export type LeavePersonRow = Awaited<ReturnType<typeof listPeople>>[number];

/** Active employees (for the accrual and carry-forward jobs), a batch at a time by id. */
export function listActiveEmployees(db: Db, afterId: string | null, limit: number) {
  let query = db
    .selectFrom('users')
    .select(['id', 'onboard_date', 'offboard_date'])
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where('user_type', '=', 'EMPLOYEE');
  if (afterId) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

// ---- Calendar -----------------------------------------------------------------------------------

/** Requests waiting or approved that touch the range, for the team calendar and feeds. */
export function listCalendar(
  db: Db,
  range: { from: string; to: string },
  scope: { departmentId?: string; userId?: string },
) {
  let query = requestQuery(db)
    .where('r.status', 'in', [WAITING, 'APPROVED'])
    .where('r.end_date', '>=', range.from)
    .where('r.start_date', '<=', range.to)
    .where('u.deleted_at', 'is', null);
  if (scope.departmentId) query = query.where('u.department_id', '=', scope.departmentId);
  if (scope.userId) query = query.where('r.user_id', '=', scope.userId);
  return query.orderBy('r.start_date').orderBy('u.first_name').orderBy('r.id').limit(2000).execute();
}

/** Per day of `days`, who else in the department is off (waiting or approved), and the department's size. */
export async function departmentAbsences(
  db: Db,
  departmentId: string,
  days: readonly string[],
  exceptUserId: string,
) {
  const [size, rows] = await Promise.all([
    db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('department_id', '=', departmentId)
      .where('status', '=', 'ACTIVE')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    days.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('leave_days as ld')
          .innerJoin('leave_requests as r', 'r.id', 'ld.leave_request_id')
          .innerJoin('users as u', 'u.id', 'ld.user_id')
          .select([sql<string>`ld.day::text`.as('day'), 'u.id', 'u.first_name', 'u.last_name'])
          .where('u.department_id', '=', departmentId)
          .where('u.id', '<>', exceptUserId)
          .where('ld.day', 'in', [...days])
          .where('r.status', 'in', [WAITING, 'APPROVED'])
          .execute(),
  ]);
  return { size: size.count, rows };
}
