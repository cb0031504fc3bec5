import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import t, { type Test } from 'tap';
import { findFreePort } from '../../server/db/embedded.ts';
import { spawnEntry, waitFor, type Finished } from '../helpers/cli-process.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * The CLI when its database goes away: the error body the README documents (JSON with --json) and
 * exit code 1, never a stack trace or "Unhandled 'error' event".
 */
t.setTimeout(180_000);

const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-db-lost-'));
const database = await createTestDatabase();
t.teardown(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

function lastJsonLine(stderr: string): Record<string, unknown> {
  const line = stderr.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new Error(`stderr does not end with a JSON line:\n${stderr}`);
  }
}

function assertCleanFailure(t: Test, run: Finished, json: boolean) {
  t.equal(run.code, 1, `exit code 1 (stderr: ${run.stderr})`);
  t.notMatch(run.stderr, /Unhandled 'error' event|\n\s+at |node:internal/, 'no stack trace');
  t.equal(run.stdout, '', 'nothing on stdout');
  if (json) {
    const body = lastJsonLine(run.stderr);
    t.equal(body.code, 'DATABASE_UNAVAILABLE');
    t.type(body.message, 'string');
  } else {
    t.match(run.stderr, /^Error: The database cannot be reached or the connection to it was lost/m);
  }
}

t.test('a database that cannot be reached: the error body and exit code 1', async (t) => {
  const closedPort = await findFreePort();
  for (const json of [true, false]) {
    const run = await spawnEntry('cli/main.ts', [...(json ? ['--json'] : []), 'roles', 'list'], {
      DATABASE_URL: `postgres://nobody:secret@127.0.0.1:${closedPort}/nothing`,
      DATA_DIR: dir,
    }).finished;
    assertCleanFailure(t, run, json);
  }
});

t.test('the connection ends in the middle of an import: error body, exit 1, nothing written', async (t) => {
  const emails = ['lost-1@example.com', 'lost-2@example.com', 'lost-3@example.com'];
  const file = path.join(dir, 'staff.csv');
  writeFileSync(
    file,
    `Email,First name,Last name\n${emails.map((e, i) => `${e},Lost,Person ${i}`).join('\n')}\n`,
  );

  // Holding SHARE on users lets the import read and validate, then stops its first insert, inside its
  // transaction: the moment to cut the connection is known, not guessed.
  const blocker = new pg.Client({ connectionString: database.url });
  // pg_stat_activity is read once per transaction: the blocker's own would never see the import wait.
  const watcher = new pg.Client({ connectionString: database.url });
  await Promise.all([blocker.connect(), watcher.connect()]);
  t.teardown(() => Promise.all([blocker.end(), watcher.end()]));
  await blocker.query('begin');
  await blocker.query('lock table users in share mode');

  for (const json of [true, false]) {
    const cli = spawnEntry('cli/main.ts', [...(json ? ['--json'] : []), 'users', 'import', file], {
      DATABASE_URL: database.url,
      DATA_DIR: dir,
    });
    let ended: Finished | null = null;
    void cli.finished.then((run) => (ended = run));
    const waiting = await waitFor('the import to wait for the lock', async () => {
      if (ended) throw new Error(`the import ended before it reached the lock: ${JSON.stringify(ended)}`);
      const found = await watcher.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and application_name = 'backoffice' and wait_event_type = 'Lock'`,
      );
      return found.rows[0]?.pid;
    });
    await watcher.query('select pg_terminate_backend($1)', [waiting]);
    assertCleanFailure(t, await cli.finished, json);
  }
  await blocker.query('rollback');

  const written = await database.db
    .selectFrom('users')
    .select('email')
    .where('email', 'in', emails)
    .execute();
  t.same(written, [], 'the interrupted import wrote nothing');
});
