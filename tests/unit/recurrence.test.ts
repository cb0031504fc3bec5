import t from 'tap';
import { addDays } from '../../shared/rules/periods.ts';
import {
  canTransition,
  CHILD_ACTIONS,
  CHILD_STATUSES,
  dueDateOf,
  firstOccurrenceOnOrAfter,
  isSchedulableDate,
  MAX_DEADLINE_DAYS,
  nextScheduledFrom,
  occurrence,
  occurrenceAfter,
  occurrencesBetween,
  openStatusOn,
  RECURRENCE_CYCLES,
  statusAfter,
  upcomingOccurrences,
} from '../../shared/rules/recurrence.ts';

// The recurrence math of recurring tasks (shared/rules/recurrence.ts): occurrence N counted from the
// start date with month-end clamping, the next occurrence from a day, the deadline bound, and the
// child tasks' transitions.

t.test('daily and weekly count days from the start', async (t) => {
  t.same(upcomingOccurrences('2026-12-30', 'DAILY', '2026-12-30', 4), [
    '2026-12-30',
    '2026-12-31',
    '2027-01-01',
    '2027-01-02',
  ]);
  t.same(upcomingOccurrences('2026-11-02', 'WEEKLY', '2026-11-03', 3), [
    '2026-11-09',
    '2026-11-16',
    '2026-11-23',
  ]);
});

t.test('a monthly task started on the 31st falls on the last day of shorter months', async (t) => {
  t.same(upcomingOccurrences('2027-01-31', 'MONTHLY', '2027-01-31', 5), [
    '2027-01-31',
    '2027-02-28',
    '2027-03-31',
    '2027-04-30',
    '2027-05-31',
  ]);
  t.equal(occurrence('2028-01-31', 'MONTHLY', 1), '2028-02-29', 'February 29 in a leap year');
  t.equal(occurrence('2027-01-31', 'MONTHLY', 2), '2027-03-31', 'counted from the start, not chained');
  t.equal(occurrence('2027-01-30', 'MONTHLY', 1), '2027-02-28');
  t.equal(occurrence('2027-01-29', 'MONTHLY', 13), '2028-02-29');
  t.equal(occurrence('2027-12-31', 'MONTHLY', 2), '2028-02-29', 'across a year end');
});

t.test('quarterly and yearly from February 29', async (t) => {
  t.same(upcomingOccurrences('2028-02-29', 'QUARTERLY', '2028-02-29', 6), [
    '2028-02-29',
    '2028-05-29',
    '2028-08-29',
    '2028-11-29',
    '2029-02-28',
    '2029-05-29',
  ]);
  t.same(upcomingOccurrences('2028-02-29', 'YEARLY', '2028-02-29', 5), [
    '2028-02-29',
    '2029-02-28',
    '2030-02-28',
    '2031-02-28',
    '2032-02-29',
  ]);
  t.same(upcomingOccurrences('2027-11-30', 'QUARTERLY', '2027-11-30', 3), [
    '2027-11-30',
    '2028-02-29',
    '2028-05-30',
  ]);
});

t.test('the first occurrence on or after a day, and the one after it', async (t) => {
  t.same(firstOccurrenceOnOrAfter('2027-01-31', 'MONTHLY', '2026-06-01'), { index: 0, date: '2027-01-31' });
  t.same(firstOccurrenceOnOrAfter('2027-01-31', 'MONTHLY', '2027-03-01'), { index: 2, date: '2027-03-31' });
  t.same(firstOccurrenceOnOrAfter('2027-01-31', 'MONTHLY', '2027-02-28'), { index: 1, date: '2027-02-28' });
  t.same(firstOccurrenceOnOrAfter('2026-11-02', 'WEEKLY', '2026-11-09'), { index: 1, date: '2026-11-09' });
  t.same(firstOccurrenceOnOrAfter('2026-11-02', 'WEEKLY', '2026-11-10'), { index: 2, date: '2026-11-16' });
  t.equal(occurrenceAfter('2027-01-31', 'MONTHLY', '2027-02-28'), '2027-03-31');
  t.equal(occurrenceAfter('2028-02-29', 'YEARLY', '2028-02-29'), '2029-02-28');
  t.equal(nextScheduledFrom('2020-01-15', 'MONTHLY', '2026-11-27'), '2026-12-15', 'no back-fill');
  t.equal(nextScheduledFrom('2026-11-27', 'DAILY', '2026-11-27'), '2026-11-27', 'today itself counts');

  // Against a brute-force walk over every day of four years, for every cycle and several starts.
  for (const cycle of RECURRENCE_CYCLES) {
    for (const start of ['2027-01-31', '2028-02-29', '2027-08-30', '2027-03-15']) {
      const all = Array.from({ length: 60 }, (_, n) => occurrence(start, cycle, n));
      for (let day = addDays(start, -3); day < '2031-01-01'; day = addDays(day, 1)) {
        const wanted = all.find((date) => date >= day);
        if (!wanted) break;
        const found = firstOccurrenceOnOrAfter(start, cycle, day);
        if (found.date !== wanted || all[found.index] !== wanted) {
          t.fail(`${cycle} from ${start} on ${day}: ${found.date} (#${found.index}), wanted ${wanted}`);
          return;
        }
      }
    }
  }
  t.pass('matches a day-by-day walk');
});

t.test('occurrences in a range, at most a limit', async (t) => {
  t.same(occurrencesBetween('2027-01-31', 'MONTHLY', '2027-02-01', '2027-05-01'), [
    '2027-02-28',
    '2027-03-31',
    '2027-04-30',
  ]);
  t.same(occurrencesBetween('2027-01-01', 'DAILY', '2027-01-03', '2027-01-10', 2), [
    '2027-01-03',
    '2027-01-04',
  ]);
  t.same(occurrencesBetween('2027-01-01', 'YEARLY', '2027-01-02', '2027-12-31'), []);
});

t.test('the longest deadline ends before the next occurrence starts', async (t) => {
  t.equal(dueDateOf('2027-01-31', 0), '2027-01-31', 'due the same day');
  t.equal(dueDateOf('2027-01-31', 27), '2027-02-27');
  for (const cycle of RECURRENCE_CYCLES) {
    let shortest = Number.POSITIVE_INFINITY;
    const overlapping: string[] = [];
    for (const start of [
      '2027-01-31',
      '2028-02-29',
      '2027-11-30',
      '2027-01-28',
      '2027-02-28',
      '2029-02-28',
    ]) {
      for (let n = 0; n < 50; n++) {
        const here = occurrence(start, cycle, n);
        const next = occurrence(start, cycle, n + 1);
        if (dueDateOf(here, MAX_DEADLINE_DAYS[cycle]) >= next) overlapping.push(here);
        shortest = Math.min(shortest, Math.round((Date.parse(next) - Date.parse(here)) / 86_400_000));
      }
    }
    t.same(overlapping, [], `${cycle}: every occurrence is due before the next starts`);
    t.equal(MAX_DEADLINE_DAYS[cycle], shortest - 1, `${cycle}: the bound is as long as it can be`);
  }
});

t.test('schedules stay in the years 2000 to 2099', async (t) => {
  t.ok(isSchedulableDate('2000-01-01'));
  t.ok(isSchedulableDate('2099-12-31'));
  t.notOk(isSchedulableDate('1999-12-31'));
  t.notOk(isSchedulableDate('0031-01-31'), 'Date.UTC would read year 31 as 1931');
  t.notOk(isSchedulableDate('2100-01-01'));
});

t.test('child tasks: the four actions and the status they lead to', async (t) => {
  const allowed = CHILD_STATUSES.flatMap((status) =>
    CHILD_ACTIONS.filter((action) => canTransition(status, action)).map((action) => `${status}:${action}`),
  );
  t.same(allowed, [
    'INCOMPLETE:complete',
    'INCOMPLETE:cancel',
    'COMPLETED:incomplete',
    'OVERDUE:complete',
    'OVERDUE:cancel',
    'CANCELLED:uncancel',
  ]);
  t.equal(openStatusOn('2027-03-10', '2027-03-10'), 'INCOMPLETE', 'due today is not overdue yet');
  t.equal(openStatusOn('2027-03-10', '2027-03-11'), 'OVERDUE');
  t.equal(statusAfter('complete', '2027-03-10', '2027-03-20'), 'COMPLETED');
  t.equal(statusAfter('cancel', '2027-03-10', '2027-03-01'), 'CANCELLED');
  t.equal(statusAfter('incomplete', '2027-03-10', '2027-03-20'), 'OVERDUE', 'reopened after its due day');
  t.equal(statusAfter('uncancel', '2027-03-10', '2027-03-01'), 'INCOMPLETE');
});
