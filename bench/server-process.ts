/**
 * The server as `npm start` runs it, in a process of its own (server/main.ts), for the cases that
 * must see it apart from the load generator: two replicas side by side (replica-throughput.ts) and
 * the server's own resident memory under load (the foundation scenario).
 */
import { readFileSync } from 'node:fs';
import { findFreePort } from '../server/db/embedded.ts';
import { spawnEntry, waitFor, type Spawned } from '../tests/helpers/cli-process.ts';

export interface ServerProcess {
  spawned: Spawned;
  url: string;
  /** Stops it (SIGTERM, as a deployment does) and waits until it has ended. */
  stop(): Promise<void>;
}

export async function startServerProcess(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await findFreePort();
  const spawned = spawnEntry('server/main.ts', [], {
    DATABASE_URL: databaseUrl,
    // `test` by default: no UI build at start; the API runs the same code as in production.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    RUN_WORKER: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-server-secret-that-is-long-enough-for-hs256',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `the server on port ${port}`,
    async () => {
      if (spawned.child.exitCode !== null) throw new Error(`the server ended: ${spawned.output().stderr}`);
      return (await fetch(`${url}/readyz`).catch(() => null))?.status === 200;
    },
    180_000,
    250,
  );
  return {
    spawned,
    url,
    stop: async () => {
      spawned.child.kill('SIGTERM');
      await spawned.finished;
    },
  };
}

/**
 * A process's resident memory in bytes, read from /proc (Linux); undefined elsewhere or once it
 * ended. Sampled during a load test, it is the server's own memory, without the load generator's.
 */
export function processRss(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
