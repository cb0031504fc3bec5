import { formatDate } from '../../../shared/rules/format.ts';
import type {
  LoggableProjectList,
  WorkLog,
  WorkLogBody,
  WorkLogPage,
  WorkLogQuery,
  WorkLogUpdateBody,
} from '../../../shared/worklogs.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageWindow, pageOf } from '../../core/paging.ts';
import { isPerson, projectScope } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { pushView } from './worklog-jira.ts';
import { listPushes } from './worklog-jira.repository.ts';
import { coveringLock, coversDay, hoursOf, jiraAvailable, logProblems, toMinutes } from './worklog-rules.ts';
import { mayLogOn, workLogPolicy, workLogsPolicy } from './worklogs.policy.ts';
import * as repo from './worklogs.repository.ts';

/** Work logs one at a time: the lists, logging, changing and deleting (the week grid is work-week.service.ts). */

/** Rows as the API sends them, each saying whether a lock keeps it and how its push to Jira stands. */
export async function toWorkLogs(ctx: ServiceContext, rows: readonly repo.WorkLogRow[]): Promise<WorkLog[]> {
  if (rows.length === 0) return [];
  const days = rows.map((row) => row.work_date).sort();
  const projectIds = [...new Set(rows.map((row) => row.project_id))];
  const [locks, pushes, jira] = await Promise.all([
    repo.listActiveLocks(ctx.db, projectIds, days[0]!, days.at(-1)!),
    listPushes(
      ctx.db,
      rows.map((row) => row.id),
    ),
    jiraAvailable(
      ctx,
      rows.filter((row) => row.jira_task_keys.length > 0).map((row) => row.project_id),
    ),
  ]);
  return rows.map((row) => {
    const locked = Boolean(coveringLock(locks, row.project_id, row.work_date));
    const abilities = workLogPolicy.abilities(ctx.actor, { userId: row.user_id, projectId: row.project_id });
    // Pushing is the author's, of a log with tasks, while the project has Jira (a lock does not stop it).
    const push = abilities.edit && row.jira_task_keys.length > 0 && jira.has(row.project_id);
    return {
      id: row.id,
      person: { id: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email },
      project: { id: row.project_id, name: row.project_name },
      workDate: row.work_date,
      hours: hoursOf(row.minutes),
      description: row.description,
      jiraTaskKeys: row.jira_task_keys,
      locked,
      jira: pushView(
        row,
        pushes.filter((p) => p.work_log_id === row.id),
      ),
      version: row.version,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      abilities: { edit: abilities.edit && !locked, delete: abilities.delete && !locked, push },
    };
  });
}

/**
 * The caller's own logs ('mine', the default), or the logs of the projects they manage ('managed':
 * every project for a company-wide manager), filtered by person, project, Jira task, text and dates.
 */
export async function listWorkLogs(ctx: ServiceContext, query: WorkLogQuery): Promise<WorkLogPage> {
  const managed = query.scope === 'managed';
  if (managed) workLogsPolicy.authorize(ctx.actor, 'manage', undefined);
  else if (!isPerson(ctx.actor)) throw new AppError('FORBIDDEN');
  const window = pageWindow(query);
  const { rows, total } = await repo.listWorkLogs(
    ctx.db,
    {
      ...(managed
        ? { projectIds: projectScope(ctx.actor, 'worklogs.manage') }
        : { userId: ctx.actor.id!, projectIds: [] }),
      personId: query.personId,
      projectId: query.projectId,
      jiraTask: query.jiraTask,
      search: query.search,
      from: query.from,
      to: query.to,
    },
    window,
  );
  return {
    items: await toWorkLogs(ctx, rows),
    ...pageOf(window, total),
  };
}

/** One log: its author and the managers of its project see it. */
export async function getWorkLog(ctx: ServiceContext, id: string): Promise<WorkLog> {
  const row = await requireVisible(ctx, id);
  return (await toWorkLogs(ctx, [row]))[0]!;
}

async function requireVisible(ctx: ServiceContext, id: string) {
  if (!isPerson(ctx.actor) && ctx.actor.kind !== 'system') throw new AppError('UNAUTHENTICATED');
  const row = await repo.findWorkLog(ctx.db, id);
  if (!row || !workLogPolicy.can(ctx.actor, 'view', { userId: row.user_id, projectId: row.project_id }))
    throw new AppError('NOT_FOUND');
  return row;
}

/** The projects the caller may log on: their memberships, with the dates each covers. */
export async function listLoggableProjects(ctx: ServiceContext): Promise<LoggableProjectList> {
  workLogsPolicy.authorize(ctx.actor, 'log', undefined);
  const today = companyToday(ctx.config);
  const memberships = await repo.listMemberships(ctx.db, ctx.actor.id!);
  const byProject = new Map<string, repo.MembershipRow[]>();
  for (const m of memberships) byProject.set(m.id, [...(byProject.get(m.id) ?? []), m]);
  const loggable = [...byProject.values()].filter(
    (rows) => mayLogOn(ctx.actor, rows[0]!.id) && rows.some((m) => m.project_status === 'ACTIVE'),
  );
  const jira = await jiraAvailable(
    ctx,
    loggable.map((rows) => rows[0]!.id),
  );
  const items = loggable.map((rows) => {
    // The membership that covers today, else the latest one: its dates bound the form's calendar.
    const current = rows.find((m) => coversDay(m, today)) ?? rows.at(-1)!;
    return {
      id: current.id,
      name: current.name,
      clientName: current.client_name,
      joinedAt: current.joined_at,
      exitedAt: current.exited_at,
      jiraAvailable: jira.has(current.id),
    };
  });
  return { items };
}

const normalise = (input: WorkLogBody) => ({
  project_id: input.projectId,
  work_date: input.workDate,
  minutes: toMinutes(input.hours) ?? 0,
  description: input.description.trim(),
  jira_task_keys: [...new Set(input.jiraTaskKeys ?? [])],
});

async function check(ctx: ServiceContext, userId: string, input: WorkLogBody, replacedId?: string) {
  if (!mayLogOn(ctx.actor, input.projectId))
    throw validationError([{ field: 'projectId', code: 'workLogNotAllowed' }]);
  const problems = await logProblems(
    ctx,
    userId,
    [{ field: (name) => name, ...input, jiraTaskKeys: input.jiraTaskKeys ?? [] }],
    replacedId ? [replacedId] : [],
  );
  if (problems.length > 0) throw validationError(problems);
}

/** Logs hours of the caller's own work on a day. */
export async function createWorkLog(ctx: ServiceContext, input: WorkLogBody): Promise<WorkLog> {
  workLogsPolicy.authorize(ctx.actor, 'log', undefined);
  const userId = ctx.actor.id!;
  return inTransaction(ctx, async (tx) => {
    await repo.lockPersonWorkLogs(tx.db, userId);
    await check(tx, userId, input);
    const [id] = await repo.insertWorkLogs(tx.db, userId, userId, [normalise(input)]);
    const created = await getWorkLog(tx, id!);
    await recordAudit(tx, {
      action: 'work_log.created',
      entityType: 'work_log',
      entityId: id,
      after: created,
    });
    return created;
  });
}

/** Changes one of the caller's logs (412 on a stale `version`); a locked log refuses. */
export async function updateWorkLog(
  ctx: ServiceContext,
  id: string,
  input: WorkLogUpdateBody,
): Promise<WorkLog> {
  return inTransaction(ctx, async (tx) => {
    const row = await requireVisible(tx, id);
    await repo.lockPersonWorkLogs(tx.db, row.user_id);
    const locked = (await repo.lockWorkLog(tx.db, id))!;
    workLogPolicy.authorize(tx.actor, 'edit', { userId: locked.user_id, projectId: locked.project_id });
    await refuseIfLocked(tx, locked);
    if (locked.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    const before = await getWorkLog(tx, id);
    await check(tx, row.user_id, input, id);
    await repo.updateWorkLog(tx.db, id, normalise(input));
    const after = await getWorkLog(tx, id);
    await recordAudit(tx, {
      action: 'work_log.updated',
      entityType: 'work_log',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes one of the caller's logs, unless a lock keeps it. */
export async function deleteWorkLog(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await requireVisible(tx, id);
    const locked = (await repo.lockWorkLog(tx.db, id))!;
    workLogPolicy.authorize(tx.actor, 'delete', { userId: locked.user_id, projectId: locked.project_id });
    await refuseIfLocked(tx, locked);
    const before = (await toWorkLogs(tx, [row]))[0];
    await repo.deleteWorkLogs(tx.db, [id]);
    await recordAudit(tx, { action: 'work_log.deleted', entityType: 'work_log', entityId: id, before });
  });
}

/** 409 WORK_LOG_LOCKED when a lock covers the log as it stands. */
async function refuseIfLocked(
  ctx: ServiceContext,
  log: { project_id: string; work_date: string },
): Promise<void> {
  const locks = await repo.listActiveLocks(ctx.db, [log.project_id], log.work_date, log.work_date);
  const lock = coveringLock(locks, log.project_id, log.work_date);
  if (lock)
    throw new AppError('WORK_LOG_LOCKED', {
      params: { from: formatDate(lock.starts_on), to: formatDate(lock.ends_on) },
    });
}
