import { randomBytes } from 'node:crypto';
import t from 'tap';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { createConnection } from '../../server/domains/connections/connections.service.ts';
import { testConfig } from '../helpers/build-app.ts';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { startJiraTestServer } from '../helpers/jira-test-server.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// `backoffice connections list|test <id>|sync <id>`, spawned for real against a test database and
// the local Jira (the CLI runs with NODE_ENV=production: it needs CONNECTIONS_KEY, as a server would).
t.setTimeout(300_000);

const database = await createTestDatabase();
const server = await startJiraTestServer();
server.seed({ projects: 3, users: 2 });
t.teardown(async () => {
  await server.close();
  await database.drop();
});
const db = database.db;
const key = randomBytes(32).toString('base64');
const env = { CONNECTIONS_KEY: key };
const system = createContext({ db, config: testConfig({ CONNECTIONS_KEY: key }) }, SYSTEM_ACTOR);
const connection = await createConnection(system, {
  name: 'Acme Jira',
  provider: 'JIRA',
  baseUrl: server.url,
  path: 'acme',
  email: server.email,
  apiToken: server.token,
});

t.test('list shows the connections with the token masked, in a table or as JSON', async (t) => {
  const json = await runCli(database.url, ['connections', 'list', '--json'], { env });
  t.equal(json.code, 0, json.stderr);
  const { items } = JSON.parse(json.stdout);
  t.match(items, [
    {
      id: connection.id,
      name: 'Acme Jira',
      provider: 'JIRA',
      maskedToken: `••••••••${server.token.slice(-4)}`,
    },
  ]);
  t.notMatch(json.stdout, server.token);
  t.notMatch(json.stdout, 'v1.', 'no ciphertext either');

  const human = await runCli(database.url, ['connections', 'list'], { env });
  t.equal(human.code, 0, human.stderr);
  t.match(human.stdout, /Acme Jira\s+JIRA\s+http:\/\/127\.0\.0\.1:\d+\s+••••••••/);
  t.notMatch(human.stdout, server.token);
});

t.test('test asks the provider; sync keeps what it read and logs the run', async (t) => {
  const tested = await runCli(database.url, ['connections', 'test', connection.id], { env });
  t.equal(tested.code, 0, tested.stderr);
  t.equal(tested.stdout.trim(), 'The provider accepts the token of Backoffice bot.');

  const synced = await runCli(database.url, ['connections', 'sync', connection.id, '--json'], { env });
  t.equal(synced.code, 0, synced.stderr);
  t.match(JSON.parse(synced.stdout), {
    status: 'SUCCEEDED',
    trigger: 'CLI',
    counts: { projects: { seen: 3, added: 3 }, accounts: { seen: 2, added: 2 } },
  });
  t.match(JSON.parse(synced.stdout).startedBy, /^system \(os:/);
  const human = await runCli(database.url, ['connections', 'sync', connection.id], { env });
  t.equal(human.code, 0, human.stderr);
  t.match(
    human.stdout,
    /^Synced \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}: Jira projects 3 \(0 new, 0 changed, 0 removed\)/,
  );
  const audit = await db
    .selectFrom('audit_events')
    .select(['action', 'actor_label'])
    .where('action', '=', 'connection.synced')
    .execute();
  t.equal(audit.length, 2);
  t.match(audit[0]!.actor_label, /^system \(os:/);
});

t.test('a failed sync is kept and shown, and the command fails', async (t) => {
  server.failNext('/rest/api/3/project/search', { status: 401 });
  const failed = await runCli(database.url, ['connections', 'sync', connection.id, '--json'], { env });
  t.equal(failed.code, 1);
  t.match(JSON.parse(failed.stdout), { status: 'FAILED', errorCode: 'UNAUTHORIZED' });
  t.match(jsonError(failed), {
    code: 'SYNC_FAILED',
    message: 'The sync failed: the provider refused the token (HTTP 401)',
  });
  const human = await runCli(database.url, ['connections', 'sync', connection.id], {
    env: { ...env, LANG: 'vi_VN.UTF-8' },
  });
  t.equal(human.code, 0, 'the next run goes through');
  t.match(human.stdout, /^Đã đồng bộ lúc/);
});

t.test('refusals: a bad id, someone without connections.manage, no key in production', async (t) => {
  const bad = await runCli(database.url, ['connections', 'sync', 'not-an-id'], { env });
  t.equal(bad.code, 2);
  t.match(bad.stderr, 'Expected a connection id (UUID).');

  const someone = await createUser(db, { email: 'dev@example.com', permissions: ['worklogs.log'] });
  const refused = await runCli(database.url, ['connections', 'list', '--json', '--as', someone.email], {
    env,
  });
  t.equal(refused.code, 1);
  t.equal(jsonError(refused).code, 'FORBIDDEN');

  const keyless = await runCli(database.url, ['connections', 'test', connection.id, '--json']);
  t.equal(keyless.code, 1);
  t.equal(jsonError(keyless).code, 'CONNECTIONS_KEY_MISSING');
  const unknown = await runCli(
    database.url,
    ['connections', 'test', '00000000-0000-4000-8000-000000000000'],
    { env },
  );
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, 'The record was not found.');
});
