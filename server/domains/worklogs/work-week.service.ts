import { formatDate } from '../../../shared/rules/format.ts';
import { addDays, mondayOf } from '../../../shared/rules/periods.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { WeekQuery, WeekSaveBody, WorkWeek } from '../../../shared/worklogs.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { coveringLock, hoursOf, logProblems, toMinutes, type PlannedLog } from './worklog-rules.ts';
import { mayLogOn, workLogsPolicy } from './worklogs.policy.ts';
import * as repo from './worklogs.repository.ts';
import { toWorkLogs } from './worklogs.service.ts';

/**
 * The week grid: a person's logs of one week (Monday to Sunday), and saving the whole grid at once.
 * Saving makes the week's logs match the grid — one log per filled cell, keyed by project,
 * description and day — in one transaction; a log the grid no longer has is deleted, one whose hours
 * changed is updated, so a week is filled in one go. Locked logs must stay as they are.
 */

const cellKey = (projectId: string, description: string, day: string) =>
  `${projectId}\u0000${description.trim().toLowerCase()}\u0000${day}`;

/** The caller's week: its logs, each day's total, and which days are in the future or locked. */
export async function getWorkWeek(ctx: ServiceContext, query: WeekQuery): Promise<WorkWeek> {
  workLogsPolicy.authorize(ctx.actor, 'log', undefined);
  const today = companyToday(ctx.config);
  const start = mondayOf(query.start ?? today);
  const end = addDays(start, 6);
  const rows = await repo.listPersonLogs(ctx.db, ctx.actor.id!, start, end);
  const projectIds = [...new Set([...rows.map((row) => row.project_id)])];
  const memberships = await repo.listMemberships(ctx.db, ctx.actor.id!);
  const allProjects = [...new Set([...projectIds, ...memberships.map((m) => m.id)])];
  const locks = await repo.listActiveLocks(ctx.db, allProjects, start, end);
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const minutes = (day: string) => rows.filter((r) => r.work_date === day).reduce((a, r) => a + r.minutes, 0);
  return {
    start,
    end,
    days: days.map((date) => ({
      date,
      totalHours: hoursOf(minutes(date)),
      future: date > today,
      lockedProjectIds: [
        ...new Set(
          locks
            .filter((lock) => lock.starts_on <= date && lock.ends_on >= date)
            .map((lock) => lock.project_id ?? '*'),
        ),
      ],
    })),
    logs: await toWorkLogs(ctx, rows),
    totalHours: hoursOf(rows.reduce((a, r) => a + r.minutes, 0)),
  };
}

/** Saves the caller's week grid: the week's logs become the grid's filled cells, or nothing changes. */
export async function saveWorkWeek(ctx: ServiceContext, input: WeekSaveBody): Promise<WorkWeek> {
  workLogsPolicy.authorize(ctx.actor, 'log', undefined);
  const userId = ctx.actor.id!;
  const start = input.start;
  const end = addDays(start, 6);
  const shape: FieldProblem[] = [];
  if (mondayOf(start) !== start) shape.push({ field: 'start', code: 'weekStart' });
  const seenRows = new Set<string>();
  input.rows.forEach((row, index) => {
    const key = `${row.projectId}\u0000${row.description.trim().toLowerCase()}`;
    if (seenRows.has(key)) shape.push({ field: `rows.${index}.description`, code: 'weekRowDuplicate' });
    seenRows.add(key);
    if (!mayLogOn(ctx.actor, row.projectId))
      shape.push({ field: `rows.${index}.projectId`, code: 'workLogNotAllowed' });
    for (const day of Object.keys(row.hours))
      if (day < start || day > end)
        shape.push({
          field: `rows.${index}.hours.${day}`,
          code: 'weekDay',
          params: { date: formatDate(day) },
        });
  });
  if (shape.length > 0) throw validationError(shape);

  return inTransaction(ctx, async (tx) => {
    await repo.lockPersonWorkLogs(tx.db, userId);
    const existing = await repo.listPersonLogs(tx.db, userId, start, end);
    const projectIds = [
      ...new Set([...existing.map((r) => r.project_id), ...input.rows.map((r) => r.projectId)]),
    ];
    const locks = await repo.listActiveLocks(tx.db, projectIds, start, end);
    const isLocked = (projectId: string, day: string) => Boolean(coveringLock(locks, projectId, day));

    // The grid's cells, and the existing logs by the same key (several logs in one cell merge into one).
    const wanted = new Map<string, Cell>();
    input.rows.forEach((row, index) => {
      for (const [day, hours] of Object.entries(row.hours)) {
        if (!hours) continue;
        wanted.set(cellKey(row.projectId, row.description, day), {
          index,
          projectId: row.projectId,
          description: row.description.trim(),
          day,
          hours,
          jira: [...new Set(row.jiraTaskKeys ?? [])],
        });
      }
    });
    const have = new Map<string, repo.WorkLogRow[]>();
    for (const log of existing) {
      const key = cellKey(log.project_id, log.description, log.work_date);
      have.set(key, [...(have.get(key) ?? []), log]);
    }

    const problems: FieldProblem[] = [];
    const toInsert: Array<{ cell: Cell }> = [];
    const toUpdate: Array<{ log: repo.WorkLogRow; minutes: number; jira: string[] }> = [];
    const toDelete: repo.WorkLogRow[] = [];
    const planned: PlannedLog[] = [];
    for (const [key, cell] of wanted) {
      const logs = have.get(key) ?? [];
      const [first, ...extra] = logs;
      const minutes = toMinutes(cell.hours);
      const unchanged =
        first && extra.length === 0 && first.minutes === minutes && sameKeys(first.jira_task_keys, cell.jira);
      if (unchanged) continue;
      if (isLocked(cell.projectId, cell.day)) {
        problems.push({
          field: `rows.${cell.index}.hours.${cell.day}`,
          code: 'workLogLocked',
          params: lockParams(locks, cell.projectId, cell.day),
        });
        continue;
      }
      planned.push({
        field: (name) =>
          name === 'hours' || name === 'workDate'
            ? `rows.${cell.index}.hours.${cell.day}`
            : `rows.${cell.index}.${name}`,
        projectId: cell.projectId,
        workDate: cell.day,
        hours: cell.hours,
        jiraTaskKeys: cell.jira,
      });
      if (first) {
        toUpdate.push({ log: first, minutes: minutes ?? 0, jira: cell.jira });
        toDelete.push(...extra);
      } else toInsert.push({ cell });
    }
    for (const [key, logs] of have) {
      if (wanted.has(key)) continue;
      for (const log of logs) {
        if (isLocked(log.project_id, log.work_date))
          problems.push({
            field: 'rows',
            code: 'workLogLockedRemoved',
            params: { date: formatDate(log.work_date), project: log.project_name },
          });
        else toDelete.push(log);
      }
    }
    // Day totals count what stays: every existing log except those this save replaces or deletes.
    const replaced = [...toUpdate.map((u) => u.log.id), ...toDelete.map((d) => d.id)];
    problems.push(...(await logProblems(tx, userId, planned, replaced)));
    if (problems.length > 0) throw validationError(problems);

    const before = await toWorkLogs(tx, existing);
    await repo.deleteWorkLogs(
      tx.db,
      toDelete.map((log) => log.id),
    );
    for (const { log, minutes, jira } of toUpdate)
      await repo.updateWorkLog(tx.db, log.id, { minutes, jira_task_keys: jira });
    await repo.insertWorkLogs(
      tx.db,
      userId,
      userId,
      toInsert.map(({ cell }) => ({
        project_id: cell.projectId,
        work_date: cell.day,
        minutes: toMinutes(cell.hours) ?? 0,
        description: cell.description,
        jira_task_keys: cell.jira,
      })),
    );
    const week = await getWorkWeek(tx, { start });
    await recordAudit(tx, {
      action: 'work_week.saved',
      entityType: 'work_week',
      entityId: userId,
      before: { start, logs: before },
      after: {
        start,
        logs: week.logs,
        inserted: toInsert.length,
        updated: toUpdate.length,
        deleted: toDelete.length,
      },
    });
    return week;
  });
}

interface Cell {
  index: number;
  projectId: string;
  description: string;
  day: string;
  hours: number;
  jira: string[];
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

function lockParams(locks: readonly repo.ActiveLockRow[], projectId: string, day: string) {
  const lock = coveringLock(locks, projectId, day)!;
  return { from: formatDate(lock.starts_on), to: formatDate(lock.ends_on) };
}
