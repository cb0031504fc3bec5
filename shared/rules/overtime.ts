import { addDays, weekday } from './periods.ts';

/**
 * Overtime as calendar arithmetic (shared by the form, which shows it while the person types, and
 * the server, which decides). A request is a work date with a start and an end time; an end at or
 * before the start means the next day (22:00-02:00). Times are in whole or half hours (spec section
 * 6: "work hours in full or half-hour steps"). Each calendar day it touches gets its own segment, so
 * limits and pay count on the right days; night hours are 22:00-06:00.
 */
export const OVERTIME_STEP_MINUTES = 30;
export const OVERTIME_MAX_MINUTES = 16 * 60;
export const NIGHT_START = 22 * 60;
export const NIGHT_END = 6 * 60;
export const DAY_TYPES = ['WORKDAY', 'WEEKEND', 'HOLIDAY'] as const;
export type DayType = (typeof DAY_TYPES)[number];

export interface OvertimeSpan {
  workDate: string;
  startTime: string;
  endTime: string;
}

export interface Segment {
  day: string;
  minutes: number;
  nightMinutes: number;
  dayType: DayType;
}

export const TIME_PATTERN = '^([01]\\d|2[0-3]):(00|30)$';

export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** Minutes of [from, to) (within one day, 0-1440) that fall in the night (22:00-06:00). */
function nightWithin(from: number, to: number): number {
  const overlap = (a: number, b: number) => Math.max(0, Math.min(to, b) - Math.max(from, a));
  return overlap(0, NIGHT_END) + overlap(NIGHT_START, 24 * 60);
}

/** The span's length in minutes (an end at or before the start is the next day). */
export function overtimeMinutes(span: OvertimeSpan): number {
  const start = minutesOf(span.startTime);
  const end = minutesOf(span.endTime);
  return end > start ? end - start : 24 * 60 - start + end;
}

/** The segments of a span, one per calendar day, with night minutes and the day's type. */
export function overtimeSegments(
  span: OvertimeSpan,
  isHoliday: (day: string) => boolean = () => false,
): Segment[] {
  const start = minutesOf(span.startTime);
  const end = minutesOf(span.endTime);
  const typeOf = (day: string): DayType =>
    isHoliday(day) ? 'HOLIDAY' : [0, 6].includes(weekday(day)) ? 'WEEKEND' : 'WORKDAY';
  const segment = (day: string, from: number, to: number): Segment => ({
    day,
    minutes: to - from,
    nightMinutes: nightWithin(from, to),
    dayType: typeOf(day),
  });
  if (end > start) return [segment(span.workDate, start, end)];
  const next = addDays(span.workDate, 1);
  return [segment(span.workDate, start, 24 * 60), ...(end > 0 ? [segment(next, 0, end)] : [])];
}

export interface PayRates {
  workdayPercent: number;
  weekendPercent: number;
  holidayPercent: number;
  nightBonusPercent: number;
}

/** Pay-equivalent hours of segments: hours × the day type's rate, plus the night bonus on night hours. */
export function payEquivalentHours(segments: readonly Segment[], rates: PayRates): number {
  let total = 0;
  for (const s of segments) {
    const rate =
      s.dayType === 'HOLIDAY'
        ? rates.holidayPercent
        : s.dayType === 'WEEKEND'
          ? rates.weekendPercent
          : rates.workdayPercent;
    total += (s.minutes * rate + s.nightMinutes * rates.nightBonusPercent) / 100 / 60;
  }
  return Math.round(total * 100) / 100;
}
