import { addDays, daysBetween, isoDate } from './periods.ts';

/**
 * Recurring tasks as calendar arithmetic on 'YYYY-MM-DD' dates (the company's calendar days, no
 * time of day), shared by the form (its schedule preview) and the server (the generator).
 *
 * Occurrence N is counted from the start date, never from the occurrence before it: a monthly task
 * started on 31 January falls on 28 (or 29) February, then on 31 March, 30 April — the start day,
 * clamped to the length of each month. Chaining (31 Jan → 28 Feb → 28 Mar) would drift. Quarterly
 * is three months, yearly twelve: a yearly task started on 29 February falls on 28 February in
 * common years and on 29 February again in leap years.
 *
 * The deadline is a whole number of days after an occurrence starts: 0 means due the same day. It
 * must end before the next occurrence starts (`MAX_DEADLINE_DAYS`), so one occurrence never
 * overlaps the next.
 */

export const RECURRENCE_CYCLES = ['DAILY', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type RecurrenceCycle = (typeof RECURRENCE_CYCLES)[number];

/** Months between occurrences, for the cycles counted in months. */
const MONTHS: Partial<Record<RecurrenceCycle, number>> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };
/** Days between occurrences, for the cycles counted in days. */
const DAYS: Partial<Record<RecurrenceCycle, number>> = { DAILY: 1, WEEKLY: 7 };

/**
 * The longest deadline of each cycle: one day less than the shortest gap between two occurrences
 * (28 days between two monthly ones, from 31 January to 28 February; 89 between two quarterly
 * ones, February to May; 365 between two yearly ones).
 */
export const MAX_DEADLINE_DAYS: Record<RecurrenceCycle, number> = {
  DAILY: 0,
  WEEKLY: 6,
  MONTHLY: 27,
  QUARTERLY: 88,
  YEARLY: 364,
};

/**
 * The years a schedule may use (start dates, children's days): the calendar math above relies on
 * `Date.UTC`, which reads years 0-99 as 1900-1999, and a task meant for year 50 is a typing slip.
 */
export const SCHEDULE_YEARS = { first: 2000, last: 2099 } as const;

/** Whether a 'YYYY-MM-DD' date lies in the years a schedule may use. */
export function isSchedulableDate(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return year >= SCHEDULE_YEARS.first && year <= SCHEDULE_YEARS.last;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The date `months` calendar months after `start`, on the start's day or the month's last day. */
function addMonthsClamped(start: string, months: number): string {
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7)) - 1 + months;
  const day = Number(start.slice(8, 10));
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  return isoDate(Date.UTC(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth))));
}

/** Occurrence `n` (0 is the start date itself) of a task starting on `start`. */
export function occurrence(start: string, cycle: RecurrenceCycle, n: number): string {
  const days = DAYS[cycle];
  return days ? addDays(start, n * days) : addMonthsClamped(start, n * MONTHS[cycle]!);
}

/** The first occurrence on or after `date` (the start date itself when `date` is before it). */
export function firstOccurrenceOnOrAfter(
  start: string,
  cycle: RecurrenceCycle,
  date: string,
): { index: number; date: string } {
  if (date <= start) return { index: 0, date: start };
  const days = DAYS[cycle];
  let index: number;
  if (days) index = Math.ceil((daysBetween(start, date) - 1) / days);
  else {
    const months =
      (Number(date.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
      Number(date.slice(5, 7)) -
      Number(start.slice(5, 7));
    index = Math.max(0, Math.floor(months / MONTHS[cycle]!));
  }
  // The estimate is exact for days and at most one step short for months; step to the answer.
  while (occurrence(start, cycle, index) < date) index++;
  while (index > 0 && occurrence(start, cycle, index - 1) >= date) index--;
  return { index, date: occurrence(start, cycle, index) };
}

/** The first occurrence strictly after `date`. */
export function occurrenceAfter(start: string, cycle: RecurrenceCycle, date: string): string {
  return firstOccurrenceOnOrAfter(start, cycle, addDays(date, 1)).date;
}

/** The occurrences from `from` to `to` (both included), at most `limit` of them. */
export function occurrencesBetween(
  start: string,
  cycle: RecurrenceCycle,
  from: string,
  to: string,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  const dates: string[] = [];
  let { index } = firstOccurrenceOnOrAfter(start, cycle, from);
  for (let date = occurrence(start, cycle, index); date <= to && dates.length < limit;) {
    dates.push(date);
    date = occurrence(start, cycle, ++index);
  }
  return dates;
}

/** The next `count` occurrences from `from` on (a schedule preview). */
export function upcomingOccurrences(
  start: string,
  cycle: RecurrenceCycle,
  from: string,
  count: number,
): string[] {
  const { index } = firstOccurrenceOnOrAfter(start, cycle, from);
  return Array.from({ length: count }, (_, i) => occurrence(start, cycle, index + i));
}

/** The day an occurrence is due: `deadlineDays` after it starts. */
export function dueDateOf(start: string, deadlineDays: number): string {
  return addDays(start, deadlineDays);
}

/**
 * Where a schedule goes on from `today`: the first occurrence on or after today (or the start date,
 * when that is later). Creating a task, reactivating it and changing its cycle or start date all
 * use it, so none of them back-fills the occurrences already past.
 */
export function nextScheduledFrom(start: string, cycle: RecurrenceCycle, today: string): string {
  return firstOccurrenceOnOrAfter(start, cycle, today).date;
}

// ---- Child tasks ---------------------------------------------------------------------------------

export const CHILD_STATUSES = ['INCOMPLETE', 'COMPLETED', 'OVERDUE', 'CANCELLED'] as const;
export type ChildStatus = (typeof CHILD_STATUSES)[number];
/** The statuses of a child still to be done. */
export const OPEN_CHILD_STATUSES = ['INCOMPLETE', 'OVERDUE'] as const satisfies readonly ChildStatus[];

export const CHILD_ACTIONS = ['complete', 'incomplete', 'cancel', 'uncancel'] as const;
export type ChildAction = (typeof CHILD_ACTIONS)[number];

/** The status an open child has on `today`: overdue once its due day has passed. */
export function openStatusOn(dueDate: string, today: string): 'INCOMPLETE' | 'OVERDUE' {
  return dueDate < today ? 'OVERDUE' : 'INCOMPLETE';
}

/** Whether a child in `status` can take `action`: the four transitions of spec section 2-9. */
export function canTransition(status: ChildStatus, action: ChildAction): boolean {
  switch (action) {
    case 'complete':
    case 'cancel':
      return status === 'INCOMPLETE' || status === 'OVERDUE';
    case 'incomplete':
      return status === 'COMPLETED';
    case 'uncancel':
      return status === 'CANCELLED';
  }
}

/** The status after `action` (an open status follows the due date: overdue once it has passed). */
export function statusAfter(action: ChildAction, dueDate: string, today: string): ChildStatus {
  switch (action) {
    case 'complete':
      return 'COMPLETED';
    case 'cancel':
      return 'CANCELLED';
    case 'incomplete':
    case 'uncancel':
      return openStatusOn(dueDate, today);
  }
}
