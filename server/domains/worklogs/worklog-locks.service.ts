import type { FieldProblem } from '../../../shared/errors.ts';
import { daysBetween } from '../../../shared/rules/periods.ts';
import type {
  WorkLogLock,
  WorkLogLockBody,
  WorkLogLockPage,
  WorkLogLockQuery,
} from '../../../shared/worklogs.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { projectScope } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { mayLock, workLogsPolicy } from './worklogs.policy.ts';
import * as repo from './worklogs.repository.ts';

/**
 * Period locks: a manager closes a period of their project (a company-wide manager, of every
 * project), after which its logs can no longer be logged, changed or deleted. Locks are audited;
 * lifting one is for a company-wide manager (an admin) and is audited too.
 */

/** Longest period one lock may cover: a year and a day, so a yearly close fits. */
const MAX_LOCK_DAYS = 367;

function toLock(ctx: ServiceContext, row: repo.LockRow): WorkLogLock {
  return {
    id: row.id,
    project: row.project_id ? { id: row.project_id, name: row.project_name ?? '' } : null,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    note: row.note,
    lockedBy: row.locked_by_name,
    createdAt: row.created_at.toISOString(),
    liftedAt: row.lifted_at?.toISOString() ?? null,
    liftedBy: row.lifted_by_name,
    abilities: { lift: !row.lifted_at && workLogsPolicy.can(ctx.actor, 'liftLocks', undefined) },
  };
}

/** The locks over the projects the caller manages (and those over every project). */
export async function listWorkLogLocks(
  ctx: ServiceContext,
  query: WorkLogLockQuery,
): Promise<WorkLogLockPage> {
  workLogsPolicy.authorize(ctx.actor, 'manage', undefined);
  return paginate(
    query,
    (window) =>
      repo.listLocks(
        ctx.db,
        {
          projectIds: projectScope(ctx.actor, 'worklogs.manage'),
          projectId: query.projectId,
          includeLifted: query.includeLifted,
        },
        window,
      ),
    (row) => toLock(ctx, row),
  );
}

/** Locks a period of one project (its manager) or of every project (a company-wide manager). */
export async function createWorkLogLock(ctx: ServiceContext, input: WorkLogLockBody): Promise<WorkLogLock> {
  const projectId = input.projectId ?? null;
  workLogsPolicy.authorize(ctx.actor, 'manage', undefined);
  if (!mayLock(ctx.actor, projectId)) throw new AppError('FORBIDDEN', { details: { projectId } });
  const problems: FieldProblem[] = [];
  if (input.endsOn < input.startsOn) problems.push({ field: 'endsOn', code: 'dateOrder' });
  else if (daysBetween(input.startsOn, input.endsOn) > MAX_LOCK_DAYS)
    problems.push({ field: 'endsOn', code: 'rangeTooLong', params: { max: MAX_LOCK_DAYS } });
  if (projectId && (await repo.findProjectNames(ctx.db, [projectId])).length === 0)
    problems.push({ field: 'projectId', code: 'unknownProjectId' });
  if (problems.length > 0) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    const id = await repo.insertLock(tx.db, {
      project_id: projectId,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      note: input.note?.trim() || null,
      locked_by: tx.actor.id,
    });
    const created = toLock(tx, (await repo.findLock(tx.db, id))!);
    await recordAudit(tx, {
      action: 'work_log_lock.created',
      entityType: 'work_log_lock',
      entityId: id,
      after: created,
    });
    return created;
  });
}

/** Lifts a lock: its period's logs can change again. */
export async function liftWorkLogLock(ctx: ServiceContext, id: string): Promise<WorkLogLock> {
  workLogsPolicy.authorize(ctx.actor, 'liftLocks', undefined);
  return inTransaction(ctx, async (tx) => {
    const before = await repo.findLock(tx.db, id);
    if (!before) throw new AppError('NOT_FOUND');
    if (!(await repo.liftLock(tx.db, id, tx.actor.id))) throw new AppError('WORK_LOG_LOCK_LIFTED');
    const after = toLock(tx, (await repo.findLock(tx.db, id))!);
    await recordAudit(tx, {
      action: 'work_log_lock.lifted',
      entityType: 'work_log_lock',
      entityId: id,
      before: toLock(tx, before),
      after,
    });
    return after;
  });
}
