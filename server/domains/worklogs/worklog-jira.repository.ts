import type { ProviderErrorCode } from '../../../shared/connections.schemas.ts';
import type { Db } from '../../db/connect.ts';

/** The pushes of work logs to Jira (`work_log_jira_pushes`): one row per log and task. */

const pushQuery = (db: Db) => db.selectFrom('work_log_jira_pushes').selectAll();
export type PushRow = Awaited<ReturnType<ReturnType<typeof pushQuery>['execute']>>[number];

export const listPushes = (db: Db, workLogIds: readonly string[]) =>
  workLogIds.length === 0
    ? Promise.resolve([] as PushRow[])
    : pushQuery(db)
        .where('work_log_id', 'in', [...workLogIds])
        .orderBy('work_log_id')
        .orderBy('issue_key')
        .execute();

/** Claims the rows for a push under way (inserted when new; a new row starts at the log's version). */
export async function claimPushes(
  db: Db,
  claims: ReadonlyArray<{
    workLogId: string;
    issueKey: string;
    connectionId: string | null;
    version: number;
  }>,
): Promise<void> {
  if (claims.length === 0) return;
  await db
    .insertInto('work_log_jira_pushes')
    .values(
      claims.map((c) => ({
        work_log_id: c.workLogId,
        issue_key: c.issueKey,
        connection_id: c.connectionId,
        state: 'PENDING' as const,
        work_log_version: c.version,
        attempted_at: new Date(),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['work_log_id', 'issue_key']).doUpdateSet((eb) => ({
        state: 'PENDING' as const,
        attempted_at: new Date(),
        connection_id: eb.ref('excluded.connection_id'),
      })),
    )
    .execute();
}

export async function markPushed(
  db: Db,
  row: { workLogId: string; issueKey: string; jiraWorklogId: string; seconds: number; version: number },
): Promise<void> {
  await db
    .updateTable('work_log_jira_pushes')
    .set({
      state: 'PUSHED',
      jira_worklog_id: row.jiraWorklogId,
      seconds: row.seconds,
      work_log_version: row.version,
      pushed_at: new Date(),
      error_code: null,
      error_detail: null,
    })
    .where('work_log_id', '=', row.workLogId)
    .where('issue_key', '=', row.issueKey)
    .execute();
}

export async function markFailed(
  db: Db,
  row: { workLogId: string; issueKey: string; code: ProviderErrorCode; detail: string | null },
): Promise<void> {
  await db
    .updateTable('work_log_jira_pushes')
    .set({ state: 'FAILED', error_code: row.code, error_detail: row.detail })
    .where('work_log_id', '=', row.workLogId)
    .where('issue_key', '=', row.issueKey)
    .execute();
}

export async function deletePush(db: Db, workLogId: string, issueKey: string): Promise<void> {
  await db
    .deleteFrom('work_log_jira_pushes')
    .where('work_log_id', '=', workLogId)
    .where('issue_key', '=', issueKey)
    .execute();
}
