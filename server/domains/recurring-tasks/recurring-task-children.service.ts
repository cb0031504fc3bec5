import type { ErrorCode, FieldProblem } from '../../../shared/errors.ts';
import type {
  ChildNoteBody,
  ChildStatus,
  ChildStatusFilter,
  ManualChildBody,
  RecurringTaskChild,
  RecurringTaskChildPage,
  RecurringTaskChildQuery,
  TaskChildrenQuery,
} from '../../../shared/recurring-tasks.schemas.ts';
import {
  canTransition,
  dueDateOf,
  isSchedulableDate,
  OPEN_CHILD_STATUSES,
  openStatusOn,
  statusAfter,
  type ChildAction,
} from '../../../shared/rules/recurrence.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageWindow, type PageWindow, pageOf } from '../../core/paging.ts';
import { isPerson } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { notify } from '../notifications/notifications.service.ts';
import { requireVisibleChild, requireVisibleTask } from './recurring-task-lookup.ts';
import { toChildren } from './recurring-task-views.ts';
import {
  ABILITY_OF,
  recurringTaskChildPolicy,
  recurringTaskPolicy,
  recurringTasksPolicy,
} from './recurring-tasks.policy.ts';
import * as repo from './recurring-task-children.repository.ts';
import { activeAssigneeIds } from './recurring-tasks.repository.ts';

/**
 * Child tasks: "My tasks" (the open children of every task one is assigned to), a task's children,
 * adding one by hand, and the four actions — mark completed, mark incomplete, cancel, uncancel —
 * with the note. An open child's status follows its due day: marked incomplete or uncancelled after
 * it, it is overdue at once.
 */

const statusesOf = (filter: ChildStatusFilter | undefined): ChildStatus[] | undefined =>
  filter === 'OPEN' ? [...OPEN_CHILD_STATUSES] : filter ? [filter] : undefined;
/** Lists of what is still to do come most urgent first; history comes latest first. */
const urgentFirst = (statuses: ChildStatus[] | undefined) =>
  Boolean(statuses?.every((status) => status === 'INCOMPLETE' || status === 'OVERDUE'));

async function page(
  ctx: ServiceContext,
  filters: repo.ChildFilters,
  window: PageWindow,
): Promise<RecurringTaskChildPage> {
  const { rows, total } = await repo.listChildren(
    ctx.db,
    filters,
    window,
    urgentFirst(filters.statuses as ChildStatus[]),
  );
  return {
    items: await toChildren(ctx, rows),
    ...pageOf(window, total),
  };
}

/**
 * Children across every task: 'mine' (the default) are those of the tasks the caller is assigned to
 * ("My tasks"); 'all' is every child, for managers. Filtered by status ('OPEN': incomplete and
 * overdue), task name and due dates.
 */
export async function listRecurringTaskChildren(
  ctx: ServiceContext,
  query: RecurringTaskChildQuery,
): Promise<RecurringTaskChildPage> {
  recurringTasksPolicy.authorize(ctx.actor, 'view', undefined);
  const all = query.scope === 'all';
  if (all) recurringTasksPolicy.authorize(ctx.actor, 'manage', undefined);
  else if (!isPerson(ctx.actor)) throw new AppError('FORBIDDEN');
  return page(
    ctx,
    {
      ...(!all && { assigneeId: ctx.actor.id! }),
      statuses: statusesOf(query.status),
      search: query.search,
      from: query.from,
      to: query.to,
    },
    pageWindow(query),
  );
}

/** The children of one task the caller may see, latest first (or most urgent first for open ones). */
export async function listTaskChildren(
  ctx: ServiceContext,
  taskId: string,
  query: TaskChildrenQuery,
): Promise<RecurringTaskChildPage> {
  await requireVisibleTask(ctx, taskId);
  return page(ctx, { taskId, statuses: statusesOf(query.status) }, pageWindow(query));
}

async function childById(ctx: ServiceContext, id: string): Promise<RecurringTaskChild> {
  const row = await repo.findChild(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return (await toChildren(ctx, [row]))[0]!;
}

/**
 * Adds a child by hand (managers): it starts on `startDate` and is due after the task's deadline,
 * or on `dueDate`; past its due day it is overdue at once. The assignees are told. Works on an
 * inactive task too (a one-off).
 */
export async function addRecurringTaskChild(
  ctx: ServiceContext,
  taskId: string,
  input: ManualChildBody,
): Promise<RecurringTaskChild> {
  recurringTasksPolicy.authorize(ctx.actor, 'manage', undefined);
  const problems: FieldProblem[] = [];
  for (const field of ['startDate', 'dueDate'] as const) {
    const date = input[field];
    if (date && !isSchedulableDate(date)) problems.push({ field, code: 'invalid', params: { field } });
  }
  if (input.dueDate && input.dueDate < input.startDate)
    problems.push({ field: 'dueDate', code: 'dueBeforeStart' });
  if (problems.length > 0) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    const { row: task, facts } = await requireVisibleTask(tx, taskId, { lock: true });
    recurringTaskPolicy.authorize(tx.actor, 'addChild', facts);
    const dueDate = input.dueDate ?? dueDateOf(input.startDate, task.deadline_days);
    const status = openStatusOn(dueDate, companyToday(tx.config));
    const id = await repo.insertChild(tx.db, {
      recurring_task_id: taskId,
      occurrence_date: null,
      start_date: input.startDate,
      due_date: dueDate,
      status,
      source: 'MANUAL',
      note: input.note?.trim() || null,
      created_by: tx.actor.id,
    });
    const created = await childById(tx, id);
    const recipients = (await activeAssigneeIds(tx.db, [taskId])).get(taskId) ?? [];
    await notify(tx, recipients, status === 'OVERDUE' ? 'RECURRING_TASK_OVERDUE' : 'RECURRING_TASK_DUE', {
      actor: await notificationActor(tx),
      recurringTask: { id: taskId, name: task.name },
      child: { id, startDate: created.startDate, dueDate: created.dueDate },
    });
    await recordAudit(tx, {
      action: 'recurring_task_child.added',
      entityType: 'recurring_task_child',
      entityId: id,
      after: created,
    });
    return created;
  });
}

/** Who caused a notification, as the bell shows them (the caller, or nobody for the system). */
async function notificationActor(ctx: ServiceContext) {
  if (!isPerson(ctx.actor)) return null;
  const row = await repo.findPersonName(ctx.db, ctx.actor.id);
  return row
    ? { id: row.id, firstName: row.first_name, lastName: row.last_name, avatarUrl: row.avatar_url }
    : null;
}

/** The refusal when an action does not fit the child's status. */
const WRONG_STATE: Record<ChildAction, ErrorCode> = {
  complete: 'RECURRING_CHILD_NOT_OPEN',
  cancel: 'RECURRING_CHILD_NOT_OPEN',
  incomplete: 'RECURRING_CHILD_NOT_COMPLETED',
  uncancel: 'RECURRING_CHILD_NOT_CANCELLED',
};

const AUDIT_ACTION: Record<ChildAction, string> = {
  complete: 'recurring_task_child.completed',
  incomplete: 'recurring_task_child.reopened',
  cancel: 'recurring_task_child.cancelled',
  uncancel: 'recurring_task_child.uncancelled',
};

async function act(ctx: ServiceContext, id: string, action: ChildAction): Promise<RecurringTaskChild> {
  return inTransaction(ctx, async (tx) => {
    const { child, facts } = await requireVisibleChild(tx, id);
    recurringTaskChildPolicy.authorize(tx.actor, ABILITY_OF[action], facts);
    if (!canTransition(child.status, action)) throw new AppError(WRONG_STATE[action]);
    const before = await childById(tx, id);
    const now = new Date();
    await repo.updateChild(tx.db, id, {
      status: statusAfter(action, child.due_date, companyToday(tx.config)),
      ...(action === 'complete' && { completed_at: now, completed_by: tx.actor.id }),
      ...(action === 'incomplete' && { completed_at: null, completed_by: null }),
      ...(action === 'cancel' && { cancelled_at: now, cancelled_by: tx.actor.id }),
      ...(action === 'uncancel' && { cancelled_at: null, cancelled_by: null }),
    });
    const after = await childById(tx, id);
    await recordAudit(tx, {
      action: AUDIT_ACTION[action],
      entityType: 'recurring_task_child',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Marks an incomplete or overdue child completed (its assignees, managers). */
export const completeRecurringTaskChild = (ctx: ServiceContext, id: string) => act(ctx, id, 'complete');
/** Marks a completed child incomplete again (overdue at once when its due day has passed). */
export const reopenRecurringTaskChild = (ctx: ServiceContext, id: string) => act(ctx, id, 'incomplete');
/** Cancels an incomplete or overdue child (managers): it is no longer to be done. */
export const cancelRecurringTaskChild = (ctx: ServiceContext, id: string) => act(ctx, id, 'cancel');
/** Restores a cancelled child (managers): incomplete again, or overdue when its due day has passed. */
export const uncancelRecurringTaskChild = (ctx: ServiceContext, id: string) => act(ctx, id, 'uncancel');

/** Writes (or clears) a child's note (its assignees, managers). */
export async function setRecurringTaskChildNote(
  ctx: ServiceContext,
  id: string,
  input: ChildNoteBody,
): Promise<RecurringTaskChild> {
  return inTransaction(ctx, async (tx) => {
    const { facts } = await requireVisibleChild(tx, id);
    recurringTaskChildPolicy.authorize(tx.actor, 'mark', facts);
    const before = await childById(tx, id);
    await repo.updateChild(tx.db, id, { note: input.note?.trim() || null });
    const after = await childById(tx, id);
    await recordAudit(tx, {
      action: 'recurring_task_child.note_changed',
      entityType: 'recurring_task_child',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
