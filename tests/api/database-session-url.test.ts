import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { databaseUrlOf } from '../../server/db/connect.ts';
import { openDatabase, prepareDatabase } from '../../server/db/open.ts';
import { startWorker } from '../../worker/main.ts';
import { testConfig } from '../helpers/build-app.ts';
import { waitFor } from '../helpers/cli-process.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * Behind a transaction-mode pooler, DATABASE_URL serves the pool and DATABASE_SESSION_URL whatever
 * needs a whole session: the LISTEN connection, pg-boss, the migration lock, backups' own sessions.
 * Two PostgreSQL users stand for the two addresses here, so each connection says which it used.
 */
t.test('sessions go to DATABASE_SESSION_URL, pooled queries to DATABASE_URL', async (t) => {
  const database = await createTestDatabase();
  const sessionUser = decodeURIComponent(new URL(database.url).username);
  const poolUser = `bo_pool_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`create role ${poolUser} login superuser password 'pool-secret'`);
  const poolUrl = new URL(database.url);
  poolUrl.username = poolUser;
  poolUrl.password = 'pool-secret';

  const config = testConfig({ DATABASE_URL: poolUrl.toString(), DATABASE_SESSION_URL: database.url });
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const opened = await openDatabase(config, log);
  await prepareDatabase(opened, log);
  const app = await buildApp({ db: opened.db, config, logger: false, databaseUrl: opened.sessionUrl });
  await app.ready();
  const worker = await startWorker({ db: opened.db, databaseUrl: opened.sessionUrl, config, log, jobs: [] });
  t.teardown(async () => {
    await worker.stop();
    await app.close();
    await opened.close();
    await database.drop();
    await admin(`drop role if exists ${poolUser}`).catch(() => {});
  });

  const { rows } = await sql<{ user: string }>`select current_user as user`.execute(opened.db);
  t.equal(rows[0]!.user, poolUser, 'the pool uses DATABASE_URL');

  const listener = app.realtime.listener!;
  await waitFor('the listener to listen', () => listener.listening, 10_000, 50);
  const [listening] = await admin(`select usename from pg_stat_activity where pid = ${listener.backendPid}`);
  t.equal(listening?.usename, sessionUser, 'the LISTEN connection uses DATABASE_SESSION_URL');

  const boss = await worker.boss.getDb().executeSql('select current_user as user');
  t.equal((boss.rows[0] as { user: string }).user, sessionUser, 'pg-boss uses DATABASE_SESSION_URL');

  t.equal(databaseUrlOf(opened.db), database.url, "backups' own sessions use DATABASE_SESSION_URL");
});
