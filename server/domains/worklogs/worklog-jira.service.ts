import type { JiraIssueList } from '../../../shared/connections.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { JiraIssueQuery, JiraPushBody, WorkLogList } from '../../../shared/worklogs.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import {
  deleteJiraWorklog,
  findProjectIssues,
  saveJiraWorklog,
  searchProjectIssues,
  type WorklogResult,
} from '../connections/jira-lookup.service.ts';
import { PENDING_EXPIRES_MS, splitMinutes, startedAt } from './worklog-jira.ts';
import * as pushes from './worklog-jira.repository.ts';
import { jiraAvailable } from './worklog-rules.ts';
import { mayLogOn, workLogsPolicy } from './worklogs.policy.ts';
import * as repo from './worklogs.repository.ts';
import { toWorkLogs } from './worklogs.service.ts';

/**
 * Work logs and Jira: the tasks a log may name (searched among the synced issues of the project's
 * Jira projects), and pushing one's own logs to Jira as worklogs. A push claims its rows in one short
 * transaction (a second push of the same log meanwhile is refused), calls Jira with no transaction
 * open, then records each task's result (pushed at, Jira's worklog id, or the error) and audits it.
 */

const SEARCH_LIMIT = 20;

/** The Jira tasks of a project the caller is a member of, by key prefix or summary. */
export async function searchJiraIssuesForLogging(
  ctx: ServiceContext,
  query: JiraIssueQuery,
): Promise<JiraIssueList> {
  workLogsPolicy.authorize(ctx.actor, 'log', undefined);
  const member = (await repo.listMemberships(ctx.db, ctx.actor.id!)).some((m) => m.id === query.projectId);
  if (!member || !mayLogOn(ctx.actor, query.projectId))
    throw validationError([{ field: 'projectId', code: 'workLogNotAllowed' }]);
  if (!(await jiraAvailable(ctx, [query.projectId])).has(query.projectId))
    throw validationError([{ field: 'projectId', code: 'jiraUnavailable' }]);
  return { items: await searchProjectIssues(ctx, query.projectId, query.search ?? '', SEARCH_LIMIT) };
}

interface Task {
  log: repo.WorkLogRow;
  issueKey: string;
  connectionId: string;
  seconds: number;
  worklogId: string | null;
}
interface Removal {
  log: repo.WorkLogRow;
  issueKey: string;
  connectionId: string | null;
  worklogId: string | null;
}

/** Pushes the caller's logs to Jira: a worklog per task, added or changed; tasks dropped since are removed. */
export async function pushWorkLogsToJira(ctx: ServiceContext, input: JiraPushBody): Promise<WorkLogList> {
  workLogsPolicy.authorize(ctx.actor, 'log', undefined);
  const userId = ctx.actor.id!;
  const ids = [...new Set(input.workLogIds)];
  const logs = await Promise.all(ids.map((id) => repo.findWorkLog(ctx.db, id)));
  const jira = await jiraAvailable(
    ctx,
    logs.flatMap((log) => (log ? [log.project_id] : [])),
  );
  const problems: FieldProblem[] = [];
  const issuesOf = new Map<string, Map<string, string>>();
  for (const [index, log] of logs.entries()) {
    const field = `workLogIds.${index}`;
    // Another person's log is as good as unknown: nobody pushes someone else's hours.
    if (!log || log.user_id !== userId || !mayLogOn(ctx.actor, log.project_id))
      problems.push({ field, code: 'unknownWorkLog' });
    else if (log.jira_task_keys.length === 0) problems.push({ field, code: 'jiraPushNoTasks' });
    else if (!jira.has(log.project_id)) problems.push({ field, code: 'jiraUnavailable' });
    else {
      const issues = await findProjectIssues(ctx, log.project_id, log.jira_task_keys);
      const unknown = log.jira_task_keys.filter((key) => !issues.has(key));
      if (unknown.length > 0)
        problems.push({ field, code: 'jiraTaskUnknown', params: { keys: unknown.join(', ') } });
      issuesOf.set(log.id, issues);
    }
  }
  if (problems.length > 0) throw validationError(problems);
  const found = logs as repo.WorkLogRow[];

  // What to do: each task whose worklog is missing or out of date; each pushed task the log dropped.
  const before = await pushes.listPushes(ctx.db, ids);
  const tasks: Task[] = [];
  const removals: Removal[] = [];
  for (const log of found) {
    const minutes = splitMinutes(log.minutes, log.jira_task_keys.length);
    log.jira_task_keys.forEach((issueKey, i) => {
      const previous = before.find((p) => p.work_log_id === log.id && p.issue_key === issueKey);
      const seconds = minutes[i]! * 60;
      const current =
        previous?.state === 'PUSHED' &&
        previous.work_log_version === log.version &&
        previous.seconds === seconds;
      if (!current)
        tasks.push({
          log,
          issueKey,
          connectionId: issuesOf.get(log.id)!.get(issueKey)!,
          seconds,
          worklogId: previous?.jira_worklog_id ?? null,
        });
    });
    for (const previous of before.filter((p) => p.work_log_id === log.id))
      if (!log.jira_task_keys.includes(previous.issue_key))
        removals.push({
          log,
          issueKey: previous.issue_key,
          connectionId: previous.connection_id,
          worklogId: previous.jira_worklog_id,
        });
  }

  await inTransaction(ctx, async (tx) => {
    await repo.lockPersonWorkLogs(tx.db, userId);
    const running = (await pushes.listPushes(tx.db, ids)).some(
      (p) => p.state === 'PENDING' && Date.now() - p.attempted_at.getTime() <= PENDING_EXPIRES_MS,
    );
    if (running) throw new AppError('JIRA_PUSH_RUNNING');
    await pushes.claimPushes(tx.db, [
      ...tasks.map((t) => ({
        workLogId: t.log.id,
        issueKey: t.issueKey,
        connectionId: t.connectionId,
        version: t.log.version,
      })),
      ...removals.map((r) => ({
        workLogId: r.log.id,
        issueKey: r.issueKey,
        connectionId: r.connectionId,
        version: r.log.version,
      })),
    ]);
  });

  // Jira, with no transaction open: each call has its time limit, so this ends.
  const pushed: Array<{ task: Task; result: WorklogResult }> = [];
  for (const task of tasks)
    pushed.push({
      task,
      result: await saveJiraWorklog(
        ctx,
        task.connectionId,
        {
          issueKey: task.issueKey,
          seconds: task.seconds,
          started: startedAt(ctx.config.COMPANY_TIME_ZONE, task.log.work_date),
          comment: task.log.description,
        },
        task.worklogId,
      ),
    });
  const removed: Array<{ removal: Removal; result: WorklogResult }> = [];
  for (const removal of removals)
    removed.push({
      removal,
      // A worklog never created, or one of a removed connection, has nothing to remove in Jira.
      result:
        removal.worklogId && removal.connectionId
          ? await deleteJiraWorklog(ctx, removal.connectionId, removal.issueKey, removal.worklogId)
          : { ok: true, worklogId: null },
    });

  return inTransaction(ctx, async (tx) => {
    for (const { task, result } of pushed) {
      if (result.ok)
        await pushes.markPushed(tx.db, {
          workLogId: task.log.id,
          issueKey: task.issueKey,
          jiraWorklogId: result.worklogId!,
          seconds: task.seconds,
          version: task.log.version,
        });
      else
        await pushes.markFailed(tx.db, {
          workLogId: task.log.id,
          issueKey: task.issueKey,
          code: result.code,
          detail: result.detail,
        });
    }
    for (const { removal, result } of removed) {
      if (result.ok) await pushes.deletePush(tx.db, removal.log.id, removal.issueKey);
      else
        await pushes.markFailed(tx.db, {
          workLogId: removal.log.id,
          issueKey: removal.issueKey,
          code: result.code,
          detail: result.detail,
        });
    }
    const items = await toWorkLogs(
      tx,
      (await Promise.all(ids.map((id) => repo.findWorkLog(tx.db, id)))).filter((row) => row !== undefined),
    );
    for (const item of items)
      await recordAudit(tx, {
        action: 'work_log.pushed_to_jira',
        entityType: 'work_log',
        entityId: item.id,
        after: { jira: item.jira },
      });
    return { items };
  });
}
