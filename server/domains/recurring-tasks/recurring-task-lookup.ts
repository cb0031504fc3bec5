import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import {
  recurringTaskChildPolicy,
  recurringTaskPolicy,
  recurringTasksPolicy,
} from './recurring-tasks.policy.ts';
import * as children from './recurring-task-children.repository.ts';
import * as repo from './recurring-tasks.repository.ts';

/**
 * Finding a task or a child the caller may see (not use cases: the services call them first). A
 * record the caller may not see answers 404, like one that does not exist; someone without either
 * recurring-task permission is refused outright.
 */

/** The live task and the policy's facts about it (its assignees). */
export async function requireVisibleTask(ctx: ServiceContext, id: string, options: { lock?: boolean } = {}) {
  recurringTasksPolicy.authorize(ctx.actor, 'view', undefined);
  const row = await repo.findTask(ctx.db, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  const facts = { assigneeIds: (await repo.assigneeIdsOf(ctx.db, [id])).get(id) ?? [] };
  if (!recurringTaskPolicy.can(ctx.actor, 'view', facts)) throw new AppError('NOT_FOUND');
  return { row, facts };
}

/** The child (locked for the caller's transaction), its live task and the facts about that task. */
export async function requireVisibleChild(ctx: ServiceContext, id: string) {
  recurringTasksPolicy.authorize(ctx.actor, 'view', undefined);
  const child = await children.lockChild(ctx.db, id);
  const task = child && (await repo.findTask(ctx.db, child.recurring_task_id));
  if (!child || !task) throw new AppError('NOT_FOUND');
  const facts = { assigneeIds: (await repo.assigneeIdsOf(ctx.db, [task.id])).get(task.id) ?? [] };
  if (!recurringTaskChildPolicy.can(ctx.actor, 'view', facts)) throw new AppError('NOT_FOUND');
  return { child, task, facts };
}
