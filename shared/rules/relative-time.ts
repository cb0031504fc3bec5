import { formatDate } from './format.ts';

/**
 * Relative time of a notification (spec sections 4 and 9): under a minute 'just now'; then minutes,
 * hours and days ago; 1 to 4 weeks 'n weeks ago'; beyond 4 weeks the date as YYYY/MM/DD.
 */
export type RelativeTime =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days' | 'weeks'; count: number }
  | { unit: 'date'; date: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export function relativeTime(value: Date | string, now: Date = new Date()): RelativeTime {
  const then = typeof value === 'string' ? new Date(value) : value;
  const elapsed = now.getTime() - then.getTime();
  // A clock a little ahead of this one still reads as 'just now'.
  if (elapsed < MINUTE) return { unit: 'justNow' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < WEEK) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  if (elapsed <= 4 * WEEK) return { unit: 'weeks', count: Math.floor(elapsed / WEEK) };
  return { unit: 'date', date: formatDate(then) };
}

/** The relative time as text, with a translate function over the `notifications` namespace. */
export function formatRelativeTime(
  value: Date | string,
  t: (key: string, options?: { count: number }) => string,
  now: Date = new Date(),
): string {
  const relative = relativeTime(value, now);
  switch (relative.unit) {
    case 'justNow':
      return t('notifications:relative.justNow');
    case 'date':
      return relative.date;
    default:
      return t(`notifications:relative.${relative.unit}`, { count: relative.count });
  }
}
