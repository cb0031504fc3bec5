import t from 'tap';
import { createI18n } from '../../shared/i18n/index.ts';
import { formatRelativeTime, relativeTime } from '../../shared/rules/relative-time.ts';

const now = new Date(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

t.test('thresholds: 1 minute, 1 hour, 1 day, 1 week, over 4 weeks a date', async (t) => {
  const cases: Array<[number, ReturnType<typeof relativeTime>]> = [
    [0, { unit: 'justNow' }],
    [59 * SECOND, { unit: 'justNow' }],
    [MINUTE, { unit: 'minutes', count: 1 }],
    [59 * MINUTE + 59 * SECOND, { unit: 'minutes', count: 59 }],
    [HOUR, { unit: 'hours', count: 1 }],
    [23 * HOUR + 59 * MINUTE, { unit: 'hours', count: 23 }],
    [DAY, { unit: 'days', count: 1 }],
    [6 * DAY + 23 * HOUR, { unit: 'days', count: 6 }],
    [WEEK, { unit: 'weeks', count: 1 }],
    [13 * DAY, { unit: 'weeks', count: 1 }],
    [2 * WEEK, { unit: 'weeks', count: 2 }],
    [4 * WEEK, { unit: 'weeks', count: 4 }],
    [4 * WEEK + MINUTE, { unit: 'date', date: '2026/10/25' }],
    [365 * DAY, { unit: 'date', date: '2025/11/22' }],
  ];
  for (const [elapsed, expected] of cases) {
    t.same(relativeTime(ago(elapsed), now), expected, `${elapsed} ms ago`);
  }
  t.same(
    relativeTime(new Date(now.getTime() + 30 * SECOND), now),
    { unit: 'justNow' },
    'a clock slightly ahead',
  );
  t.same(relativeTime(ago(3 * HOUR).toISOString(), now), { unit: 'hours', count: 3 }, 'ISO strings too');
});

t.test('in English and Vietnamese', async (t) => {
  const en = createI18n('en');
  const vi = createI18n('vi');
  const text = (i18n: typeof en, elapsed: number) =>
    formatRelativeTime(ago(elapsed), (key, options) => i18n.t(key, { ...options }), now);
  t.equal(text(en, 10 * SECOND), 'just now');
  t.equal(text(en, MINUTE), '1 minute ago');
  t.equal(text(en, 5 * MINUTE), '5 minutes ago');
  t.equal(text(en, HOUR), '1 hour ago');
  t.equal(text(en, 2 * DAY), '2 days ago');
  t.equal(text(en, WEEK), '1 week ago');
  t.equal(text(en, 3 * WEEK), '3 weeks ago');
  t.equal(text(en, 40 * DAY), '2026/10/13');
  t.equal(text(vi, 10 * SECOND), 'vừa xong');
  t.equal(text(vi, 5 * MINUTE), '5 phút trước');
  t.equal(text(vi, 1 * HOUR), '1 giờ trước');
  t.equal(text(vi, 2 * DAY), '2 ngày trước');
  t.equal(text(vi, 3 * WEEK), '3 tuần trước');
  t.equal(text(vi, 40 * DAY), '2026/10/13');
});
