import type { GenerationResult, OverdueResult } from '../../../shared/recurring-tasks.schemas.ts';
import { addDays } from '../../../shared/rules/periods.ts';
import {
  dueDateOf,
  firstOccurrenceOnOrAfter,
  occurrenceAfter,
  occurrencesBetween,
} from '../../../shared/rules/recurrence.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { notifyEach } from '../notifications/notifications.service.ts';
import { recurringTasksPolicy } from './recurring-tasks.policy.ts';
import * as children from './recurring-task-children.repository.ts';
import * as repo from './recurring-tasks.repository.ts';

/**
 * The recurring-task scheduler, run by the worker (and by `backoffice recurring-tasks generate |
 * mark-overdue`) as the system.
 *
 * Generation takes the live, active tasks due on or before today a batch at a time, each batch in
 * one transaction: it inserts a child per occurrence from the task's next scheduled date up to today
 * (`on conflict do nothing` on the unique key (task, occurrence)), moves the next scheduled date on
 * and notifies the assignees of the children it really created. Tasks are locked with `skip locked`,
 * so two workers share the work instead of repeating it; a run that fails half-way rolls back its
 * batch, and the job's retry (pg-boss retries twice) or the next hourly run picks it up again. The
 * unique key makes a second child for an occurrence impossible, whatever happens.
 *
 * An active task whose worker fell behind catches up on every occurrence it missed (at most
 * MAX_CATCH_UP per task and batch; the rest in the next batches of the same run). Deactivated tasks
 * are not due; see recurring-tasks.service.ts for where reactivation resumes.
 */

const DEFAULT_BATCH = 1000;
const MAX_CATCH_UP = 100;

export interface RunOptions {
  /** The company's today (default: now, in COMPANY_TIME_ZONE). */
  today?: string;
  /** Tasks (or children) per transaction. */
  batchSize?: number;
}

/** Generates the children due up to today, idempotently. */
export async function generateDueChildren(
  ctx: ServiceContext,
  options: RunOptions = {},
): Promise<GenerationResult> {
  recurringTasksPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const today = options.today ?? companyToday(ctx.config);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  let tasks = 0;
  let generated = 0;
  for (;;) {
    const batch = await inTransaction(ctx, (tx) => generateBatch(tx, today, batchSize));
    if (!batch) break;
    tasks += batch.tasks;
    generated += batch.generated;
  }
  return { today, tasks, generated };
}

async function generateBatch(tx: ServiceContext, today: string, batchSize: number) {
  const due = await repo.lockDueTasks(tx.db, today, batchSize);
  if (due.length === 0) return null;
  const planned: Array<{ recurring_task_id: string; occurrence_date: string; due_date: string }> = [];
  const next: Array<{ id: string; date: string }> = [];
  for (const task of due) {
    const dates = occurrencesBetween(
      task.start_date,
      task.cycle,
      task.next_scheduled_date,
      today,
      MAX_CATCH_UP,
    );
    for (const date of dates)
      planned.push({
        recurring_task_id: task.id,
        occurrence_date: date,
        due_date: dueDateOf(date, task.deadline_days),
      });
    const last = dates.at(-1);
    next.push({
      id: task.id,
      date: last
        ? occurrenceAfter(task.start_date, task.cycle, last)
        : firstOccurrenceOnOrAfter(task.start_date, task.cycle, addDays(today, 1)).date,
    });
  }
  const created = await children.insertGeneratedChildren(tx.db, planned);
  await repo.advanceNextDates(tx.db, next);
  const names = new Map(due.map((task) => [task.id, task.name]));
  const assignees = await repo.activeAssigneeIds(tx.db, [
    ...new Set(created.map((c) => c.recurring_task_id)),
  ]);
  await notifyEach(
    tx,
    'RECURRING_TASK_DUE',
    created.map((child) => ({
      recipientIds: assignees.get(child.recurring_task_id) ?? [],
      data: {
        actor: null,
        recurringTask: { id: child.recurring_task_id, name: names.get(child.recurring_task_id)! },
        child: { id: child.id, startDate: child.start_date, dueDate: child.due_date },
      },
    })),
  );
  await recordAudit(tx, {
    action: 'recurring_task.children_generated',
    entityType: 'recurring_task',
    after: { today, tasks: due.length, children: created.length, skipped: planned.length - created.length },
  });
  return { tasks: due.length, generated: created.length };
}

/**
 * Marks incomplete children past their due day overdue, and tells their assignees: once per child,
 * since only an incomplete child becomes overdue (a second run finds none).
 */
export async function markOverdueChildren(
  ctx: ServiceContext,
  options: RunOptions = {},
): Promise<OverdueResult> {
  recurringTasksPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const today = options.today ?? companyToday(ctx.config);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  let overdue = 0;
  for (;;) {
    const count = await inTransaction(ctx, async (tx) => {
      const rows = await children.markOverdue(tx.db, today, batchSize);
      if (rows.length === 0) return 0;
      const assignees = await repo.activeAssigneeIds(tx.db, [
        ...new Set(rows.map((row) => row.recurring_task_id)),
      ]);
      await notifyEach(
        tx,
        'RECURRING_TASK_OVERDUE',
        rows.map((row) => ({
          recipientIds: assignees.get(row.recurring_task_id) ?? [],
          data: {
            actor: null,
            recurringTask: { id: row.recurring_task_id, name: row.task_name },
            child: { id: row.id, startDate: row.start_date, dueDate: row.due_date },
          },
        })),
      );
      await recordAudit(tx, {
        action: 'recurring_task.children_overdue',
        entityType: 'recurring_task_child',
        after: { today, children: rows.length },
      });
      return rows.length;
    });
    if (count === 0) break;
    overdue += count;
  }
  return { today, overdue };
}
