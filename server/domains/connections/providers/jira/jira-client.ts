import type { CloudClient } from 'jira.js';
import { lazyModule } from '../../../../core/lazy-module.ts';
import { callProvider, ProviderError, type HttpPolicy } from '../provider-http.ts';
import type { ProviderCredentials } from '../provider.ts';
import type * as JiraJsModule from 'jira.js';

const jira = lazyModule<typeof JiraJsModule>('jira.js');

/**
 * The Jira calls Backoffice makes, through jira.js (the maintained client, REST v3): the account
 * a token belongs to, projects with their lead and issue count, users, the issues of some projects,
 * and worklogs. Each request runs under the shared HTTP policy (time limit, bounded 429 retries).
 * Jira Cloud authenticates an account's email with an API token; without an email the token is
 * sent as a bearer token (a Data Center personal access token, or an OAuth access token).
 */

const PROJECT_PAGE = 50;
const USER_PAGE = 100;
const ISSUE_PAGE = 100;
/** A provider that never says "last page" must not keep a sync going for ever. */
const MAX_PAGES = 5000;
/** Project keys per JQL query: keeps each query well under Jira's URL and clause limits. */
const KEYS_PER_QUERY = 40;

export function jiraClient(credentials: ProviderCredentials, policy: HttpPolicy): CloudClient {
  try {
    return jira().createCloudClient({
      host: credentials.baseUrl,
      auth: credentials.email
        ? { type: 'basic', email: credentials.email, apiToken: credentials.token }
        : { type: 'bearer', token: credentials.token },
      // The library would print mismatches on stderr; the shapes we read are checked by our own code.
      onSchemaMismatch: policy.strictResponses ? 'throw' : 'silent',
    });
  } catch {
    // The library checks its settings too (an address, an email it accepts): its message may quote them.
    throw new ProviderError('FAILED', 'settings refused by the client');
  }
}

/** jira.js errors as ProviderErrors: the kind and the HTTP status, never Jira's text. */
export function classifyJiraError(error: unknown): ProviderError {
  if (jira().isAuthError(error) || jira().isScopeError(error))
    return new ProviderError('UNAUTHORIZED', 'HTTP 401');
  if (jira().isForbiddenError(error)) return new ProviderError('FORBIDDEN', 'HTTP 403');
  if (jira().isNotFoundError(error)) return new ProviderError('NOT_FOUND', 'HTTP 404');
  if (jira().isRateLimitError(error))
    return new ProviderError('RATE_LIMITED', 'HTTP 429', { retryAfterMs: error.retryAfterMs });
  if (jira().isApiError(error)) return new ProviderError('FAILED', `HTTP ${error.status}`);
  if (jira().isNetworkError(error)) return new ProviderError('UNREACHABLE', error.code ?? null);
  if (jira().isSchemaMismatchError(error)) return new ProviderError('BAD_RESPONSE', null);
  return new ProviderError('FAILED', error instanceof Error ? error.name : null);
}

const call = <T>(policy: HttpPolicy, operation: () => Promise<T>) =>
  callProvider(policy, classifyJiraError, operation);

export interface JiraProjectData {
  externalId: string;
  key: string;
  name: string;
  leadAccountId: string | null;
  leadName: string | null;
  totalIssues: number;
}

export interface JiraUserData {
  accountId: string;
  displayName: string;
  email: string | null;
  active: boolean;
}

export interface JiraIssueData {
  externalId: string;
  key: string;
  projectExternalId: string;
  summary: string;
  status: string;
  updatedAt: string | null;
}

/** Whom the token belongs to (GET /rest/api/3/myself). */
export async function jiraMyself(client: CloudClient, policy: HttpPolicy): Promise<string> {
  const me = await call(policy, () => client.myself.getCurrentUser());
  return me.displayName || me.emailAddress || me.accountId || 'Jira';
}

/** Every project the account sees, with its lead and issue count (paged by startAt / isLast). */
export async function jiraProjects(client: CloudClient, policy: HttpPolicy): Promise<JiraProjectData[]> {
  const projects: JiraProjectData[] = [];
  for (let page = 0, startAt = 0; page < MAX_PAGES; page++) {
    const result = await call(policy, () =>
      client.projects.searchProjects({ startAt, maxResults: PROJECT_PAGE, expand: 'lead,insight' }),
    );
    for (const project of result.values) {
      if (!project.id || !project.key) continue;
      projects.push({
        externalId: String(project.id),
        key: project.key,
        name: project.name ?? project.key,
        leadAccountId: project.lead?.accountId ?? null,
        leadName: project.lead?.displayName ?? null,
        totalIssues: project.insight?.totalIssueCount ?? 0,
      });
    }
    if (result.isLast || result.values.length === 0) return projects;
    startAt = result.startAt + result.values.length;
  }
  throw new ProviderError('BAD_RESPONSE', 'too many pages');
}

/** Every person's account (GET /rest/api/3/users/search, a bare array: a short page is the last). */
export async function jiraUsers(client: CloudClient, policy: HttpPolicy): Promise<JiraUserData[]> {
  const users: JiraUserData[] = [];
  for (let page = 0, startAt = 0; page < MAX_PAGES; page++) {
    const batch = await call(policy, () => client.users.getAllUsers({ startAt, maxResults: USER_PAGE }));
    for (const user of batch) {
      // App and customer accounts are not people who log work.
      if (!user.accountId || (user.accountType && user.accountType !== 'atlassian')) continue;
      users.push({
        accountId: user.accountId,
        displayName: user.displayName || user.accountId,
        email: user.emailAddress || null,
        active: user.active ?? true,
      });
    }
    if (batch.length < USER_PAGE) return users;
    startAt += batch.length;
  }
  throw new ProviderError('BAD_RESPONSE', 'too many pages');
}

/** The issues of these projects (GET /rest/api/3/search/jql, paged by nextPageToken). */
export async function jiraIssues(
  client: CloudClient,
  policy: HttpPolicy,
  projectKeys: readonly string[],
): Promise<JiraIssueData[]> {
  const issues: JiraIssueData[] = [];
  for (let i = 0; i < projectKeys.length; i += KEYS_PER_QUERY) {
    const keys = projectKeys.slice(i, i + KEYS_PER_QUERY).map((key) => `"${key.replace(/"/g, '')}"`);
    const jql = `project in (${keys.join(', ')}) ORDER BY key ASC`;
    let nextPageToken: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw new ProviderError('BAD_RESPONSE', 'too many pages');
      const result = await call(policy, () =>
        client.issueSearch.searchAndReconsileIssuesUsingJql({
          jql,
          maxResults: ISSUE_PAGE,
          fields: ['summary', 'status', 'updated', 'project'],
          ...(nextPageToken && { nextPageToken }),
        }),
      );
      for (const issue of result.issues ?? []) {
        const fields = (issue.fields ?? {}) as {
          summary?: string;
          status?: { name?: string };
          updated?: string;
          project?: { id?: string };
        };
        if (!issue.id || !issue.key || !fields.project?.id) continue;
        issues.push({
          externalId: String(issue.id),
          key: issue.key,
          projectExternalId: String(fields.project.id),
          summary: fields.summary ?? '',
          status: fields.status?.name ?? '',
          updatedAt: fields.updated ?? null,
        });
      }
      nextPageToken = result.nextPageToken ?? undefined;
      if (result.isLast || !nextPageToken) break;
    }
  }
  return issues;
}

export interface WorklogInput {
  issueKey: string;
  seconds: number;
  /** Jira's format: 2026-11-24T09:00:00.000+0700. */
  started: string;
  comment: string;
}

/** A document of one paragraph: the v3 API takes comments in Atlassian Document Format. */
const adf = (text: string) => ({
  type: 'doc' as const,
  version: 1,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** Adds a worklog, or changes the one pushed before; answers its id. */
export async function jiraSaveWorklog(
  client: CloudClient,
  policy: HttpPolicy,
  input: WorklogInput,
  worklogId: string | null,
): Promise<string> {
  const body = { timeSpentSeconds: input.seconds, started: input.started, comment: adf(input.comment) };
  const saved = worklogId
    ? await call(policy, () =>
        client.issueWorklogs.updateWorklog({
          issueIdOrKey: input.issueKey,
          id: worklogId,
          notifyUsers: false,
          body,
        }),
      )
    : await call(policy, () =>
        client.issueWorklogs.addWorklog({ issueIdOrKey: input.issueKey, notifyUsers: false, ...body }),
      );
  if (!saved.id) throw new ProviderError('BAD_RESPONSE', 'no worklog id');
  return String(saved.id);
}

/** Removes a worklog pushed before (the log no longer names its issue); one already gone is fine. */
export async function jiraDeleteWorklog(
  client: CloudClient,
  policy: HttpPolicy,
  issueKey: string,
  worklogId: string,
): Promise<void> {
  try {
    await call(policy, () =>
      client.issueWorklogs.deleteWorklog({ issueIdOrKey: issueKey, id: worklogId, notifyUsers: false }),
    );
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}
