import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/connect.ts';
import type { ChildStatus, RecurrenceCycle } from '../../shared/recurring-tasks.schemas.ts';

/** Recurring tasks and children written directly, for tests, specs and benchmarks to start from. */

const unique = () => randomBytes(4).toString('hex');

export async function createRecurringTask(
  db: Db,
  options: {
    name?: string;
    cycle?: RecurrenceCycle;
    startDate: string;
    /** Default: the start date. */
    nextScheduledDate?: string;
    deadlineDays?: number;
    active?: boolean;
    assigneeIds?: readonly string[];
  },
) {
  const task = await db
    .insertInto('recurring_tasks')
    .values({
      name: options.name ?? `Task ${unique()}`,
      description: null,
      cycle: options.cycle ?? 'DAILY',
      start_date: options.startDate,
      deadline_days: options.deadlineDays ?? 0,
      next_scheduled_date: options.nextScheduledDate ?? options.startDate,
      active: options.active ?? true,
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (options.assigneeIds?.length)
    await db
      .insertInto('recurring_task_assignees')
      .values(options.assigneeIds.map((user_id) => ({ recurring_task_id: task.id, user_id })))
      .execute();
  return task;
}

/** A generated child of a task, written directly. */
export async function createChild(
  db: Db,
  taskId: string,
  options: { date: string; dueDate?: string; status?: ChildStatus; manual?: boolean },
) {
  return db
    .insertInto('recurring_task_children')
    .values({
      recurring_task_id: taskId,
      occurrence_date: options.manual ? null : options.date,
      start_date: options.date,
      due_date: options.dueDate ?? options.date,
      status: options.status ?? 'INCOMPLETE',
      source: options.manual ? 'MANUAL' : 'GENERATED',
      note: null,
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The children of a task, by start date. */
export const childrenOf = (db: Db, taskId: string) =>
  db
    .selectFrom('recurring_task_children')
    .selectAll()
    .where('recurring_task_id', '=', taskId)
    .orderBy('start_date')
    .orderBy('id')
    .execute();

/** The recurring-task notifications a person has, oldest first. */
export const recurringNotificationsOf = (db: Db, userId: string) =>
  db
    .selectFrom('notifications')
    .select(['type', 'data'])
    .where('user_id', '=', userId)
    .where('type', 'in', ['RECURRING_TASK_DUE', 'RECURRING_TASK_OVERDUE'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Everything a recurring-task call could change: a refused call must leave it as it was. */
export async function recurringTaskState(db: Db) {
  const [tasks, assignees, children, notifications, audit] = await Promise.all([
    db.selectFrom('recurring_tasks').selectAll().orderBy('id').execute(),
    db
      .selectFrom('recurring_task_assignees')
      .selectAll()
      .orderBy('recurring_task_id')
      .orderBy('user_id')
      .execute(),
    db.selectFrom('recurring_task_children').selectAll().orderBy('id').execute(),
    db.selectFrom('notifications').select('id').execute(),
    db.selectFrom('audit_events').select('id').execute(),
  ]);
  return { tasks, assignees, children, notifications: notifications.length, audit: audit.length };
}
