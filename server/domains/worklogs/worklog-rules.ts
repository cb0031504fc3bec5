import { formatDate } from '../../../shared/rules/format.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { findProjectIssues, projectsWithJira } from '../connections/jira-lookup.service.ts';
import * as repo from './worklogs.repository.ts';

/**
 * The rules every work log obeys, checked before any write (every problem at once):
 * half-hour steps; no day after today; a project the person was a member of on that day (not one
 * they had exited, nor one they had not joined yet); Jira tasks only where the project has a Jira
 * connection; no lock over the day and project; at most 24 hours on a day.
 */

export const DAY_MINUTES = 24 * 60;

/** Hours as minutes, or null when they are not whole or half hours. */
export function toMinutes(hours: number): number | null {
  const minutes = hours * 60;
  return Number.isInteger(minutes) && minutes % 30 === 0 ? minutes : null;
}

export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** A membership covers the day: joined on or before it, not exited before it, still active if never exited. */
export function coversDay(membership: repo.MembershipRow, day: string): boolean {
  if (membership.project_status !== 'ACTIVE') return false;
  if (membership.joined_at && membership.joined_at > day) return false;
  if (membership.exited_at) return membership.exited_at >= day;
  return membership.status === 'ACTIVE';
}

/**
 * Which of these projects have a Jira connection to take tasks from: an active link to a live Jira
 * project of an active Jira connection (the connections area decides).
 */
export function jiraAvailable(ctx: ServiceContext, projectIds: readonly string[]): Promise<Set<string>> {
  return projectsWithJira(ctx, [...new Set(projectIds)]);
}

/** The task keys of a log that are not synced issues of the project's Jira projects. */
async function unknownTasks(ctx: ServiceContext, projectId: string, keys: readonly string[]) {
  const known = await findProjectIssues(ctx, projectId, keys);
  return keys.filter((key) => !known.has(key));
}

export interface PlannedLog {
  /** The field the problem points at ('workDate', or 'rows.2.hours.2026-11-24' in the week grid). */
  field: (name: 'workDate' | 'hours' | 'projectId' | 'jiraTaskKeys') => string;
  projectId: string;
  workDate: string;
  hours: number;
  jiraTaskKeys: readonly string[];
}

/** Everything wrong with the logs the person would have after the change, as field problems. */
export async function logProblems(
  ctx: ServiceContext,
  userId: string,
  planned: readonly PlannedLog[],
  replacedIds: readonly string[],
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const today = companyToday(ctx.config);
  const memberships = await repo.listMemberships(ctx.db, userId);
  const days = [...new Set(planned.map((log) => log.workDate))].sort();
  const projectIds = [...new Set(planned.map((log) => log.projectId))];
  const locks = days.length > 0 ? await repo.listActiveLocks(ctx.db, projectIds, days[0]!, days.at(-1)!) : [];
  const addedPerDay = new Map<string, number>();
  const withTasks = planned.filter((log) => log.jiraTaskKeys.length > 0);
  const jira = await jiraAvailable(
    ctx,
    withTasks.map((log) => log.projectId),
  );

  for (const log of planned) {
    const minutes = toMinutes(log.hours);
    if (minutes === null || minutes <= 0 || minutes > DAY_MINUTES)
      problems.push({ field: log.field('hours'), code: 'number' });
    else addedPerDay.set(log.workDate, (addedPerDay.get(log.workDate) ?? 0) + minutes);
    if (log.workDate > today) problems.push({ field: log.field('workDate'), code: 'workLogFuture' });
    const member = memberships.filter((m) => m.id === log.projectId);
    if (!member.some((m) => coversDay(m, log.workDate)))
      problems.push({
        field: log.field('projectId'),
        code: member.length === 0 ? 'workLogNotMember' : 'workLogNotMemberOnDay',
        params: { date: formatDate(log.workDate) },
      });
    if (log.jiraTaskKeys.length > 0) {
      if (!jira.has(log.projectId))
        problems.push({ field: log.field('jiraTaskKeys'), code: 'jiraUnavailable' });
      else {
        const unknown = await unknownTasks(ctx, log.projectId, log.jiraTaskKeys);
        if (unknown.length > 0)
          problems.push({
            field: log.field('jiraTaskKeys'),
            code: 'jiraTaskUnknown',
            params: { keys: unknown.join(', ') },
          });
      }
    }
    const lock = coveringLock(locks, log.projectId, log.workDate);
    if (lock)
      problems.push({
        field: log.field('workDate'),
        code: 'workLogLocked',
        params: { from: formatDate(lock.starts_on), to: formatDate(lock.ends_on) },
      });
  }

  const before = await repo.minutesPerDay(ctx.db, userId, [...addedPerDay.keys()], replacedIds);
  for (const [day, added] of addedPerDay) {
    const used = before.get(day) ?? 0;
    if (used + added > DAY_MINUTES) {
      const log = planned.find((p) => p.workDate === day)!;
      problems.push({
        field: log.field('hours'),
        code: 'workLogDayLimit',
        params: {
          date: formatDate(day),
          used: hoursOf(used),
          left: hoursOf(Math.max(0, DAY_MINUTES - used)),
        },
      });
    }
  }
  return dedupe(problems);
}

/** The lock in force over this project on this day, if any. */
export function coveringLock(locks: readonly repo.ActiveLockRow[], projectId: string, day: string) {
  return locks.find(
    (lock) =>
      (lock.project_id === null || lock.project_id === projectId) &&
      lock.starts_on <= day &&
      lock.ends_on >= day,
  );
}

function dedupe(problems: FieldProblem[]): FieldProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}:${p.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
