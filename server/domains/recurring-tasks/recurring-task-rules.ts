import type { FieldProblem } from '../../../shared/errors.ts';
import type { RecurringTaskBody } from '../../../shared/recurring-tasks.schemas.ts';
import { isSchedulableDate, MAX_DEADLINE_DAYS } from '../../../shared/rules/recurrence.ts';
import type { ServiceContext } from '../../core/context.ts';
import { findPermissionHolders } from '../access/permission-holders.service.ts';
import * as repo from './recurring-tasks.repository.ts';

/**
 * The rules a task obeys, checked before any write (every problem at once): a start date in the
 * years a schedule may use (2000-2099); a deadline that ends
 * before the next occurrence starts; at least one assignee, each an active person who may see
 * recurring tasks (otherwise they could not see the children they are to do).
 */
export async function taskProblems(
  ctx: ServiceContext,
  input: Pick<RecurringTaskBody, 'cycle' | 'startDate' | 'deadlineDays' | 'assigneeIds'>,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (!isSchedulableDate(input.startDate))
    problems.push({ field: 'startDate', code: 'invalid', params: { field: 'startDate' } });
  const max = MAX_DEADLINE_DAYS[input.cycle];
  if (input.deadlineDays > max)
    problems.push({ field: 'deadlineDays', code: 'recurringDeadlineTooLong', params: { max } });
  const ids = [...new Set(input.assigneeIds)];
  if (ids.length === 0) problems.push({ field: 'assigneeIds', code: 'assigneesRequired' });
  const [people, viewers, managers] = await Promise.all([
    repo.listPeople(ctx.db, ids),
    findPermissionHolders(ctx, ids, 'recurring-tasks.view'),
    findPermissionHolders(ctx, ids, 'recurring-tasks.manage'),
  ]);
  const holders = new Set([...viewers, ...managers]);
  for (const id of ids) {
    const found = people.find((p) => p.id === id);
    const name = found ? `${found.first_name} ${found.last_name}`.trim() : id;
    if (!found || found.deleted_at) problems.push({ field: 'assigneeIds', code: 'unknownPerson' });
    else if (found.status !== 'ACTIVE')
      problems.push({ field: 'assigneeIds', code: 'assigneeInactive', params: { name } });
    else if (!holders.has(id))
      problems.push({ field: 'assigneeIds', code: 'assigneeNoAccess', params: { name } });
  }
  return problems;
}
