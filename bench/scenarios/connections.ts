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
import { startProviderTestServer } from '../../tests/helpers/provider-test-servers.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'connections';
export const description =
  'Jira sync (2,000 projects, 500 users, 1,000 issues) and GitHub sync (2,000 repositories, 500 members) against local servers; the account board (1,000 people × 6 providers) vs its SQL on bare pg';

const REPOS = 2000;
const MEMBERS = 500;
const BOARD_PEOPLE = 1000;
const BOARD_PROVIDERS = ['GITHUB', 'GITLAB', 'DISCORD', 'SLACK', 'OUTLINE', 'FIGMA'] as const;

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

    rows.push(
      ...(await githubSync(
        env,
        ctx,
        () => queries,
        (n) => (queries = n),
      )),
    );
    rows.push(...(await accountBoard(env, db, pool)));
  } finally {
    await db.destroy();
    await jira.close();
  }
  return rows;
}

type Ctx = ReturnType<typeof createContext>;

/**
 * GitHub: an organisation of 2,000 repositories (2 collaborators each) and 500 members on the local
 * fake GitHub (real @octokit/rest over the loopback): the first sync, then a sync of unchanged data,
 * with the statements each sends per synced item (repositories + members + collaborator rows).
 */
async function githubSync(
  env: BenchEnv,
  ctx: Ctx,
  queries: () => number,
  setQueries: (n: number) => void,
): Promise<BenchRow[]> {
  const github = await startProviderTestServer('GITHUB');
  github.seed({ members: MEMBERS, repos: REPOS, collaboratorsPerRepo: 2 });
  const rows: BenchRow[] = [];
  try {
    const connection = await createConnection(ctx, {
      name: 'Bench GitHub',
      provider: 'GITHUB',
      baseUrl: github.baseUrl,
      path: github.path,
      apiToken: github.token,
    });
    const items = REPOS + MEMBERS + REPOS * 2;
    env.log(`first GitHub sync: ${REPOS} repositories, ${MEMBERS} members, ${REPOS * 2} collaborator rows`);
    setQueries(0);
    const requestsBefore = github.requests.length;
    const started = performance.now();
    const first = await syncConnection(ctx, connection.id);
    const firstMs = performance.now() - started;
    if (first.status !== 'SUCCEEDED') throw new Error(`the first GitHub sync failed: ${first.errorCode}`);
    const firstQueries = queries();
    rows.push({
      case: `first GitHub sync: ${REPOS} repos + ${MEMBERS} members (${firstQueries} statements, ${(firstQueries / items).toFixed(4)} per item; ${github.requests.length - requestsBefore} HTTP calls)`,
      perSecond: Number((1000 / firstMs).toFixed(2)),
      p50Ms: Number(firstMs.toFixed(0)),
      p99Ms: Number(firstMs.toFixed(0)),
      total: 1,
      failures: 0,
    });
    setQueries(0);
    const steady = await syncConnection(ctx, connection.id);
    const steadyQueries = queries();
    const changed = Object.values(steady.counts ?? {}).reduce(
      (sum, c) => sum + c.added + c.changed + c.removed,
      0,
    );
    if (changed !== 0) throw new Error(`a GitHub sync of unchanged data changed ${changed} rows`);
    const seconds = Math.max(3, Math.round(env.durationSeconds / 2));
    const syncRow = await loopTest(
      env,
      `GitHub sync, nothing changed: ${items} items (${steadyQueries} statements, ${(steadyQueries / items).toFixed(4)} per item)`,
      async () => {
        const result = await syncConnection(ctx, connection.id);
        if (result.status !== 'SUCCEEDED') throw new Error(result.errorCode ?? 'failed');
      },
      seconds,
    );
    // The same pages with bare fetch: what HTTP and JSON cost without octokit and the database.
    const get = async (path: string) => {
      const response = await fetch(`${github.url}${path}`, {
        headers: { authorization: `token ${github.token}`, accept: 'application/vnd.github+json' },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json() as Promise<unknown[]>;
    };
    const all = async (path: string) => {
      for (let page = 1; ; page++) {
        const items = await get(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
        if (items.length < 100) return;
      }
    };
    const baseline = await loopTest(
      env,
      'the same GitHub pages with bare fetch (no client library, no database)',
      async () => {
        await all(`/orgs/${github.path}/members`);
        await all(`/orgs/${github.path}/repos`);
        for (const repo of github.repos) await all(`/repos/${github.path}/${repo.name}/collaborators`);
      },
      seconds,
    );
    rows.push(baseline, compare(syncRow, baseline));
  } finally {
    await github.close();
  }
  return rows;
}

interface BoardModule {
  listBoardAccounts(
    db: Kysely<Database>,
    filters: Record<string, unknown>,
    window: { offset: number; limit: number },
  ): Promise<{ rows: unknown[]; total: number }>;
}

/**
 * The account board's list query (server/domains/connections/account-board.repository.ts, the
 * account-board branch's) over 1,000 people × 6 providers, each account assigned to its person:
 * the app's Kysely call vs the very statements it sends (captured from the query log) on bare pg.
 * Skipped, with a line saying so, on a tree without that repository.
 */
async function accountBoard(env: BenchEnv, db: Kysely<Database>, pool: pg.Pool): Promise<BenchRow[]> {
  const modulePath = '../../server/domains/connections/account-board.repository.ts';
  let board: BoardModule;
  try {
    board = (await import(modulePath)) as BoardModule;
  } catch {
    env.log('account board: account-board.repository.ts is not on this tree, case skipped');
    return [];
  }
  env.log(`account board: seeding ${BOARD_PEOPLE} people × ${BOARD_PROVIDERS.length} providers`);
  await pool.query(`
    insert into users (email, first_name, last_name, status, language, password_changed_at)
      select 'board' || i || '@bench.example', 'Person', lpad(i::text, 4, '0'), 'ACTIVE', 'en', now()
      from generate_series(1, ${BOARD_PEOPLE}) i;
    insert into connections (name, provider, category, kind, base_url, path, token_ciphertext, token_last4)
      select 'Board ' || p, p, case when p in ('GITHUB', 'GITLAB') then 'VERSION_CONTROL'
          when p = 'FIGMA' then 'PROJECT_MANAGEMENT' else 'COMMUNICATION' end,
        'THIRD_PARTY_CONNECTIONS', 'http://127.0.0.1', 'board-' || lower(p), 'x', 'xxxx'
      from unnest(array[${BOARD_PROVIDERS.map((p) => `'${p}'`).join(', ')}]) p;
    insert into provider_accounts (connection_id, external_id, username, display_name, email)
      select c.id, 'board-' || u.id, 'user' || u.last_name, u.first_name || ' ' || u.last_name, u.email
      from users u cross join connections c
      where u.email like 'board%@bench.example' and c.path like 'board-%';
    insert into provider_account_assignees (provider_account_id, user_id)
      select a.id, u.id from provider_accounts a join users u on a.external_id = 'board-' || u.id;
    analyze`);
  const filters = [
    { name: 'first page, every provider', filters: {} },
    { name: 'one provider, searched', filters: { provider: 'GITLAB', search: 'user05' } },
  ];
  const rows: BenchRow[] = [];
  const seconds = Math.max(3, Math.round(env.durationSeconds / 2));
  for (const { name, filters: f } of filters) {
    // Capture the statements the repository sends, then replay them on bare pg.
    const captured: { sql: string; parameters: readonly unknown[] }[] = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query')
          captured.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    const result = await board.listBoardAccounts(logged, f, { offset: 0, limit: 20 });
    if (result.total === 0) throw new Error(`the board (${name}) found nothing`);
    const app = await loopTest(
      env,
      `account board (${name}): ${result.total} accounts match (the seeded ${BOARD_PEOPLE * BOARD_PROVIDERS.length} and the syncs' own), page of 20 (${captured.length} statements)`,
      async () => {
        await board.listBoardAccounts(db, f, { offset: 0, limit: 20 });
      },
      seconds,
    );
    const bare = await loopTest(
      env,
      `the same ${captured.length} statements on bare pg (${name})`,
      async () => {
        await Promise.all(captured.map((q) => pool.query(q.sql, [...q.parameters])));
      },
      seconds,
    );
    rows.push(bare, compare(app, bare));
  }
  return rows;
}
