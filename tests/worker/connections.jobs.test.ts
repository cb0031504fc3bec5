import t from 'tap';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { createConnection } from '../../server/domains/connections/connections.service.ts';
import { testConfig } from '../helpers/build-app.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { startJiraTestServer } from '../helpers/jira-test-server.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The hourly `connections.sync` (server/domains/connections/connections.jobs.ts) against a real
// database and the local Jira: it syncs what is due, skips what ran lately or is inactive, and one
// connection's failure does not stop the others.

const database = await createTestDatabase();
const server = await startJiraTestServer();
server.seed({ projects: 5, users: 4 });
t.teardown(async () => {
  await server.close();
  await database.drop();
});
const db = database.db;
const config = testConfig();
const system = createContext({ db, config }, SYSTEM_ACTOR);
const connect = (name: string, path: string, apiToken = server.token) =>
  createConnection(system, {
    name,
    provider: 'JIRA',
    baseUrl: server.url,
    path,
    email: server.email,
    apiToken,
  });

const runs = (connectionId: string) =>
  db
    .selectFrom('connection_sync_runs')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .orderBy('started_at')
    .execute();

t.test('the schedule syncs each active connection once an hour, and reports how it went', async (t) => {
  const good = await connect('Good', 'good');
  const broken = await connect('Broken', 'broken');
  const off = await connect('Off', 'off');
  await db.updateTable('connections').set({ status: 'INACTIVE' }).where('id', '=', off.id).execute();
  // Broken's token stops working upstream: its run fails, Good's still runs.
  await db
    .updateTable('connections')
    .set({ account_email: 'someone-else@acme.example' })
    .where('id', '=', broken.id)
    .execute();

  const result = await runJobHandler(db, config, 'connections.sync');
  t.same(result, { succeeded: 1, failed: 1, busy: 0 });
  t.match(await runs(good.id), [{ trigger: 'SCHEDULE', status: 'SUCCEEDED', started_by_label: 'system' }]);
  t.match(await runs(broken.id), [{ trigger: 'SCHEDULE', status: 'FAILED', error_code: 'UNAUTHORIZED' }]);
  t.same(await runs(off.id), [], 'an inactive connection is not synced');
  t.equal(
    (await db.selectFrom('jira_projects').select('id').where('connection_id', '=', good.id).execute()).length,
    5,
  );
  const audit = await auditOfJob(db, 'connections.sync');
  t.same(audit.map((a) => a.action).sort(), ['connection.sync_failed', 'connection.synced']);
  t.ok(audit.every((a) => a.actor_label === 'system'));

  t.same(
    await runJobHandler(db, config, 'connections.sync'),
    { succeeded: 0, failed: 0, busy: 0 },
    'run again within the hour: nothing is due',
  );
  await db
    .updateTable('connection_sync_runs')
    .set({ started_at: new Date(Date.now() - 2 * 3600_000) })
    .execute();
  t.same(
    await runJobHandler(db, config, 'connections.sync'),
    { succeeded: 1, failed: 1, busy: 0 },
    'due again',
  );
  t.equal((await runs(good.id)).length, 2);
});

t.test(
  'a run left running by a stopped process is closed as interrupted, and the schedule goes on',
  async (t) => {
    const other = await connect('Other', 'other');
    await db
      .updateTable('connections')
      .set({ status: 'INACTIVE' })
      .where('name', 'in', ['Good', 'Broken'])
      .execute();
    const abandoned = await db
      .insertInto('connection_sync_runs')
      .values({
        connection_id: other.id,
        trigger: 'SCHEDULE',
        started_by_label: 'system',
        started_at: new Date(Date.now() - 3 * 3600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    t.same(await runJobHandler(db, config, 'connections.sync'), { succeeded: 1, failed: 0, busy: 0 });
    t.match(
      await db
        .selectFrom('connection_sync_runs')
        .selectAll()
        .where('id', '=', abandoned.id)
        .executeTakeFirstOrThrow(),
      {
        status: 'FAILED',
        error_code: 'INTERRUPTED',
      },
    );
  },
);
