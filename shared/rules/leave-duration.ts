import { addDays, weekday } from './periods.ts';

/**
 * How long a leave request is, in working days (spec section 6): Monday to Friday count, Saturday
 * and Sunday (days 6 and 0) do not. The working day runs 9:00 to 18:00; a half day is its morning or
 * its afternoon, 0.5. A request starts in the MORNING (the whole first day) or the AFTERNOON (its
 * second half) and ends in the MORNING (at noon) or the AFTERNOON (the whole last day).
 *
 * The browser shows the same number while the person types; the server recomputes it.
 */
export const DAY_PARTS = ['MORNING', 'AFTERNOON'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

export const WORKDAY_START_HOUR = 9;
export const WORKDAY_END_HOUR = 18;

export interface LeaveSpan {
  startDate: string;
  startPart: DayPart;
  endDate: string;
  endPart: DayPart;
}

export interface HolidaySpan {
  startDate: string;
  endDate: string;
  name: string;
}

export const isWeekend = (date: string) => [0, 6].includes(weekday(date));

/** Longest request: a year of days (maternity leave is six months). */
export const LEAVE_MAX_SPAN_DAYS = 366;

/**
 * The working days of a span and how much of each it takes (1 or 0.5). Weekends are left out;
 * holidays are listed apart, since a request may not include one.
 */
export function leaveDays(
  span: LeaveSpan,
  holidays: readonly HolidaySpan[] = [],
): { days: Array<{ day: string; amount: number }>; holidays: string[] } {
  const days: Array<{ day: string; amount: number }> = [];
  const hit = new Set<string>();
  if (span.endDate < span.startDate) return { days, holidays: [] };
  for (
    let day = span.startDate, n = 0;
    day <= span.endDate && n <= LEAVE_MAX_SPAN_DAYS;
    day = addDays(day, 1), n++
  ) {
    if (isWeekend(day)) continue;
    const holiday = holidays.find((h) => h.startDate <= day && day <= h.endDate);
    if (holiday) {
      hit.add(holiday.name);
      continue;
    }
    let amount = 1;
    if (day === span.startDate && span.startPart === 'AFTERNOON') amount -= 0.5;
    if (day === span.endDate && span.endPart === 'MORNING') amount -= 0.5;
    if (amount > 0) days.push({ day, amount });
  }
  return { days, holidays: [...hit] };
}

/** The duration in days (0.5 steps). */
export function leaveDuration(span: LeaveSpan, holidays: readonly HolidaySpan[] = []): number {
  return leaveDays(span, holidays).days.reduce((sum, day) => sum + day.amount, 0);
}

/** True when the span uses half a day (starts in the afternoon or ends at noon). */
export function usesHalfDay(span: LeaveSpan): boolean {
  return span.startPart === 'AFTERNOON' || span.endPart === 'MORNING';
}

/** True for a one-day span that starts in the afternoon and ends at noon: nothing at all. */
export function isInvertedHalfDay(span: LeaveSpan): boolean {
  return span.startDate === span.endDate && span.startPart === 'AFTERNOON' && span.endPart === 'MORNING';
}

/** Working days from `from` (excluded) to `to` (included), weekends left out: the notice given. */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = addDays(from, 1), n = 0; day <= to && n < 4000; day = addDays(day, 1), n++)
    if (!isWeekend(day)) count++;
  return count;
}
