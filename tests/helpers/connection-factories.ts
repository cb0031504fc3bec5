import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/connect.ts';
import type { JiraTestServer } from './jira-test-server.ts';

/** Records of the connections area for tests: through the API where the token matters, rows otherwise. */

type Caller = { inject(options: InjectOptions): Promise<LightMyRequestResponse> };

/** Connects the local Jira through the API (tested, token encrypted) and answers the connection. */
export async function connectJira(caller: Caller, server: JiraTestServer, name = 'Acme Jira') {
  const response = await caller.inject({
    method: 'POST',
    url: '/api/connections',
    payload: {
      name,
      provider: 'JIRA',
      baseUrl: server.url,
      path: 'acme',
      email: server.email,
      apiToken: server.token,
    },
  });
  if (response.statusCode !== 201) throw new Error(`connect failed: ${response.body}`);
  return response.json<{ id: string; name: string }>();
}

/** Syncs through the API and answers the run. */
export async function syncNow(caller: Caller, connectionId: string) {
  const response = await caller.inject({ method: 'POST', url: `/api/connections/${connectionId}/sync` });
  if (response.statusCode !== 200) throw new Error(`sync failed: ${response.body}`);
  return response.json<{
    status: string;
    counts: Record<string, Record<string, number>> | null;
    errorCode: string | null;
  }>();
}

/**
 * A Jira project with issues linked to a project, written directly (no provider, no token: enough
 * for the rules that only read synced data). Answers the ids.
 */
export async function linkedJiraProject(
  db: Db,
  projectId: string,
  options: {
    key?: string;
    issues?: number;
    connectionStatus?: 'ACTIVE' | 'INACTIVE';
    linkStatus?: 'ACTIVE' | 'INACTIVE';
  } = {},
) {
  const key = options.key ?? 'ATL';
  const connection = await db
    .insertInto('connections')
    .values({
      name: `Jira ${randomBytes(3).toString('hex')}`,
      provider: 'JIRA',
      category: 'PROJECT_MANAGEMENT',
      kind: 'THIRD_PARTY_CONNECTIONS',
      base_url: `https://${randomBytes(4).toString('hex')}.atlassian.net`,
      path: '',
      account_email: 'bot@acme.example',
      token_ciphertext: 'not-a-real-token',
      token_last4: '',
      status: options.connectionStatus ?? 'ACTIVE',
      last_succeeded_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const jiraProject = await db
    .insertInto('jira_projects')
    .values({
      connection_id: connection.id,
      external_id: String(10_000 + Math.floor(Math.random() * 80_000)),
      key,
      name: `Jira ${key}`,
      total_issues: options.issues ?? 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = options.issues ?? 3;
  if (count > 0)
    await db
      .insertInto('jira_issues')
      .values(
        Array.from({ length: count }, (_, i) => ({
          connection_id: connection.id,
          jira_project_id: jiraProject.id,
          external_id: `${jiraProject.id}-${i + 1}`,
          key: `${key}-${i + 1}`,
          summary: `Task ${i + 1}`,
          status: 'To Do',
        })),
      )
      .execute();
  await db
    .insertInto('project_jira_projects')
    .values({
      project_id: projectId,
      jira_project_id: jiraProject.id,
      status: options.linkStatus ?? 'ACTIVE',
    })
    .execute();
  return { connectionId: connection.id, jiraProjectId: jiraProject.id };
}

/** Everything a connections call could change: a refused call must leave it as it was. */
export async function connectionState(db: Db) {
  const tables = [
    'connections',
    'connection_sync_runs',
    'jira_projects',
    'jira_accounts',
    'jira_account_assignees',
    'jira_issues',
    'project_jira_projects',
    'work_log_jira_pushes',
  ] as const;
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  const audit = await db.selectFrom('audit_events').select('id').execute();
  return {
    ...Object.fromEntries(
      tables.map((table, i) => [table, rows[i]!.map((row) => JSON.stringify(row)).sort()]),
    ),
    audit: audit.length,
  };
}
