import type { ReportPeriod } from '../reporting.schemas.ts';

/**
 * Report periods as calendar arithmetic on 'YYYY-MM-DD' dates (UTC, no time of day). The keys are the
 * ones PostgreSQL's `to_char` writes for the same period (server/core/reporting/periods.ts), so the
 * columns listed here and the sums the database returns meet on the key.
 */

const DAY_MS = 86_400_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return isoDate(toTime(date) + days * DAY_MS);
}

/** Day of the week, 0 Sunday to 6 Saturday. */
export function weekday(date: string): number {
  return new Date(toTime(date)).getUTCDay();
}

/** The Monday of the week holding `date` (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekday(date) + 6) % 7));
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS) + 1;
}

function isoWeek(date: string): { year: number; week: number } {
  const thursday = addDays(date, 3 - ((weekday(date) + 6) % 7));
  const year = Number(thursday.slice(0, 4));
  const jan4 = `${year}-01-04`;
  const firstMonday = addDays(jan4, -((weekday(jan4) + 6) % 7));
  return { year, week: Math.floor((daysBetween(firstMonday, thursday) - 1) / 7) + 1 };
}

/** The period's key for a date: what `to_char` gives for it. */
export function periodKey(period: ReportPeriod, date: string): string {
  const [year, month] = [date.slice(0, 4), date.slice(5, 7)];
  switch (period) {
    case 'day':
      return date;
    case 'month':
      return `${year}-${month}`;
    case 'quarter':
      return `${year}-Q${Math.floor((Number(month) - 1) / 3) + 1}`;
    case 'year':
      return year;
    case 'week': {
      const { year: weekYear, week } = isoWeek(date);
      return `${weekYear}-W${String(week).padStart(2, '0')}`;
    }
  }
}

/** The first day of the period that holds `date`. */
export function periodStart(period: ReportPeriod, date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  switch (period) {
    case 'day':
      return date;
    case 'week':
      return addDays(date, -((weekday(date) + 6) % 7));
    case 'month':
      return isoDate(Date.UTC(year, month - 1, 1));
    case 'quarter':
      return isoDate(Date.UTC(year, Math.floor((month - 1) / 3) * 3, 1));
    case 'year':
      return isoDate(Date.UTC(year, 0, 1));
  }
}

function nextStart(period: ReportPeriod, start: string): string {
  const [year, month] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  switch (period) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month':
      return isoDate(Date.UTC(year, month, 1));
    case 'quarter':
      return isoDate(Date.UTC(year, month + 2, 1));
    case 'year':
      return isoDate(Date.UTC(year + 1, 0, 1));
  }
}

/** The periods from `from` to `to`, in order, each clipped to the range. */
export function periodBuckets(
  period: ReportPeriod,
  from: string,
  to: string,
): Array<{ key: string; start: string; end: string }> {
  const buckets: Array<{ key: string; start: string; end: string }> = [];
  for (let start = periodStart(period, from); start <= to; start = nextStart(period, start)) {
    const end = addDays(nextStart(period, start), -1);
    buckets.push({
      key: periodKey(period, start),
      start: start < from ? from : start,
      end: end > to ? to : end,
    });
  }
  return buckets;
}

/** How many buckets a range makes, without listing them (to refuse a report too wide to show). */
export function bucketCount(period: ReportPeriod, from: string, to: string): number {
  const days = daysBetween(from, to);
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  const months = years * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
  switch (period) {
    case 'day':
      return days;
    case 'week':
      return Math.ceil(days / 7) + 1;
    case 'month':
      return months;
    case 'quarter':
      return Math.ceil(months / 3) + 1;
    case 'year':
      return years + 1;
  }
}
