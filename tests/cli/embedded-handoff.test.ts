import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { findFreePort } from '../../server/db/embedded.ts';
import { spawnEntry, waitFor, type Spawned } from '../helpers/cli-process.ts';

/**
 * The embedded PostgreSQL shared by the CLI and a server, as on a developer's machine: each case has
 * its own data folder in /tmp (the postgres user can enter it) and its own ports, away from the test
 * runner's 15432. The CLI starts PostgreSQL, a server joins, the CLI leaves: the server keeps its
 * database. PostgreSQL killed under the server comes back by itself. Two processes starting together
 * on an empty folder both work, and a start that fails names the log that says why.
 */
t.setTimeout(600_000);

const ADMIN = { email: 'handoff-admin@example.com', password: 'Handoff-Passw0rd!' };
const base = mkdtempSync(path.join(os.tmpdir(), 'bo-handoff-'));
// mkdtemp makes a private folder; PostgreSQL runs as its own user, which must be able to enter it.
chmodSync(base, 0o755);
const children: Spawned[] = [];

t.teardown(() => {
  for (const { child } of children)
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  // A PostgreSQL left by a failed case is stopped before its folder goes.
  for (const name of existsSync(base) ? readdirSync(base) : []) {
    const pid = postmasterPid(path.join(base, name));
    if (pid) process.kill(pid, 'SIGQUIT');
  }
  rmSync(base, { recursive: true, force: true });
});

function postgresDir(dataDir: string) {
  return path.join(dataDir, 'postgres');
}

/** The live PostgreSQL server of a data folder, or null. */
function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(
      readFileSync(path.join(postgresDir(dataDir), 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function registered(dataDir: string): number[] {
  return readdirSync(path.join(postgresDir(dataDir), 'processes')).map(Number);
}

function environment(dataDir: string, pgPort: number, extra: Record<string, string> = {}) {
  return {
    // The test runner's own DATABASE_URL (empty here) must not count: these use the embedded database.
    DATABASE_URL: undefined,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    JWT_SECRET: 'handoff-secret-that-is-long-enough-for-hs256',
    ...extra,
  };
}

function run(entry: string, args: string[], env: Record<string, string | undefined>): Spawned {
  const spawned = spawnEntry(entry, args, env);
  children.push(spawned);
  return spawned;
}

t.test(
  'the CLI starts PostgreSQL, a server joins, the CLI exits: the server keeps its database',
  async (t) => {
    const dataDir = path.join(base, 'shared');
    const [pgPort, httpPort] = [await findFreePort(), await findFreePort()];
    const env = environment(dataDir, pgPort);
    const url = (route: string) => `http://127.0.0.1:${httpPort}${route}`;

    const migrate = await run('cli/main.ts', ['--json', 'migrate'], env).finished;
    t.equal(migrate.code, 0, `migrate: ${migrate.stderr}`);
    t.equal(postmasterPid(dataDir), null, 'alone, the CLI stops PostgreSQL when it is done');

    // The export waits on a named pipe until someone reads it: the CLI holds the database meanwhile.
    const pipe = path.join(base, 'export.csv');
    execFileSync('mkfifo', [pipe]);
    const cli = run('cli/main.ts', ['--json', 'users', 'export', '--format', 'csv', '-o', pipe], env);
    await waitFor('the CLI to start PostgreSQL', () => registered(dataDir).includes(cli.child.pid!));
    const startedByCli = postmasterPid(dataDir);
    t.ok(startedByCli, 'the CLI started PostgreSQL');

    const server = run('server/main.ts', [], {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(httpPort),
      RUN_WORKER: 'false',
      BACKOFFICE_ADMIN_EMAIL: ADMIN.email,
      BACKOFFICE_ADMIN_PASSWORD: ADMIN.password,
    });
    await waitFor(
      'the server to answer',
      async () => {
        if (server.child.exitCode !== null) throw new Error(`the server ended: ${server.output().stderr}`);
        return (await fetch(url('/healthz')).catch(() => null))?.status === 200;
      },
      120_000,
      250,
    );
    t.same(registered(dataDir).sort(), [cli.child.pid, server.child.pid].sort(), 'both use the one server');
    t.equal(postmasterPid(dataDir), startedByCli, 'the server joined the running PostgreSQL');

    const [csv, exported] = await Promise.all([readFile(pipe, 'utf8'), cli.finished]);
    t.equal(exported.code, 0, `the export finished: ${exported.stderr}`);
    t.match(csv, /Email/, 'the export was written');

    t.equal(postmasterPid(dataDir), startedByCli, 'the CLI left PostgreSQL running for the server');
    t.same(registered(dataDir), [server.child.pid]);
    const signIn = async () =>
      fetch(url('/api/auth/sign-in'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
    t.equal((await signIn()).status, 200, 'the server still works with its database');
    t.equal((await fetch(url('/healthz'))).status, 200);
    t.equal((await fetch(url('/readyz'))).status, 200);

    // PostgreSQL killed under the server (an operator, the OOM killer): the server starts it again.
    process.kill(startedByCli!, 'SIGKILL');
    // Polls /readyz (which asks the database) rather than signing in: sign-in is rate limited, and
    // a slow restart on a busy machine would spend the limit and then look like a failure.
    const restarted = await waitFor(
      'the server to start PostgreSQL again',
      async () => {
        const pid = postmasterPid(dataDir);
        const ready = await fetch(url('/readyz')).catch(() => null);
        return pid && pid !== startedByCli && ready?.status === 200 ? pid : false;
      },
      150_000,
      250,
    );
    t.ok(restarted, 'a new PostgreSQL serves the server');
    t.equal((await signIn()).status, 200, 'sign-in works against the new PostgreSQL');
    await waitFor('/healthz to answer 200 again', async () => (await fetch(url('/healthz'))).status === 200);

    const log = readFileSync(path.join(postgresDir(dataDir), 'postgres.log'), 'utf8');
    t.match(
      log,
      /database system is ready to accept connections/,
      'PostgreSQL writes its log to postgres.log',
    );

    server.child.kill('SIGTERM');
    const stopped = await server.finished;
    t.equal(stopped.code, 0, `the server stopped cleanly: ${stopped.stderr}`);
    t.equal(postmasterPid(dataDir), null, 'the last process to leave stopped PostgreSQL');
    t.same(registered(dataDir), []);
  },
);

t.test('two processes starting together on an empty folder and a taken port both work', async (t) => {
  const dataDir = path.join(base, 'together');
  // Another program holds the preferred port: both must move to the same other one.
  const foreign = net.createServer();
  const taken = await findFreePort();
  await new Promise<void>((resolve) => foreign.listen(taken, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => foreign.close(() => resolve())));

  const env = environment(dataDir, taken);
  const [first, second] = await Promise.all([
    run('cli/main.ts', ['--json', 'migrate'], env).finished,
    run('cli/main.ts', ['--json', 'migrate'], env).finished,
  ]);
  t.equal(first.code, 0, `first: ${first.stderr}`);
  t.equal(second.code, 0, `second: ${second.stderr}`);
  t.match(first.stderr + second.stderr, `port ${taken} is taken`, 'the taken port is reported');
  t.equal(postmasterPid(dataDir), null, 'PostgreSQL stopped when both had left');

  // A start that fails says where PostgreSQL's log is, and the log says why.
  appendFileSync(path.join(postgresDir(dataDir), 'cluster', 'postgresql.conf'), '\nbogus_setting = 1\n');
  const broken = await run('cli/main.ts', ['--json', 'roles', 'list'], env).finished;
  t.equal(broken.code, 1);
  const body = JSON.parse(broken.stderr.trim().split('\n').pop()!) as { message: string };
  const logFile = path.join(postgresDir(dataDir), 'postgres.log');
  t.match(body.message, logFile, 'the error names the log');
  t.match(readFileSync(logFile, 'utf8'), /bogus_setting/, 'the log holds the reason');
  t.match(body.message, /bogus_setting/, 'and the error quotes its last lines');
});
