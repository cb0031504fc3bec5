import type { JiraIssue, ProviderErrorCode } from '../../../shared/connections.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { credentialsOf } from './connection-secrets.ts';
import { findConnection } from './connections.repository.ts';
import * as jira from './jira.repository.ts';
import {
  jiraClient,
  jiraDeleteWorklog,
  jiraSaveWorklog,
  type WorklogInput,
} from './providers/jira/jira-client.ts';
import { httpPolicy, ProviderError } from './providers/provider-http.ts';

/**
 * What the connections area offers the work-logs area (a service API: the caller's use case has
 * authorized the actor, and audits). A project "has Jira" when an active link ties it to a live Jira
 * project of an active Jira connection; its tasks are the synced issues of those Jira projects.
 * The worklog calls go to Jira: run them outside any transaction.
 */

/** Of these projects, those whose work logs may name Jira tasks. */
export function projectsWithJira(ctx: ServiceContext, projectIds: readonly string[]): Promise<Set<string>> {
  return jira.projectsWithJira(ctx.db, projectIds);
}

/** Of these keys, the synced issues of the project's Jira projects, with the connection each came from. */
export async function findProjectIssues(
  ctx: ServiceContext,
  projectId: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const rows = await jira.findIssues(ctx.db, projectId, keys);
  return new Map(rows.map((row) => [row.key, row.connection_id]));
}

/** The project's synced issues matching a key prefix or words of their summary. */
export async function searchProjectIssues(
  ctx: ServiceContext,
  projectId: string,
  search: string,
  limit: number,
): Promise<JiraIssue[]> {
  const rows = await jira.searchIssues(ctx.db, projectId, search, limit);
  return rows.map((row) => ({
    key: row.key,
    summary: row.summary,
    status: row.status,
    updatedAt: row.issue_updated_at?.toISOString() ?? null,
  }));
}

export type WorklogResult =
  { ok: true; worklogId: string | null } | { ok: false; code: ProviderErrorCode; detail: string | null };

async function withClient(
  ctx: ServiceContext,
  connectionId: string,
  work: (client: ReturnType<typeof jiraClient>) => Promise<string | null>,
): Promise<WorklogResult> {
  const row = await findConnection(ctx.db, connectionId);
  if (!row || row.status !== 'ACTIVE') return { ok: false, code: 'FAILED', detail: 'connection inactive' };
  try {
    const credentials = await credentialsOf(ctx, row);
    return { ok: true, worklogId: await work(jiraClient(credentials, httpPolicy(ctx.config))) };
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, code: error.code, detail: error.detail };
    if (error instanceof AppError && error.code === 'CONNECTION_TOKEN_UNREADABLE')
      return { ok: false, code: 'TOKEN_UNREADABLE', detail: null };
    throw error;
  }
}

/** Adds a worklog to an issue, or changes the one pushed before (`worklogId`). */
export function saveJiraWorklog(
  ctx: ServiceContext,
  connectionId: string,
  input: WorklogInput,
  worklogId: string | null,
): Promise<WorklogResult> {
  return withClient(ctx, connectionId, (client) =>
    jiraSaveWorklog(client, httpPolicy(ctx.config), input, worklogId),
  );
}

/** Removes a worklog pushed before (gone already is fine). */
export function deleteJiraWorklog(
  ctx: ServiceContext,
  connectionId: string,
  issueKey: string,
  worklogId: string,
): Promise<WorklogResult> {
  return withClient(ctx, connectionId, async (client) => {
    await jiraDeleteWorklog(client, httpPolicy(ctx.config), issueKey, worklogId);
    return null;
  });
}
