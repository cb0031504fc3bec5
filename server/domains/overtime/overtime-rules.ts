import type { FieldProblem } from '../../../shared/errors.ts';
import type { OtRequestBody } from '../../../shared/overtime.schemas.ts';
import { addDays } from '../../../shared/rules/periods.ts';
import {
  minutesOf,
  OVERTIME_MAX_MINUTES,
  overtimeMinutes,
  overtimeSegments,
  type Segment,
} from '../../../shared/rules/overtime.ts';
import type { ServiceContext } from '../../core/context.ts';
import { findPermissionHolders } from '../access/permission-holders.service.ts';
import * as repo from './overtime.repository.ts';

/**
 * The rules of an overtime request, checked together. Limits count minutes per calendar day (a
 * request across midnight counts on both days), per month and per year, with the limits in force
 * on each day. At submission approved and waiting hours count; at approval, approved ones only: two
 * requests that each fit cannot together pass a limit.
 */

export type SpanInput = Pick<
  OtRequestBody,
  'workDate' | 'startTime' | 'endTime' | 'projectId' | 'approverIds'
>;

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
/** The last day of the month of `day`. */
function lastOfMonth(day: string): string {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

export async function segmentsOf(
  ctx: ServiceContext,
  span: Pick<SpanInput, 'workDate' | 'startTime' | 'endTime'>,
): Promise<Segment[]> {
  const holidays = await repo.holidaysBetween(ctx.db, span.workDate, addDays(span.workDate, 1));
  return overtimeSegments(span, (day) => holidays.some((h) => h.start_date <= day && day <= h.end_date));
}

/**
 * Problems with the limits for `segments` of `userId`: `mode` 'submit' counts approved and waiting
 * hours of other requests, 'approve' approved ones only.
 */
export async function limitProblems(
  ctx: ServiceContext,
  userId: string,
  segments: readonly Segment[],
  mode: 'submit' | 'approve',
  excludeId?: string,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const limits = await repo.limitsOn(
    ctx.db,
    segments.map((s) => s.day),
  );
  const CODES = { day: 'overtimeDayLimit', month: 'overtimeMonthLimit', year: 'overtimeYearLimit' } as const;
  const check = async (
    kind: 'day' | 'month' | 'year',
    from: string,
    to: string,
    minutes: number,
    limit: number,
  ) => {
    const other = await repo.minutesBetween(ctx.db, userId, from, to, excludeId);
    const used = other.approved + (mode === 'submit' ? other.waiting : 0);
    if (used + minutes > limit)
      problems.push({
        field: 'endTime',
        code: CODES[kind],
        params: {
          limit: hours(limit),
          used: hours(used),
          left: hours(Math.max(0, limit - used)),
          date: (kind === 'day' ? from : kind === 'month' ? from.slice(0, 7) : from.slice(0, 4)).replaceAll(
            '-',
            '/',
          ),
        },
      });
  };
  for (const segment of segments) {
    const limit = limits.get(segment.day)!;
    await check('day', segment.day, segment.day, segment.minutes, limit.daily_minutes);
  }
  const months = Map.groupBy(segments, (s) => s.day.slice(0, 7));
  for (const [month, parts] of months) {
    const first = `${month}-01`;
    await check(
      'month',
      first,
      lastOfMonth(first),
      parts.reduce((sum, s) => sum + s.minutes, 0),
      limits.get(parts[0]!.day)!.monthly_minutes,
    );
  }
  const years = Map.groupBy(segments, (s) => s.day.slice(0, 4));
  for (const [year, parts] of years)
    await check(
      'year',
      `${year}-01-01`,
      `${year}-12-31`,
      parts.reduce((sum, s) => sum + s.minutes, 0),
      limits.get(parts[0]!.day)!.yearly_minutes,
    );
  return problems;
}

/** The request's own problems: length, overlap, leave, project, approvers. */
export async function requestProblems(
  ctx: ServiceContext,
  userId: string,
  input: SpanInput,
  segments: readonly Segment[],
  excludeId?: string,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const minutes = overtimeMinutes(input);
  if (minutes > OVERTIME_MAX_MINUTES)
    problems.push({ field: 'endTime', code: 'overtimeTooLong', params: { max: OVERTIME_MAX_MINUTES / 60 } });
  // Overlap, in minutes from the first day considered.
  const base = addDays(input.workDate, -1);
  const toAbsolute = (workDate: string, start: string, end: string) => {
    const offset = Math.round((Date.parse(workDate) - Date.parse(base)) / 86_400_000) * 1440;
    const from = offset + minutesOf(start);
    return [from, from + overtimeMinutes({ workDate, startTime: start, endTime: end })] as const;
  };
  const [from, to] = toAbsolute(input.workDate, input.startTime, input.endTime);
  const nearby = await repo.nearbyRequests(ctx.db, userId, base, addDays(input.workDate, 1), excludeId);
  if (
    nearby.some((other) => {
      const [a, b] = toAbsolute(other.work_date, other.start_time, other.end_time);
      return a < to && from < b;
    })
  )
    problems.push({ field: 'startTime', code: 'overtimeOverlap' });
  const onLeave = await repo.approvedLeaveDays(
    ctx.db,
    userId,
    segments.map((s) => s.day),
  );
  if (onLeave.length > 0)
    problems.push({ field: 'workDate', code: 'overtimeOnLeave', params: { dates: onLeave.join(', ') } });
  if (input.projectId && !(await repo.isActiveMember(ctx.db, userId, input.projectId)))
    problems.push({ field: 'projectId', code: 'overtimeNotMember' });
  const ids = [...new Set(input.approverIds)];
  const [people, holders] = await Promise.all([
    repo.listPeople(ctx.db, ids),
    findPermissionHolders(ctx, ids, 'overtime.approve'),
  ]);
  for (const id of ids) {
    const person = people.find((p) => p.id === id);
    const name = person ? `${person.first_name} ${person.last_name}`.trim() : id;
    if (id === userId) problems.push({ field: 'approverIds', code: 'approverSelf' });
    else if (!person || person.deleted_at) problems.push({ field: 'approverIds', code: 'unknownPerson' });
    else if (person.status !== 'ACTIVE')
      problems.push({ field: 'approverIds', code: 'approverInactive', params: { name } });
    else if (!holders.has(id))
      problems.push({ field: 'approverIds', code: 'approverCannotApproveOvertime', params: { name } });
  }
  return problems;
}

export { lastOfMonth, hours };
