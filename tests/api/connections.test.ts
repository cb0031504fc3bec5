import { randomBytes } from 'node:crypto';
import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { connectionState, connectJira, syncNow } from '../helpers/connection-factories.ts';
import { createUser } from '../helpers/factories.ts';
import { startJiraTestServer, type JiraTestServer } from '../helpers/jira-test-server.ts';

/**
 * Connections through the API (issue 13, Jira): connect (tested first, token encrypted, never sent
 * back), the refusals, sync (idempotent, removed-not-deleted, failures kept as stale data), status
 * and removal. The provider is the local Jira of tests/helpers/jira-test-server.ts.
 */

async function jira(t: { teardown(fn: () => unknown): void }): Promise<JiraTestServer> {
  const server = await startJiraTestServer();
  t.teardown(() => server.close());
  return server;
}

const admin = (app: TestApp) => app.signIn({ permissions: ['connections.manage'] });

const body = (server: JiraTestServer, extra: object = {}) => ({
  name: 'Acme Jira',
  provider: 'JIRA',
  baseUrl: server.url,
  path: 'acme',
  email: server.email,
  apiToken: server.token,
  ...extra,
});

t.test('an admin connects Jira: tested, kept encrypted, shown masked, never sent back', async (t) => {
  const app = await buildTestApp(t);
  const server = await jira(t);
  const me = await admin(app);

  const tried = await me.inject({ method: 'POST', url: '/api/connections/test', payload: body(server) });
  t.equal(tried.statusCode, 200, tried.body);
  t.same(tried.json(), { ok: true, account: 'Backoffice bot' });

  const created = await me.inject({ method: 'POST', url: '/api/connections', payload: body(server) });
  t.equal(created.statusCode, 201, created.body);
  t.match(created.json(), {
    name: 'Acme Jira',
    provider: 'JIRA',
    category: 'PROJECT_MANAGEMENT',
    kind: 'THIRD_PARTY_CONNECTIONS',
    baseUrl: server.url,
    path: 'acme',
    email: server.email,
    maskedToken: `••••••••${server.token.slice(-4)}`,
    status: 'ACTIVE',
    syncState: 'NEVER',
    lastSync: null,
  });
  const row = await app.db.selectFrom('connections').selectAll().executeTakeFirstOrThrow();
  t.notMatch(row.token_ciphertext, server.token, 'the database keeps ciphertext only');
  t.match(row.token_ciphertext, /^v1\./);

  const list = await me.inject({ method: 'GET', url: '/api/connections?search=acme' });
  t.equal(list.json().total, 1);
  const detail = await me.inject({ method: 'GET', url: `/api/connections/${row.id}` });
  t.match(detail.json(), {
    id: row.id,
    counts: { jiraProjects: 0, jiraAccounts: 0, jiraIssues: 0, linkedProjects: 0 },
  });
  const again = await me.inject({ method: 'POST', url: `/api/connections/${row.id}/test` });
  t.same(again.json(), { ok: true, account: 'Backoffice bot' }, 'the kept token decrypts and works');
  t.match(server.requests.at(-1)!.authorization, /^Basic /);
});

t.test(
  'the token appears in no response, no audit row and no stored column but the ciphertext',
  async (t) => {
    const app = await buildTestApp(t);
    const server = await jira(t);
    server.seed({ projects: 3, users: 2 });
    const me = await admin(app);
    const responses: string[] = [];
    const call = async (options: Parameters<typeof me.inject>[0]) => {
      const response = await me.inject(options);
      responses.push(response.body);
      return response;
    };
    await call({ method: 'POST', url: '/api/connections/test', payload: body(server) });
    const { id } = (await call({ method: 'POST', url: '/api/connections', payload: body(server) })).json();
    await call({ method: 'GET', url: '/api/connections' });
    await call({ method: 'GET', url: `/api/connections/${id}` });
    await call({ method: 'POST', url: `/api/connections/${id}/sync` });
    await call({
      method: 'PUT',
      url: `/api/connections/${id}`,
      payload: { name: 'Renamed', apiToken: server.token },
    });
    await call({ method: 'PATCH', url: `/api/connections/${id}/status`, payload: { status: 'INACTIVE' } });
    await call({ method: 'GET', url: `/api/connections/${id}/sync-runs` });
    await call({ method: 'GET', url: '/api/docs/json' });
    // A refused token (422) must not echo what was typed either.
    await call({
      method: 'POST',
      url: '/api/connections/test',
      payload: body(server, { apiToken: 'wrong-token-that-is-secret-9876' }),
    });
    for (const text of responses) t.notMatch(text, server.token);
    t.notMatch(responses.join('\n'), 'wrong-token-that-is-secret-9876');

    const audit = await app.db.selectFrom('audit_events').select(['action', 'before', 'after']).execute();
    t.ok(audit.some((a) => a.action === 'connection.created'));
    t.notMatch(JSON.stringify(audit), server.token, 'audit rows never hold the token');
    const stored = await app.db.selectFrom('connections').selectAll().executeTakeFirstOrThrow();
    const { token_ciphertext: _ciphertext, ...columns } = stored;
    t.notMatch(JSON.stringify(columns), server.token);
  },
);

t.test('bad connections are refused with clear messages and nothing is saved', async (t) => {
  const app = await buildTestApp(t);
  const server = await jira(t);
  const me = await admin(app);
  await connectJira(me, server, 'First');
  const before = await connectionState(app.db);
  const refused = async (payload: object, status = 422) => {
    const response = await me.inject({ method: 'POST', url: '/api/connections', payload });
    t.equal(response.statusCode, status, response.body);
    return response.json();
  };

  t.same(
    (await refused(body(server, { baseUrl: 'not a url' }))).details.map(
      (d: { message: string }) => d.message,
    ),
    ['Invalid URL format'],
  );
  t.same(
    (await refused(body(server, { baseUrl: 'ftp://acme.atlassian.net' }))).details.map(
      (d: { message: string }) => d.message,
    ),
    ['Invalid URL format'],
  );
  t.same(
    (await refused(body(server, { baseUrl: 'http://acme.atlassian.net' }))).details.map(
      (d: { field: string; message: string }) => [d.field, d.message],
    ),
    [['baseUrl', 'Use an https:// address: the token must not travel in clear text']],
  );
  const wrong = await refused(body(server, { path: 'other', apiToken: 'a-token-jira-refuses-0000' }));
  t.same(
    wrong.details.map((d: { field: string; message: string }) => [d.field, d.message]),
    [['apiToken', 'Jira refused this email and token (HTTP 401)']],
    'a token the provider refuses: the test call says so',
  );
  const duplicate = await refused(body(server, { name: 'Again', baseUrl: `${server.url}/` }), 409);
  t.equal(duplicate.message, 'This address and path are already connected as “First”.');
  t.equal(duplicate.details[0].field, 'baseUrl');
  const nobody = await refused(body(server, { path: 'x', baseUrl: 'http://127.0.0.1:9' }));
  t.match(nobody.details[0], { field: 'baseUrl', message: /^Jira did not answer at this address/ });
  t.same(await connectionState(app.db), before, 'nothing was written');
});

t.test('a sync keeps projects, accounts and linked issues; twice changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const server = await jira(t);
  server.seed({ projects: 60, users: 120, issuesPerProject: 5, withIssues: 2 });
  const me = await admin(app);
  const { id } = await connectJira(me, server);

  const first = await syncNow(me, id);
  t.match(first, {
    status: 'SUCCEEDED',
    counts: {
      projects: { seen: 60, added: 60, changed: 0, removed: 0 },
      accounts: { seen: 120, added: 120, changed: 0, removed: 0 },
      issues: { seen: 0, added: 0, changed: 0, removed: 0 },
    },
  });
  const p1 = await app.db
    .selectFrom('jira_projects')
    .selectAll()
    .where('key', '=', 'P1')
    .executeTakeFirstOrThrow();
  t.match(p1, { name: 'Project 1', total_issues: 5, lead_name: 'Jira Person 1', removed_at: null });

  // Link P1 to a project: the next sync brings its issues.
  const { projectWithMembers } = await import('../helpers/worklog-factories.ts');
  const project = await projectWithMembers(app.db, []);
  await app.db
    .insertInto('project_jira_projects')
    .values({ project_id: project.id, jira_project_id: p1.id })
    .execute();
  const second = await syncNow(me, id);
  t.match(second.counts, { issues: { seen: 5, added: 5 }, projects: { added: 0, changed: 0 } });

  const data = async () => ({
    projects: await app.db.selectFrom('jira_projects').selectAll().orderBy('id').execute(),
    accounts: await app.db.selectFrom('jira_accounts').selectAll().orderBy('id').execute(),
    issues: await app.db.selectFrom('jira_issues').selectAll().orderBy('id').execute(),
  });
  const before = await data();
  const third = await syncNow(me, id);
  t.match(third.counts, {
    projects: { seen: 60, added: 0, changed: 0, removed: 0 },
    accounts: { seen: 120, added: 0, changed: 0, removed: 0 },
    issues: { seen: 5, added: 0, changed: 0, removed: 0 },
  });
  t.same(await data(), before, 'a second run with the same data changes nothing (updated_at included)');

  const runs = await me.inject({ method: 'GET', url: `/api/connections/${id}/sync-runs` });
  t.equal(runs.json().total, 3);
  t.match(runs.json().items[0], { status: 'SUCCEEDED', trigger: 'MANUAL', startedBy: me.user.email });
  const detail = (await me.inject({ method: 'GET', url: `/api/connections/${id}` })).json();
  t.match(detail, {
    syncState: 'FRESH',
    counts: { jiraProjects: 60, jiraAccounts: 120, jiraIssues: 5, linkedProjects: 1 },
  });
  const projects = await me.inject({
    method: 'GET',
    url: `/api/connections/${id}/jira-projects?search=project 1&perPage=5`,
  });
  const accounts = await me.inject({
    method: 'GET',
    url: `/api/connections/${id}/jira-accounts?search=person 12&perPage=5`,
  });
  t.match(accounts.json(), {
    total: 2, // Person 12 and Person 120
    items: [
      {
        displayName: 'Jira Person 12',
        email: 'person12@acme.example',
        active: true,
        note: null,
        assignees: [],
      },
    ],
  });
  t.match(projects.json(), {
    total: 11,
    items: [{ key: 'P1', totalIssues: 5, lead: 'Jira Person 1', managementTool: 'JIRA' }],
  });
});

t.test('gone upstream is marked removed, never deleted: notes, assignees and links stay', async (t) => {
  const app = await buildTestApp(t);
  const server = await jira(t);
  server.seed({ projects: 3, users: 3, issuesPerProject: 2, withIssues: 1 });
  const me = await admin(app);
  const { id } = await connectJira(me, server);
  await syncNow(me, id);
  const account = await app.db
    .selectFrom('jira_accounts')
    .selectAll()
    .where('display_name', '=', 'Jira Person 2')
    .executeTakeFirstOrThrow();
  const person = await createUser(app.db);
  await app.db
    .updateTable('jira_accounts')
    .set({ note: 'Shared QA login' })
    .where('id', '=', account.id)
    .execute();
  await app.db
    .insertInto('jira_account_assignees')
    .values({ jira_account_id: account.id, user_id: person.id })
    .execute();

  server.users = server.users.filter((u) => u.displayName !== 'Jira Person 2');
  server.projects = server.projects.filter((p) => p.key !== 'P3');
  const run = await syncNow(me, id);
  t.match(run.counts, { projects: { removed: 1 }, accounts: { removed: 1 } });
  const gone = await app.db
    .selectFrom('jira_accounts')
    .selectAll()
    .where('id', '=', account.id)
    .executeTakeFirstOrThrow();
  t.ok(gone.removed_at, 'marked removed');
  t.equal(gone.note, 'Shared QA login', 'its note stays');
  t.equal(
    (
      await app.db
        .selectFrom('jira_account_assignees')
        .selectAll()
        .where('jira_account_id', '=', account.id)
        .execute()
    ).length,
    1,
    'its assignees stay',
  );
  t.ok(
    (
      await app.db
        .selectFrom('jira_projects')
        .select('removed_at')
        .where('key', '=', 'P3')
        .executeTakeFirstOrThrow()
    ).removed_at,
  );

  // Back upstream: live again, note and assignees as they were.
  server.users.push({
    accountId: account.account_id,
    displayName: 'Jira Person 2',
    email: 'person2@acme.example',
    active: true,
  });
  await syncNow(me, id);
  const back = await app.db
    .selectFrom('jira_accounts')
    .selectAll()
    .where('id', '=', account.id)
    .executeTakeFirstOrThrow();
  t.equal(back.removed_at, null);
  t.equal(back.note, 'Shared QA login');
});

t.test(
  'a provider that fails keeps the last good data, marked stale, with the reason on the connection',
  async (t) => {
    const app = await buildTestApp(t, { CONNECTIONS_TIMEOUT_SECONDS: '1' });
    const server = await jira(t);
    server.seed({ projects: 4, users: 2 });
    const me = await admin(app);
    const { id } = await connectJira(me, server);
    await syncNow(me, id);
    const kept = await app.db.selectFrom('jira_projects').selectAll().orderBy('id').execute();

    server.failNext('/rest/api/3/project/search', { status: 401 });
    const unauthorized = await syncNow(me, id);
    t.match(unauthorized, { status: 'FAILED', errorCode: 'UNAUTHORIZED', counts: null });
    const detail = (await me.inject({ method: 'GET', url: `/api/connections/${id}` })).json();
    t.match(detail, {
      syncState: 'STALE',
      lastSync: { status: 'FAILED', errorCode: 'UNAUTHORIZED', errorDetail: 'HTTP 401' },
    });
    t.same(
      await app.db.selectFrom('jira_projects').selectAll().orderBy('id').execute(),
      kept,
      'the last good data stays',
    );
    const projects = await me.inject({ method: 'GET', url: `/api/connections/${id}/jira-projects` });
    t.equal(projects.statusCode, 200, 'the page still loads');
    t.equal(projects.json().items[0].connection.syncState, 'STALE');

    server.failNext('/rest/api/3/users/search', { status: 429, retryAfter: '3600' });
    t.match(await syncNow(me, id), { status: 'FAILED', errorCode: 'RATE_LIMITED' });

    server.failNext('/rest/api/3/project/search', { hang: true });
    const started = Date.now();
    t.match(await syncNow(me, id), { status: 'FAILED', errorCode: 'TIMEOUT', errorDetail: '1s' });
    t.ok(Date.now() - started < 5000, 'a provider that hangs costs the time limit, not a hung request');

    t.match(await syncNow(me, id), { status: 'SUCCEEDED' }, 'and it recovers');
    t.equal((await me.inject({ method: 'GET', url: `/api/connections/${id}` })).json().syncState, 'FRESH');
    const audit = await app.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', id)
      .execute();
    t.equal(
      audit.filter((a) => a.action === 'connection.sync_failed').length,
      3,
      'every failed run is audited',
    );
  },
);

t.test('one run at a time; an inactive connection is not synced; removal erases the token', async (t) => {
  const app = await buildTestApp(t);
  const server = await jira(t);
  const me = await admin(app);
  const { id } = await connectJira(me, server);

  await app.db
    .insertInto('connection_sync_runs')
    .values({ connection_id: id, trigger: 'SCHEDULE', started_by_label: 'system' })
    .execute();
  const busy = await me.inject({ method: 'POST', url: `/api/connections/${id}/sync` });
  t.equal(busy.statusCode, 409);
  t.equal(busy.json().message, 'A sync of “Acme Jira” is already running. Wait for it to finish.');
  await app.db.deleteFrom('connection_sync_runs').execute();

  const off = await me.inject({
    method: 'PATCH',
    url: `/api/connections/${id}/status`,
    payload: { status: 'INACTIVE' },
  });
  t.match(off.json(), { status: 'INACTIVE', abilities: { sync: false } });
  const refused = await me.inject({ method: 'POST', url: `/api/connections/${id}/sync` });
  t.equal(refused.statusCode, 409);
  t.equal(refused.json().message, 'The connection “Acme Jira” is inactive: activate it first.');
  t.equal(
    (
      await me.inject({
        method: 'PATCH',
        url: `/api/connections/${id}/status`,
        payload: { status: 'ACTIVE' },
      })
    ).statusCode,
    200,
  );

  t.equal((await me.inject({ method: 'DELETE', url: `/api/connections/${id}` })).statusCode, 204);
  const row = await app.db
    .selectFrom('connections')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  t.ok(row.deleted_at);
  t.equal(row.token_ciphertext, '', 'the token is erased');
  t.equal((await me.inject({ method: 'GET', url: `/api/connections/${id}` })).statusCode, 404);
  t.equal((await me.inject({ method: 'GET', url: '/api/connections' })).json().total, 0);
  await connectJira(me, server);
  t.pass('the same site may be connected again once removed');
  const actions = (
    await app.db.selectFrom('audit_events').select('action').where('entity_id', '=', id).execute()
  ).map((a) => a.action);
  t.same(actions.sort(), [
    'connection.activated',
    'connection.created',
    'connection.deactivated',
    'connection.deleted',
  ]);
});

t.test('a new token is tested before it replaces the old one', async (t) => {
  const app = await buildTestApp(t);
  const server = await jira(t);
  const me = await admin(app);
  const { id } = await connectJira(me, server);
  const before = await connectionState(app.db);
  const wrong = await me.inject({
    method: 'PUT',
    url: `/api/connections/${id}`,
    payload: { apiToken: 'another-token-refused-by-jira' },
  });
  t.equal(wrong.statusCode, 422);
  t.equal(wrong.json().details[0].message, 'Jira refused this email and token (HTTP 401)');
  t.same(await connectionState(app.db), before, 'the old token stays');

  server.token = 'the-rotated-jira-api-token-5678';
  const rotated = await me.inject({
    method: 'PUT',
    url: `/api/connections/${id}`,
    payload: { apiToken: server.token, name: 'Acme' },
  });
  t.equal(rotated.statusCode, 200, rotated.body);
  t.match(rotated.json(), { name: 'Acme', maskedToken: '••••••••5678' });
  t.same((await me.inject({ method: 'POST', url: `/api/connections/${id}/test` })).json(), {
    ok: true,
    account: 'Backoffice bot',
  });
});

t.test(
  'the key: production needs CONNECTIONS_KEY; a token under another key asks to be entered again',
  async (t) => {
    const server = await jira(t);
    const production = await buildTestApp(t, { NODE_ENV: 'production' });
    const me = await admin(production);
    const before = await connectionState(production.db);
    const refused = await me.inject({ method: 'POST', url: '/api/connections', payload: body(server) });
    t.equal(refused.statusCode, 503);
    t.equal(refused.json().code, 'CONNECTIONS_KEY_MISSING');
    t.same(await connectionState(production.db), before);
    t.equal(server.requests.length, 0, 'the provider is not even asked');
    // The server still starts without the key; single sign-on (its keys are encrypted with it) says why.
    const discovery = await production.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    t.equal(discovery.statusCode, 503);
    t.equal(discovery.json().code, 'CONNECTIONS_KEY_MISSING');

    const key = randomBytes(32).toString('base64');
    const keyed = await buildTestApp(t, { CONNECTIONS_KEY: key });
    const admin2 = await admin(keyed);
    const { id } = await connectJira(admin2, server);
    t.equal(
      (
        await keyed.db
          .selectFrom('app_settings')
          .select('key')
          .where('key', '=', 'connections.dev_key')
          .execute()
      ).length,
      0,
      'with the key set, no key is generated',
    );
    // The same database read with another key: the token does not decrypt.
    const { buildApp } = await import('../../server/app.ts');
    const { testConfig } = await import('../helpers/build-app.ts');
    const other = await buildApp({
      db: keyed.db,
      config: testConfig({ CONNECTIONS_KEY: randomBytes(32).toString('hex') }),
      logger: false,
    });
    t.teardown(() => other.close());
    const unreadable = await other.inject({
      method: 'POST',
      url: `/api/connections/${id}/test`,
      headers: { authorization: `Bearer ${admin2.accessToken}` },
    });
    t.equal(unreadable.statusCode, 409);
    t.equal(unreadable.json().code, 'CONNECTION_TOKEN_UNREADABLE');
    const run = await other.inject({
      method: 'POST',
      url: `/api/connections/${id}/sync`,
      headers: { authorization: `Bearer ${admin2.accessToken}` },
    });
    t.match(run.json(), { status: 'FAILED', errorCode: 'TOKEN_UNREADABLE' });
  },
);

t.test('connections are for connections.manage', async (t) => {
  const app = await buildTestApp(t);
  const server = await jira(t);
  const { id } = await connectJira(await admin(app), server);
  const someone = await app.signIn({ permissions: ['projects.manage', 'accounts.manage'] });
  for (const [method, url] of [
    ['GET', '/api/connections'],
    ['GET', `/api/connections/${id}`],
    ['POST', `/api/connections/${id}/sync`],
    ['DELETE', `/api/connections/${id}`],
  ] as const)
    t.equal((await someone.inject({ method, url })).statusCode, 403, `${method} ${url}`);
});
