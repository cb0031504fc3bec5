import type { FieldProblem } from '../../../shared/errors.ts';
import type { LeaveRequestBody } from '../../../shared/leave.schemas.ts';
import {
  isInvertedHalfDay,
  LEAVE_MAX_SPAN_DAYS,
  leaveDays,
  usesHalfDay,
  workingDaysBetween,
  type LeaveSpan,
} from '../../../shared/rules/leave-duration.ts';
import { daysBetween } from '../../../shared/rules/periods.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { findPermissionHolders } from '../access/permission-holders.service.ts';
import { computeBalances } from './balance-math.ts';
import * as settings from './leave-settings.repository.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * The rules a leave request must follow (spec section 6 and the leave issue), checked all at once
 * so the person sees every problem together. The caller holds the person's leave lock
 * (`lockPersonLeave`) when it writes, so the balance and overlap checks stay true until commit.
 */

export type RequestInput = Pick<
  LeaveRequestBody,
  'absenceTypeId' | 'startDate' | 'startPart' | 'endDate' | 'endPart' | 'reason' | 'approverIds'
>;

export interface CheckedRequest {
  type: settings.AbsenceTypeRow;
  span: LeaveSpan;
  days: Array<{ day: string; amount: number }>;
  duration: number;
  year: number;
  approverIds: string[];
}

const fmt = (n: number) => String(n);

/** The span's own problems: order, length, year, half days, holidays, working days. */
async function spanProblems(
  ctx: ServiceContext,
  input: RequestInput,
  type: settings.AbsenceTypeRow | undefined,
  problems: FieldProblem[],
): Promise<{ days: Array<{ day: string; amount: number }>; duration: number } | null> {
  const span: LeaveSpan = input;
  if (span.endDate < span.startDate) {
    problems.push({ field: 'endDate', code: 'dateOrder' });
    return null;
  }
  if (daysBetween(span.startDate, span.endDate) > LEAVE_MAX_SPAN_DAYS) {
    problems.push({ field: 'endDate', code: 'leaveTooLong', params: { max: LEAVE_MAX_SPAN_DAYS } });
    return null;
  }
  if (span.startDate.slice(0, 4) !== span.endDate.slice(0, 4)) {
    problems.push({ field: 'endDate', code: 'leaveCrossesYear' });
    return null;
  }
  if (isInvertedHalfDay(span)) {
    problems.push({ field: 'endPart', code: 'leaveHalfDayOrder' });
    return null;
  }
  if (type && !type.allow_half_day && usesHalfDay(span))
    problems.push({
      field: span.startPart === 'AFTERNOON' ? 'startPart' : 'endPart',
      code: 'leaveHalfDayNotAllowed',
      params: { type: type.name },
    });
  const holidays = await settings.listHolidays(ctx.db, { from: span.startDate, to: span.endDate });
  const result = leaveDays(
    span,
    holidays.map((h) => ({ startDate: h.start_date, endDate: h.end_date, name: h.name })),
  );
  if (result.holidays.length > 0) {
    problems.push({
      field: 'startDate',
      code: 'leaveIncludesHoliday',
      params: { holidays: result.holidays.join(', ') },
    });
    return null;
  }
  if (result.days.length === 0) {
    problems.push({ field: 'startDate', code: 'leaveNoWorkingDays' });
    return null;
  }
  return { days: result.days, duration: result.days.reduce((sum, d) => sum + d.amount, 0) };
}

/** Approvers: known, active, holding leave.approve, not the requester. Returns them without repeats. */
export async function approverProblems(
  ctx: ServiceContext,
  requesterId: string,
  approverIds: readonly string[],
  problems: FieldProblem[],
  field = 'approverIds',
): Promise<string[]> {
  const ids = [...new Set(approverIds)];
  const [people, holders] = await Promise.all([
    repo.listPeople(ctx.db, ids),
    findPermissionHolders(ctx, ids, 'leave.approve'),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const id of ids) {
    const person = byId.get(id);
    const name = person ? `${person.first_name} ${person.last_name}`.trim() || person.email : id;
    if (id === requesterId) problems.push({ field, code: 'approverSelf' });
    else if (!person || person.deleted_at) problems.push({ field, code: 'unknownPerson' });
    else if (person.status !== 'ACTIVE') problems.push({ field, code: 'approverInactive', params: { name } });
    else if (!holders.has(id)) problems.push({ field, code: 'approverCannotApprove', params: { name } });
  }
  return ids;
}

/**
 * Checks a request for `person` and returns what to store, or the problems. `excludeId` is the
 * request being edited (its own days neither overlap nor use the balance twice).
 */
export async function checkRequest(
  ctx: ServiceContext,
  person: repo.LeavePersonRow,
  input: RequestInput,
  options: { excludeId?: string; hasAttachment: boolean; filedByHr: boolean },
): Promise<{ problems: FieldProblem[]; checked?: CheckedRequest }> {
  const problems: FieldProblem[] = [];
  const type = await settings.findAbsenceType(ctx.db, input.absenceTypeId);
  if (!type) problems.push({ field: 'absenceTypeId', code: 'unknownAbsenceType' });
  else if (!type.active) problems.push({ field: 'absenceTypeId', code: 'inactiveAbsenceType' });
  const span = await spanProblems(ctx, input, type ? { ...type, in_use: true } : undefined, problems);
  const approverIds = await approverProblems(ctx, person.id, input.approverIds, problems);
  if (!type || !span) return { problems };

  // Notice is for planned leave; HR filing after the fact (sick leave) is not held to it.
  const today = companyToday(ctx.config);
  if (
    !options.filedByHr &&
    type.min_notice_days > 0 &&
    workingDaysBetween(today, input.startDate) < type.min_notice_days
  )
    problems.push({
      field: 'startDate',
      code: 'leaveNotice',
      params: { type: type.name, days: type.min_notice_days },
    });
  if (
    type.attachment_after_days !== null &&
    span.duration > Number(type.attachment_after_days) &&
    !options.hasAttachment
  )
    problems.push({
      field: 'attachment',
      code: 'leaveAttachmentRequired',
      params: { type: type.name, days: fmt(Number(type.attachment_after_days)) },
    });
  const overlap = await repo.overlappingDays(
    ctx.db,
    person.id,
    span.days.map((d) => d.day),
    options.excludeId,
  );
  if (overlap.length > 0)
    problems.push({
      field: 'startDate',
      code: 'leaveOverlap',
      params: { dates: overlap.slice(0, 5).join(', ') },
    });
  const year = Number(input.startDate.slice(0, 4));
  if (type.counts_against_balance) {
    const balance = (await computeBalances(ctx, person, year, { types: [{ ...type, in_use: true }] }))[0];
    if (balance) {
      // An edit gives back what the request held before.
      const held = options.excludeId ? await heldBy(ctx, options.excludeId, type.id, year) : 0;
      const remaining = balance.remaining + held;
      if (span.duration > remaining)
        problems.push({
          field: 'endDate',
          code: 'leaveOverBalance',
          params: { remaining: fmt(Math.max(0, remaining)), type: type.name, duration: fmt(span.duration) },
        });
    }
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    checked: {
      type: { ...type, in_use: true },
      span: input,
      days: span.days,
      duration: span.duration,
      year,
      approverIds,
    },
  };
}

async function heldBy(ctx: ServiceContext, requestId: string, typeId: string, year: number): Promise<number> {
  const row = await repo.findRequest(ctx.db, requestId);
  return row &&
    row.year === year &&
    row.absence_type_id === typeId &&
    ['WAITING FOR APPROVAL', 'APPROVED'].includes(row.status)
    ? Number(row.duration)
    : 0;
}
