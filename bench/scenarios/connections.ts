/**
 * Connections at scale (issue 13): a Jira sync of 2,000 projects and 500 users, plus the 1,000
 * issues of 20 linked projects, against the local Jira of tests/helpers/jira-test-server.ts (real
 * jira.js, real HTTP on the loopback, nothing leaves the machine).
 *
 * - The first run (every row new) and the runs after it (nothing changed: the upserts write
 *   nothing), with the statements each run sends and their number per synced item.
 * - Baseline: the very same pages fetched from the same server with bare `fetch` (no client
 *   library, no database): what is left is jira.js's validation and our writes.
 */
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import type { Database } from '../../server/db/database.ts';
import { syncConnection } from '../../server/domains/connections/connection-sync.service.ts';
import { createConnection } from '../../server/domains/connections/connections.service.ts';
import { startJiraTestServer } from '../../tests/helpers/jira-test-server.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'connections';
export const description = 'Jira sync of 2,000 projects, 500 users and 1,000 issues against a local Jira';

const PROJECTS = 2000;
const USERS = 500;
const LINKED = 20;
const ISSUES_PER_PROJECT = 50;

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const database = await env.createDatabase();
  const jira = await startJiraTestServer();
  jira.seed({ projects: PROJECTS, users: USERS, issuesPerProject: ISSUES_PER_PROJECT, withIssues: LINKED });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CONNECTIONS_KEY: 'be0c'.padEnd(64, '0'),
    CONNECTIONS_TIMEOUT_SECONDS: '60',
  });
  // The app's own statements, counted: a Kysely with a query log on its own pool.
  const pool = new pg.Pool({ connectionString: database.url, max: config.DATABASE_POOL_SIZE });
  let queries = 0;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') queries++;
    },
  });
  const ctx = createContext({ db, config }, SYSTEM_ACTOR, { requestId: 'bench' });
  const rows: BenchRow[] = [];
  try {
    const connection = await createConnection(ctx, {
      name: 'Bench Jira',
      provider: 'JIRA',
      baseUrl: jira.url,
      path: 'bench',
      email: jira.email,
      apiToken: jira.token,
    });

    env.log(`first sync: ${PROJECTS} projects and ${USERS} users, every row new`);
    queries = 0;
    const started = performance.now();
    const first = await syncConnection(ctx, connection.id);
    const firstMs = performance.now() - started;
    if (first.status !== 'SUCCEEDED') throw new Error(`the first sync failed: ${first.errorCode}`);
    const firstItems = PROJECTS + USERS;
    rows.push({
      case: `first Jira sync: ${PROJECTS} projects + ${USERS} users (${queries} statements, ${(queries / firstItems).toFixed(4)} per item)`,
      perSecond: Number((1000 / firstMs).toFixed(2)),
      p50Ms: Number(firstMs.toFixed(0)),
      p99Ms: Number(firstMs.toFixed(0)),
      total: 1,
      failures: 0,
    });

    // Link 20 projects to a project: their issues join the sync.
    await pool.query(`
      insert into clients (name) values ('Bench client');
      insert into projects (client_id, name) select id, 'Bench project' from clients;
      insert into project_jira_projects (project_id, jira_project_id)
        select (select id from projects limit 1), j.id from jira_projects j
        where j.key in (${Array.from({ length: LINKED }, (_, i) => `'P${i + 1}'`).join(', ')})`);
    queries = 0;
    const withIssues = await syncConnection(ctx, connection.id);
    env.log(
      `second sync adds ${withIssues.counts?.issues?.added ?? 0} issues of ${LINKED} linked projects (${queries} statements)`,
    );

    const items = PROJECTS + USERS + LINKED * ISSUES_PER_PROJECT;
    queries = 0;
    const steady = await syncConnection(ctx, connection.id);
    const steadyQueries = queries;
    const changed = Object.values(steady.counts ?? {}).reduce(
      (sum, c) => sum + c.added + c.changed + c.removed,
      0,
    );
    if (changed !== 0) throw new Error(`a sync of unchanged data changed ${changed} rows`);
    const seconds = Math.max(3, Math.round(env.durationSeconds / 2));
    const syncRow = await loopTest(
      env,
      `Jira sync, nothing changed: ${items} items (${steadyQueries} statements, ${(steadyQueries / items).toFixed(4)} per item)`,
      async () => {
        const result = await syncConnection(ctx, connection.id);
        if (result.status !== 'SUCCEEDED') throw new Error(result.errorCode ?? 'failed');
      },
      seconds,
    );

    // The same pages with bare fetch: the HTTP and JSON cost alone.
    const auth = `Basic ${Buffer.from(`${jira.email}:${jira.token}`).toString('base64')}`;
    const get = async (path: string) => {
      const response = await fetch(`${jira.url}${path}`, {
        headers: { authorization: auth, accept: 'application/json' },
      });
      if (!response.ok) throw new Error(String(response.status));
      return response.json() as Promise<unknown>;
    };
    const baseline = await loopTest(
      env,
      `the same Jira pages with bare fetch (no client library, no database)`,
      async () => {
        for (let startAt = 0; startAt < PROJECTS; startAt += 50)
          await get(`/rest/api/3/project/search?startAt=${startAt}&maxResults=50&expand=lead%2Cinsight`);
        for (let startAt = 0; startAt <= USERS; startAt += 100)
          await get(`/rest/api/3/users/search?startAt=${startAt}&maxResults=100`);
        const keys = Array.from({ length: LINKED }, (_, i) => `"P${i + 1}"`).join(', ');
        let token: string | undefined;
        do {
          const page = (await get(
            `/rest/api/3/search/jql?jql=${encodeURIComponent(`project in (${keys}) ORDER BY key ASC`)}&maxResults=100` +
              `&fields=summary%2Cstatus%2Cupdated%2Cproject${token ? `&nextPageToken=${token}` : ''}`,
          )) as { nextPageToken?: string };
          token = page.nextPageToken;
        } while (token);
      },
      seconds,
    );
    rows.push(baseline, compare(syncRow, baseline));
  } finally {
    await db.destroy();
    await jira.close();
  }
  return rows;
}
