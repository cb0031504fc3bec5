import type { JiraPushState, WorkLogJira } from '../../../shared/worklogs.schemas.ts';
import type { PushRow } from './worklog-jira.repository.ts';
import { hoursOf } from './worklog-rules.ts';

/**
 * How a log becomes Jira worklogs, and how its push reads back.
 *
 * One worklog per task the log names. A log of several tasks splits its minutes across them the
 * way the report does (evenly), in whole minutes so the worklogs add up to the log exactly: the
 * first tasks take the minutes left over (90 minutes over 4 tasks: 23, 23, 22, 22). Each starts on
 * the log's day at 09:00 company time; its comment is the log's description.
 */

/** A push still PENDING after this long was left by a request that died: it may be pushed again. */
export const PENDING_EXPIRES_MS = 2 * 60_000;

export function splitMinutes(minutes: number, parts: number): number[] {
  const base = Math.floor(minutes / parts);
  const extra = minutes - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/** 09:00 on the day in the company's time zone, as Jira wants it: 2026-11-24T09:00:00.000+0700. */
export function startedAt(timeZone: string, workDate: string): string {
  // The zone's offset at noon UTC of that day (no zone changes its offset between 09:00 and noon in practice).
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${workDate}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  const offset = match ? `${match[1]}${match[2]}${match[3] ?? '00'}` : '+0000';
  return `${workDate}T09:00:00.000${offset}`;
}

const isStalePending = (row: PushRow, now: number) =>
  row.state === 'PENDING' && now - row.attempted_at.getTime() > PENDING_EXPIRES_MS;

/** The push as the API shows it, from the log's keys and version and its push rows. */
export function pushView(
  log: { jira_task_keys: readonly string[]; version: number },
  rows: readonly PushRow[],
  now = Date.now(),
): WorkLogJira {
  const tasks = rows.map((row) => {
    const stale = isStalePending(row, now);
    return {
      issueKey: row.issue_key,
      state: stale ? ('FAILED' as const) : row.state,
      pushedAt: row.pushed_at?.toISOString() ?? null,
      jiraWorklogId: row.jira_worklog_id,
      hours: row.seconds === null ? null : hoursOf(row.seconds / 60),
      errorCode: stale ? ('INTERRUPTED' as const) : row.error_code,
      errorDetail: stale ? null : row.error_detail,
    };
  });
  return { state: stateOf(log, rows, tasks), tasks };
}

function stateOf(
  log: { jira_task_keys: readonly string[]; version: number },
  rows: readonly PushRow[],
  tasks: ReadonlyArray<{ state: 'PENDING' | 'PUSHED' | 'FAILED' }>,
): JiraPushState {
  if (rows.length === 0) return 'NOT_PUSHED';
  if (tasks.some((task) => task.state === 'PENDING')) return 'PENDING';
  if (tasks.some((task) => task.state === 'FAILED')) return 'FAILED';
  const keys = new Set(log.jira_task_keys);
  const sameTasks = rows.length === keys.size && rows.every((row) => keys.has(row.issue_key));
  const sameVersion = rows.every((row) => row.work_log_version === log.version);
  return sameTasks && sameVersion ? 'PUSHED' : 'CHANGED';
}
