import type {
  AssigneeCandidateList,
  AssigneeCandidateQuery,
  RecurringTask,
  RecurringTaskBody,
  RecurringTaskPage,
  RecurringTaskQuery,
  RecurringTaskStatusBody,
  RecurringTaskUpdateBody,
} from '../../../shared/recurring-tasks.schemas.ts';
import { nextScheduledFrom } from '../../../shared/rules/recurrence.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageWindow, pageOf } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { countChildren } from './recurring-task-children.repository.ts';
import { requireVisibleTask } from './recurring-task-lookup.ts';
import { taskProblems } from './recurring-task-rules.ts';
import { toRecurringTasks } from './recurring-task-views.ts';
import { recurringTasksPolicy } from './recurring-tasks.policy.ts';
import * as repo from './recurring-tasks.repository.ts';

/**
 * Recurring tasks themselves: the list, one task, creating, changing, activating, deactivating and
 * deleting (the children are recurring-task-children.service.ts, the worker's runs
 * recurring-task-jobs.service.ts).
 *
 * Where the schedule goes on: creating a task, reactivating it and changing its cycle or start
 * date all set the next scheduled date to the first occurrence on or after today (or the start
 * date, when that is later). Occurrences already past are never back-filled by them; only an
 * active task whose worker fell behind catches up (recurring-task-jobs.service.ts).
 */

/** Every live task for a manager; the tasks one is assigned to for anyone else. */
export async function listRecurringTasks(
  ctx: ServiceContext,
  query: RecurringTaskQuery,
): Promise<RecurringTaskPage> {
  recurringTasksPolicy.authorize(ctx.actor, 'view', undefined);
  const manager = recurringTasksPolicy.can(ctx.actor, 'manage', undefined);
  const window = pageWindow(query);
  const { rows, total } = await repo.listTasks(
    ctx.db,
    {
      search: query.search,
      cycle: query.cycle,
      active: query.active,
      assigneeId: query.assigneeId,
      visibleTo: manager ? undefined : ctx.actor.id!,
    },
    window,
  );
  return {
    items: await toRecurringTasks(ctx, rows),
    ...pageOf(window, total),
  };
}

/** One task: its managers and its assignees see it; to anyone else it does not exist. */
export async function getRecurringTask(ctx: ServiceContext, id: string): Promise<RecurringTask> {
  const { row } = await requireVisibleTask(ctx, id);
  return (await toRecurringTasks(ctx, [row]))[0]!;
}

async function check(ctx: ServiceContext, input: RecurringTaskBody | RecurringTaskUpdateBody) {
  const problems = await taskProblems(ctx, input);
  if (problems.length > 0) throw validationError(problems);
}

/** Creates a task (active unless told otherwise); its first occurrence is its start date, or the first one from today. */
export async function createRecurringTask(
  ctx: ServiceContext,
  input: RecurringTaskBody,
): Promise<RecurringTask> {
  recurringTasksPolicy.authorize(ctx.actor, 'manage', undefined);
  await check(ctx, input);
  return inTransaction(ctx, async (tx) => {
    const id = await repo.insertTask(tx.db, {
      name: input.name.trim(),
      description: input.description?.trim() || null,
      cycle: input.cycle,
      start_date: input.startDate,
      deadline_days: input.deadlineDays,
      next_scheduled_date: nextScheduledFrom(input.startDate, input.cycle, companyToday(tx.config)),
      active: input.active ?? true,
      created_by: tx.actor.id,
    });
    await repo.setAssignees(tx.db, id, [...new Set(input.assigneeIds)]);
    const created = await getRecurringTask(tx, id);
    await recordAudit(tx, {
      action: 'recurring_task.created',
      entityType: 'recurring_task',
      entityId: id,
      after: created,
    });
    return created;
  });
}

/**
 * Changes a task (412 on a stale `version`). A new cycle or start date moves the next scheduled
 * date to the first occurrence on or after today; a new deadline applies to children generated from
 * now on; new assignees take over the open children too.
 */
export async function updateRecurringTask(
  ctx: ServiceContext,
  id: string,
  input: RecurringTaskUpdateBody,
): Promise<RecurringTask> {
  recurringTasksPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const { row } = await requireVisibleTask(tx, id, { lock: true });
    if (row.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    await check(tx, input);
    const before = await getRecurringTask(tx, id);
    const rescheduled = row.cycle !== input.cycle || row.start_date !== input.startDate;
    await repo.updateTask(tx.db, id, {
      name: input.name.trim(),
      description: input.description?.trim() || null,
      cycle: input.cycle,
      start_date: input.startDate,
      deadline_days: input.deadlineDays,
      ...(rescheduled && {
        next_scheduled_date: nextScheduledFrom(input.startDate, input.cycle, companyToday(tx.config)),
      }),
    });
    await repo.setAssignees(tx.db, id, [...new Set(input.assigneeIds)]);
    const after = await getRecurringTask(tx, id);
    await recordAudit(tx, {
      action: 'recurring_task.updated',
      entityType: 'recurring_task',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Activates or deactivates a task. A deactivated task generates nothing (its children stay, and can
 * still be done); reactivating resumes from the first occurrence on or after today, without
 * generating the ones missed while it was inactive.
 */
export async function setRecurringTaskStatus(
  ctx: ServiceContext,
  id: string,
  input: RecurringTaskStatusBody,
): Promise<RecurringTask> {
  recurringTasksPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const { row } = await requireVisibleTask(tx, id, { lock: true });
    if (row.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    // Already so: someone else did it since this was read (a stale screen), nothing to change.
    if (row.active === input.active) throw new AppError('CONFLICT');
    const before = await getRecurringTask(tx, id);
    await repo.updateTask(tx.db, id, {
      active: input.active,
      ...(input.active && {
        next_scheduled_date: nextScheduledFrom(row.start_date, row.cycle, companyToday(tx.config)),
      }),
    });
    const after = await getRecurringTask(tx, id);
    await recordAudit(tx, {
      action: input.active ? 'recurring_task.activated' : 'recurring_task.deactivated',
      entityType: 'recurring_task',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Deletes a task that has no children yet (a mistake); one with children is refused with 409
 * RECURRING_TASK_HAS_CHILDREN: deactivate it instead, so their history stays. The row is kept
 * (deleted_at) for the audit trail.
 */
export async function deleteRecurringTask(ctx: ServiceContext, id: string): Promise<void> {
  recurringTasksPolicy.authorize(ctx.actor, 'manage', undefined);
  await inTransaction(ctx, async (tx) => {
    await requireVisibleTask(tx, id, { lock: true });
    const children = await countChildren(tx.db, id);
    if (children > 0) throw new AppError('RECURRING_TASK_HAS_CHILDREN', { params: { count: children } });
    const before = await getRecurringTask(tx, id);
    await repo.softDeleteTask(tx.db, id);
    await recordAudit(tx, {
      action: 'recurring_task.deleted',
      entityType: 'recurring_task',
      entityId: id,
      before,
    });
  });
}

/** Who may be assigned: active people who may see recurring tasks, by name (a picker's choices). */
export async function listAssigneeCandidates(
  ctx: ServiceContext,
  query: AssigneeCandidateQuery,
): Promise<AssigneeCandidateList> {
  recurringTasksPolicy.authorize(ctx.actor, 'manage', undefined);
  const rows = await listPermissionHolders(ctx, 'recurring-tasks.view', { search: query.search });
  return {
    items: rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      avatarUrl: row.avatar_url,
    })),
  };
}
