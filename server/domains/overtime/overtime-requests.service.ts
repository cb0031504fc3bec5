import type {
  MyOtQuery,
  OtCounts,
  OtCountsQuery,
  OtRequest,
  OtRequestBody,
  OtRequestPage,
  OtRequestQuery,
  OtRequestUpdateBody,
  OtStatusBody,
  RemainingOvertime,
  RemainingQuery,
} from '../../../shared/overtime.schemas.ts';
import { combineDecisions } from '../../../shared/rules/approvals.ts';
import { overtimeMinutes, payEquivalentHours } from '../../../shared/rules/overtime.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { isPerson } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { tellOvertimeApprovers, tellOvertimeDecision } from './overtime-mail.ts';
import {
  hours,
  lastOfMonth,
  limitProblems,
  requestProblems,
  segmentsOf,
  type SpanInput,
} from './overtime-rules.ts';
import { readRegulations } from './overtime-settings.service.ts';
import {
  mayRequestFor,
  overtimeRequestPolicy,
  overtimeSettingsPolicy,
  type OtRecord,
} from './overtime.policy.ts';
import * as repo from './overtime.repository.ts';

/** Overtime requests: filing, changing, deleting, deciding, and the lists (spec section 7, Overtime). */

const WAITING = 'WAITING FOR APPROVAL';

function record(
  row: Pick<repo.OtRequestRow, 'user_id' | 'status'>,
  approvers: readonly repo.OtApproverRow[],
): OtRecord {
  return {
    userId: row.user_id,
    status: row.status,
    approverIds: approvers.map((a) => a.approver_id),
    waitingApproverIds: approvers.filter((a) => a.status === WAITING).map((a) => a.approver_id),
  };
}

/** Rows as the API sends them; waiting ones say whether approving them now would pass the limits. */
async function toRequests(ctx: ServiceContext, rows: readonly repo.OtRequestRow[]): Promise<OtRequest[]> {
  const ids = rows.map((row) => row.id);
  const [approvers, segments, rates] = await Promise.all([
    repo.listApprovers(ctx.db, ids),
    repo.listSegments(ctx.db, ids),
    readRegulations(ctx),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const own = approvers.filter((a) => a.ot_request_id === row.id);
      const parts = segments
        .filter((s) => s.ot_request_id === row.id)
        .map((s) => ({ day: s.day, minutes: s.minutes, nightMinutes: s.night_minutes, dayType: s.day_type }));
      const abilities = overtimeRequestPolicy.abilities(ctx.actor, record(row, own));
      return {
        id: row.id,
        person: {
          id: row.user_id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          avatarUrl: row.avatar_url,
          departmentName: row.department_name,
        },
        project: row.project_id ? { id: row.project_id, name: row.project_name ?? '' } : null,
        workDate: row.work_date,
        startTime: row.start_time,
        endTime: row.end_time,
        duration: hours(row.minutes),
        segments: parts.map((s) => ({
          day: s.day,
          hours: hours(s.minutes),
          nightHours: hours(s.nightMinutes),
          dayType: s.dayType,
        })),
        payEquivalentHours: payEquivalentHours(parts, rates),
        reason: row.reason,
        status: row.status,
        decisionReason: row.decision_reason,
        decidedAt: row.decided_at?.toISOString() ?? null,
        approvers: own.map((a) => ({
          approverId: a.approver_id,
          firstName: a.first_name,
          lastName: a.last_name,
          status: a.status,
          reason: a.reason,
          actedAt: a.acted_at?.toISOString() ?? null,
        })),
        // Only the deciders need the flag; it costs the limit queries.
        fitsLimits:
          row.status === WAITING && abilities.decide
            ? (await limitProblems(ctx, row.user_id, parts, 'approve', row.id)).length === 0
            : null,
        version: row.version,
        createdAt: row.created_at.toISOString(),
        abilities: { edit: abilities.edit, delete: abilities.delete, decide: abilities.decide },
      };
    }),
  );
}

async function requireVisible(ctx: ServiceContext, id: string) {
  if (!isPerson(ctx.actor) && ctx.actor.kind !== 'system') throw new AppError('UNAUTHENTICATED');
  const row = await repo.findRequest(ctx.db, id);
  const approvers = row ? await repo.listApprovers(ctx.db, [id]) : [];
  if (!row || !overtimeRequestPolicy.can(ctx.actor, 'view', record(row, approvers)))
    throw new AppError('NOT_FOUND');
  return { row, approvers };
}

async function check(ctx: ServiceContext, userId: string, input: SpanInput, excludeId?: string) {
  const segments = await segmentsOf(ctx, input);
  const problems = [
    ...(await requestProblems(ctx, userId, input, segments, excludeId)),
    ...(await limitProblems(ctx, userId, segments, 'submit', excludeId)),
  ];
  if (problems.length > 0) throw validationError(problems);
  return segments;
}

const values = (input: SpanInput & { reason?: string | null }): repo.RequestValues => ({
  project_id: input.projectId ?? null,
  work_date: input.workDate,
  start_time: input.startTime,
  end_time: input.endTime,
  minutes: overtimeMinutes(input),
  reason: input.reason?.trim() || null,
});

async function one(ctx: ServiceContext, id: string): Promise<OtRequest> {
  return (await toRequests(ctx, [(await repo.findRequest(ctx.db, id))!]))[0]!;
}

/**
 * Files an overtime request, the caller's own or (overtime.manage) someone's. The limits are
 * checked against approved and waiting hours, under the person's lock.
 */
export async function createOvertimeRequest(ctx: ServiceContext, input: OtRequestBody): Promise<OtRequest> {
  const personId = input.personId ?? (isPerson(ctx.actor) ? ctx.actor.id : null);
  if (!personId || !mayRequestFor(ctx.actor, personId)) throw new AppError('FORBIDDEN');
  return inTransaction(ctx, async (tx) => {
    await repo.lockPersonOvertime(tx.db, personId);
    const [person] = await repo.listPeople(tx.db, [personId]);
    if (!person || person.deleted_at) throw validationError([{ field: 'personId', code: 'unknownPerson' }]);
    const segments = await check(tx, personId, input);
    const id = await repo.insertRequest(tx.db, { ...values(input), user_id: personId });
    await repo.replaceSegments(tx.db, id, personId, segments);
    await repo.replaceApprovers(tx.db, id, [...new Set(input.approverIds)]);
    const created = await one(tx, id);
    await recordAudit(tx, {
      action: 'overtime_request.created',
      entityType: 'overtime_request',
      entityId: id,
      after: created,
    });
    await tellOvertimeApprovers(
      tx,
      created,
      created.approvers.map((a) => a.approverId),
    );
    return created;
  });
}

/** One request: its requester, its approvers and managers see it. */
export async function getOvertimeRequest(ctx: ServiceContext, id: string): Promise<OtRequest> {
  const { row } = await requireVisible(ctx, id);
  return (await toRequests(ctx, [row]))[0]!;
}

/** Changes a waiting request (412 on a stale `version`); approvers who had answered are asked again. */
export async function updateOvertimeRequest(
  ctx: ServiceContext,
  id: string,
  input: OtRequestUpdateBody,
): Promise<OtRequest> {
  return inTransaction(ctx, async (tx) => {
    const { row, approvers } = await requireVisible(tx, id);
    await repo.lockPersonOvertime(tx.db, row.user_id);
    const locked = (await repo.lockRequest(tx.db, id))!;
    if (locked.status !== WAITING)
      throw new AppError('LEAVE_REQUEST_CLOSED', { params: { status: locked.status } });
    overtimeRequestPolicy.authorize(tx.actor, 'edit', record(locked, approvers));
    if (locked.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    const before = await one(tx, id);
    const segments = await check(tx, row.user_id, input, id);
    await repo.updateRequest(tx.db, id, values(input));
    await repo.replaceSegments(tx.db, id, row.user_id, segments);
    await repo.replaceApprovers(tx.db, id, [...new Set(input.approverIds)]);
    const after = await one(tx, id);
    await recordAudit(tx, {
      action: 'overtime_request.updated',
      entityType: 'overtime_request',
      entityId: id,
      before,
      after,
    });
    // New approvers, and those who had already answered (what they answered changed), are asked.
    const stillWaiting = new Set(approvers.filter((a) => a.status === WAITING).map((a) => a.approver_id));
    await tellOvertimeApprovers(
      tx,
      after,
      after.approvers.map((a) => a.approverId).filter((approverId) => !stillWaiting.has(approverId)),
    );
    return after;
  });
}

/** Deletes a request: its requester while it waits; a manager at any time. */
export async function deleteOvertimeRequest(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { approvers } = await requireVisible(tx, id);
    const locked = (await repo.lockRequest(tx.db, id))!;
    const rule = record(locked, approvers);
    if (!overtimeRequestPolicy.can(tx.actor, 'delete', rule)) {
      const wouldMay = overtimeRequestPolicy.can(tx.actor, 'delete', { ...rule, status: WAITING });
      throw new AppError(wouldMay ? 'LEAVE_REQUEST_CLOSED' : 'FORBIDDEN', {
        params: { status: locked.status },
      });
    }
    const before = await one(tx, id);
    await repo.deleteRequest(tx.db, id);
    await recordAudit(tx, {
      action: 'overtime_request.deleted',
      entityType: 'overtime_request',
      entityId: id,
      before,
    });
  });
}

/**
 * Approves or rejects (PATCH /ot-requests/{id}/status): an approver for themselves, a manager for
 * all who have not answered. Approving checks the limits again, against approved hours: a request
 * that no longer fits is refused with the limit, the hours used and left.
 */
export async function decideOvertimeRequest(
  ctx: ServiceContext,
  id: string,
  input: OtStatusBody,
): Promise<OtRequest> {
  const reason = input.reason?.trim() || null;
  if (input.status === 'REJECTED' && !reason)
    throw validationError([{ field: 'reason', code: 'rejectionReasonRequired' }]);
  return inTransaction(ctx, async (tx) => {
    const { row } = await requireVisible(tx, id);
    await repo.lockPersonOvertime(tx.db, row.user_id);
    const locked = (await repo.lockRequest(tx.db, id))!;
    const approvers = await repo.listApprovers(tx.db, [id]);
    if (locked.status !== WAITING)
      throw new AppError('LEAVE_REQUEST_CLOSED', { params: { status: locked.status } });
    overtimeRequestPolicy.authorize(tx.actor, 'decide', record(locked, approvers));
    const before = await one(tx, id);
    if (input.status === 'APPROVED') {
      const segments = (await repo.listSegments(tx.db, [id])).map((s) => ({
        day: s.day,
        minutes: s.minutes,
        nightMinutes: s.night_minutes,
        dayType: s.day_type,
      }));
      const problems = await limitProblems(tx, locked.user_id, segments, 'approve', id);
      if (problems.length > 0) throw validationError(problems);
    }
    const mine = approvers.filter((a) => a.status === WAITING && a.approver_id === tx.actor.id);
    // The approver answers for themselves; a manager who is not one answers for all who have not.
    const answering = mine.length > 0 ? mine : approvers.filter((a) => a.status === WAITING);
    for (const approver of answering)
      await repo.decideApproval(tx.db, id, approver.approver_id, {
        status: input.status,
        reason,
        acted_by: tx.actor.id,
      });
    const states = (await repo.listApprovers(tx.db, [id])).map((a) => a.status);
    const outcome = combineDecisions(states);
    if (outcome !== WAITING)
      await repo.setRequestStatus(tx.db, id, {
        status: outcome,
        decided_at: new Date(),
        decision_reason: outcome === 'REJECTED' ? reason : null,
      });
    const after = await one(tx, id);
    await recordAudit(tx, {
      action: input.status === 'APPROVED' ? 'overtime_request.approved' : 'overtime_request.rejected',
      entityType: 'overtime_request',
      entityId: id,
      before,
      after,
    });
    if (outcome !== WAITING) await tellOvertimeDecision(tx, after, outcome, reason);
    return after;
  });
}

/** The caller's own requests. */
export async function listMyOvertimeRequests(ctx: ServiceContext, query: MyOtQuery): Promise<OtRequestPage> {
  if (!isPerson(ctx.actor) || !mayRequestFor(ctx.actor, ctx.actor.id)) throw new AppError('FORBIDDEN');
  const page = await paginate(
    query,
    (window) =>
      repo.listRequests(ctx.db, { userId: ctx.actor.id!, status: query.status, month: query.month }, window),
    (row) => row,
  );
  return { ...page, items: await toRequests(ctx, page.items) };
}

/** Requests for approvers (those naming them) and managers (all), filtered. */
export async function listOvertimeRequests(
  ctx: ServiceContext,
  query: OtRequestQuery,
): Promise<OtRequestPage> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'list', undefined);
  if (query.from && query.to && query.to < query.from)
    throw validationError([{ field: 'to', code: 'dateOrder' }]);
  const scope = overtimeSettingsPolicy.can(ctx.actor, 'manage', undefined)
    ? {}
    : { approverId: ctx.actor.id! };
  const page = await paginate(
    query,
    (window) => repo.listRequests(ctx.db, { ...query, ...scope }, window),
    (row) => row,
  );
  return { ...page, items: await toRequests(ctx, page.items) };
}

/** How many requests per status, with the list's filters (the tabs' counts). */
export async function countOvertimeRequests(ctx: ServiceContext, query: OtCountsQuery): Promise<OtCounts> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'list', undefined);
  const scope = overtimeSettingsPolicy.can(ctx.actor, 'manage', undefined)
    ? {}
    : { approverId: ctx.actor.id! };
  const rows = await repo.countByStatus(ctx.db, { ...query, ...scope });
  const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  const counts = {
    'WAITING FOR APPROVAL': count(WAITING),
    APPROVED: count('APPROVED'),
    REJECTED: count('REJECTED'),
  };
  return { ...counts, total: counts['WAITING FOR APPROVAL'] + counts.APPROVED + counts.REJECTED };
}

/**
 * Hours left on a day, its month and its year, before asking: the limits in force that day, less
 * approved and waiting hours (`excludeId`: the request being edited).
 */
export async function getRemainingOvertime(
  ctx: ServiceContext,
  query: RemainingQuery,
): Promise<RemainingOvertime> {
  const personId = query.personId ?? (isPerson(ctx.actor) ? ctx.actor.id : null);
  if (!personId || !mayRequestFor(ctx.actor, personId)) throw new AppError('FORBIDDEN');
  const date = query.date ?? companyToday(ctx.config);
  const limit = (await repo.limitsOn(ctx.db, [date])).get(date)!;
  const meter = async (from: string, to: string, minutes: number) => {
    const used = await repo.minutesBetween(ctx.db, personId, from, to, query.excludeId);
    return {
      limit: hours(minutes),
      used: hours(used.approved),
      waiting: hours(used.waiting),
      remaining: hours(Math.max(0, minutes - used.approved - used.waiting)),
    };
  };
  return {
    date,
    day: await meter(date, date, limit.daily_minutes),
    month: await meter(`${date.slice(0, 7)}-01`, lastOfMonth(date), limit.monthly_minutes),
    year: await meter(`${date.slice(0, 4)}-01-01`, `${date.slice(0, 4)}-12-31`, limit.yearly_minutes),
  };
}

/** Who may be named as an approver: active people holding overtime.approve, the caller left out. */
export async function listOvertimeApproverCandidates(ctx: ServiceContext, query: { search?: string }) {
  overtimeSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  const rows = await listPermissionHolders(ctx, 'overtime.approve', {
    exceptId: ctx.actor.id,
    search: query.search,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      avatarUrl: row.avatar_url,
    })),
  };
}
