import {
  UPCOMING_COUNT,
  type RecurringTask,
  type RecurringTaskChild,
} from '../../../shared/recurring-tasks.schemas.ts';
import { upcomingOccurrences } from '../../../shared/rules/recurrence.ts';
import type { ServiceContext } from '../../core/context.ts';
import { childAbilities, recurringTaskPolicy } from './recurring-tasks.policy.ts';
import type { ChildRow } from './recurring-task-children.repository.ts';
import * as repo from './recurring-tasks.repository.ts';

/**
 * Tasks and children as the API sends them, with what the caller may do to each. Not use cases:
 * the services call these after their own checks.
 */

const person = (row: {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  avatar_url: string | null;
}) => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  avatarUrl: row.avatar_url,
});

/** Tasks with their assignees, children counted by status, the schedule preview and abilities. */
export async function toRecurringTasks(
  ctx: ServiceContext,
  rows: readonly repo.TaskRow[],
): Promise<RecurringTask[]> {
  const ids = rows.map((row) => row.id);
  const [assignees, counts] = await Promise.all([
    repo.listAssignees(ctx.db, ids),
    repo.childCounts(ctx.db, ids),
  ]);
  return rows.map((row) => {
    const mine = assignees.filter((a) => a.recurring_task_id === row.id);
    const count = (status: string) =>
      counts.find((c) => c.recurring_task_id === row.id && c.status === status)?.count ?? 0;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      cycle: row.cycle,
      startDate: row.start_date,
      deadlineDays: row.deadline_days,
      nextScheduledDate: row.next_scheduled_date,
      active: row.active,
      assignees: mine.map(person),
      upcoming: row.active
        ? upcomingOccurrences(row.start_date, row.cycle, row.next_scheduled_date, UPCOMING_COUNT)
        : [],
      childCounts: {
        INCOMPLETE: count('INCOMPLETE'),
        COMPLETED: count('COMPLETED'),
        OVERDUE: count('OVERDUE'),
        CANCELLED: count('CANCELLED'),
      },
      version: row.version,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      abilities: recurringTaskPolicy.abilities(ctx.actor, { assigneeIds: mine.map((a) => a.id) }),
    };
  });
}

/** Children with their task and what the caller may do to each (from the task's assignees and the status). */
export async function toChildren(
  ctx: ServiceContext,
  rows: readonly ChildRow[],
): Promise<RecurringTaskChild[]> {
  const assignees = await repo.assigneeIdsOf(
    ctx.db,
    rows.map((row) => row.recurring_task_id),
  );
  return rows.map((row) => ({
    id: row.id,
    recurringTask: {
      id: row.recurring_task_id,
      name: row.task_name,
      cycle: row.task_cycle,
      active: row.task_active,
    },
    occurrenceDate: row.occurrence_date,
    startDate: row.start_date,
    dueDate: row.due_date,
    status: row.status,
    source: row.source,
    note: row.note,
    completedAt: row.completed_at?.toISOString() ?? null,
    completedBy:
      row.completed_by && row.completed_by_email
        ? person({
            id: row.completed_by,
            first_name: row.completed_by_first_name ?? '',
            last_name: row.completed_by_last_name ?? '',
            email: row.completed_by_email,
            avatar_url: row.completed_by_avatar_url ?? null,
          })
        : null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: childAbilities(
      ctx.actor,
      { assigneeIds: assignees.get(row.recurring_task_id) ?? [] },
      row.status,
    ),
  }));
}
