/**
 * Live notifications: the time from a commit to its delivery on 1,000 connected websockets, through
 * one server process and through two, beside raw PostgreSQL NOTIFY round-trips in the same run; and
 * the server's memory per connection.
 *
 * The servers run as child processes (this file, started with BENCH_NOTIFICATIONS_SERVE); the clients
 * (Node's WebSocket) and the committing code run in the benchmark process, so commit and delivery
 * are timed on one clock. Everything is on 127.0.0.1 and every phase is bounded in time.
 * Knob: BENCH_REALTIME_CLIENTS (default 1000).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { connectDatabase, type Db } from '../../server/db/connect.ts';
import { notify } from '../../server/domains/notifications/notifications.service.ts';
import { userRoom } from '../../shared/realtime.schemas.ts';
import { compare, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'notifications';
export const description =
  'commit-to-delivery on 1,000 websockets (one and two server processes) beside raw NOTIFY round-trips';

const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const FANOUT_ROUNDS = 5;
const PHASE_SECONDS_MAX = 10;

function benchConfig(dataDir: string): Config {
  return loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    // A thousand upgrades from one address in a few seconds: the limiter must not refuse them.
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
}

// ─── the server process ─────────────────────────────────────────────────────────────────────────

/** Child mode: one Backoffice server on the database, reporting its port and memory over IPC. */
async function serve(databaseUrl: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const handle = connectDatabase(databaseUrl, 10);
  const app = await buildApp({ db: handle.db, config: benchConfig(dataDir), logger: false, databaseUrl });
  await app.listen({ host: '127.0.0.1', port: 0 });
  await app.realtime.listener?.waitUntilListening();
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'memory') {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      gc?.();
      process.send!({ type: 'memory', usage: process.memoryUsage(), connections: app.realtime.hub.size });
    } else if (message.type === 'stop') {
      await app.close();
      await handle.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', port: (app.server.address() as { port: number }).port });
}

if (process.env.BENCH_NOTIFICATIONS_SERVE) await serve(process.env.BENCH_NOTIFICATIONS_SERVE);

interface ServerProcess {
  port: number;
  memory(): Promise<{ usage: NodeJS.MemoryUsage; connections: number }>;
  stop(): Promise<void>;
}

function startServer(databaseUrl: string): Promise<ServerProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, BENCH_NOTIFICATIONS_SERVE: databaseUrl, NODE_OPTIONS: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string } & T) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return next<{ port: number }>('ready').then(({ port }) => ({
    port,
    async memory() {
      child.send({ type: 'memory' });
      return next<{ usage: NodeJS.MemoryUsage; connections: number }>('memory');
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  }));
}

// ─── people, tokens and clients ─────────────────────────────────────────────────────────────────

/** An HS256 access token as the server signs them ({sub, sid}), valid for an hour. */
function accessToken(sub: string, sid: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, sid, iat: now, exp: now + 3600 })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

/** `count` active people, each with a live session and an access token. */
async function seedPeople(db: Db, count: number) {
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-${i}-${randomBytes(3).toString('hex')}@example.com`,
        first_name: 'Bench',
        last_name: String(i),
        status: 'ACTIVE' as const,
        password_hash: null,
        password_changed_at: new Date(),
      })),
    )
    .returning('id')
    .execute();
  const sessions = await db
    .insertInto('sessions')
    .values(
      users.map((user) => ({
        user_id: user.id,
        token_hash: randomBytes(16).toString('hex'),
        expires_at: new Date(Date.now() + 86_400_000),
        user_agent: 'bench',
        ip: '127.0.0.1',
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  return sessions.map((s) => ({ userId: s.user_id, token: accessToken(s.user_id, s.id) }));
}

interface Clients {
  /** Resolves with the arrival time of notification `id` (each one has a single recipient). */
  arrival(id: string): Promise<number>;
  close(): void;
}

/** Opens one websocket per person, spread over the servers, each joined to its person's room. */
async function connectClients(
  people: Array<{ userId: string; token: string }>,
  ports: number[],
): Promise<Clients> {
  const waiting = new Map<string, (at: number) => void>();
  const early = new Map<string, number>();
  const sockets: WebSocket[] = [];
  const BATCH = 100;
  for (let i = 0; i < people.length; i += BATCH) {
    await Promise.all(
      people.slice(i, i + BATCH).map(
        ({ userId, token }, j) =>
          new Promise<void>((resolve, reject) => {
            const port = ports[(i + j) % ports.length];
            const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime?token=${token}`);
            sockets.push(socket);
            const timer = setTimeout(() => reject(new Error('a client did not join in 30 s')), 30_000);
            socket.onerror = () => reject(new Error('a client could not connect'));
            socket.onopen = () =>
              socket.send(JSON.stringify({ event: 'join-room', data: { room: userRoom(userId) } }));
            socket.onmessage = (message) => {
              const at = performance.now();
              const parsed = JSON.parse(String(message.data)) as { event: string; data: { id?: string } };
              if (parsed.event === 'room-joined') {
                clearTimeout(timer);
                resolve();
              } else if (parsed.event === 'activity-notification' && parsed.data.id) {
                const key = parsed.data.id;
                const wake = waiting.get(key);
                if (wake) {
                  waiting.delete(key);
                  wake(at);
                } else early.set(key, at);
              }
            };
          }),
      ),
    );
  }
  return {
    arrival(key) {
      const at = early.get(key);
      if (at !== undefined) {
        early.delete(key);
        return Promise.resolve(at);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('a push did not arrive in 30 s')), 30_000);
        waiting.set(key, (value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
    close() {
      for (const socket of sockets) socket.close();
    },
  };
}

// ─── measuring ──────────────────────────────────────────────────────────────────────────────────

function row(label: string, samples: number[], seconds: number, failures = 0): BenchRow {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    case: label,
    perSecond: Number((samples.length / seconds).toFixed(1)),
    p50Ms: Number(at(0.5).toFixed(3)),
    p99Ms: Number(at(0.99).toFixed(3)),
    total: samples.length,
    failures,
  };
}

/** Baseline: BEGIN; pg_notify; COMMIT on one connection, received by a LISTEN on another. */
async function rawNotifyRoundTrips(env: BenchEnv, url: string, seconds: number): Promise<BenchRow> {
  env.log(`raw NOTIFY round-trips: ${seconds}s`);
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await Promise.all([listener.connect(), sender.connect()]);
  try {
    await listener.query('listen bench_round_trip');
    let wake: ((at: number) => void) | null = null;
    listener.on('notification', () => wake?.(performance.now()));
    const samples: number[] = [];
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      const arrived = new Promise<number>((resolve) => (wake = resolve));
      await sender.query('begin');
      await sender.query(`select pg_notify('bench_round_trip', $1)`, [String(samples.length)]);
      const committing = performance.now();
      await sender.query('commit');
      samples.push((await arrived) - committing);
    }
    return row('raw NOTIFY round-trip (baseline)', samples, (performance.now() - started) / 1000);
  } finally {
    await Promise.all([listener.end(), sender.end()]);
  }
}

/** One notification at a time, each to a random person: commit to arrival at their socket. */
async function singlePushes(
  env: BenchEnv,
  label: string,
  db: Db,
  config: Config,
  people: Array<{ userId: string }>,
  clients: Clients,
  seconds: number,
): Promise<BenchRow> {
  env.log(`${label}: ${seconds}s`);
  const ctx = createContext({ db, config }, SYSTEM_ACTOR);
  const samples: number[] = [];
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const person = people[Math.floor(Math.random() * people.length)]!;
    let committing = 0;
    const [id] = await db.transaction().execute(async (trx) => {
      const ids = await notify({ ...ctx, db: trx, inTransaction: true }, [person.userId], 'ANNOUNCEMENT', {
        actor: null,
        message: 'bench',
      });
      committing = performance.now();
      return ids;
    });
    samples.push((await clients.arrival(id!)) - committing);
  }
  return row(label, samples, (performance.now() - started) / 1000);
}

/** An announcement to everyone in one commit: commit to arrival at each of the sockets. */
async function fanOut(
  env: BenchEnv,
  label: string,
  db: Db,
  config: Config,
  people: Array<{ userId: string }>,
  clients: Clients,
): Promise<BenchRow> {
  env.log(`${label}: ${FANOUT_ROUNDS} rounds`);
  const ctx = createContext({ db, config }, SYSTEM_ACTOR);
  const samples: number[] = [];
  const started = performance.now();
  for (let round = 0; round < FANOUT_ROUNDS; round++) {
    let committing = 0;
    const ids = await db.transaction().execute(async (trx) => {
      const rows = await notify(
        { ...ctx, db: trx, inTransaction: true },
        people.map((p) => p.userId),
        'ANNOUNCEMENT',
        { actor: null, message: `round ${round}` },
      );
      committing = performance.now();
      return rows;
    });
    const arrivals = await Promise.all(ids.map((id) => clients.arrival(id)));
    samples.push(...arrivals.map((at) => at - committing));
  }
  return row(label, samples, (performance.now() - started) / 1000);
}

async function perConnection(
  env: BenchEnv,
  servers: ServerProcess[],
  connect: () => Promise<Clients>,
): Promise<{ clients: Clients; bytes: number }> {
  const before = await Promise.all(servers.map((s) => s.memory()));
  const clients = await connect();
  const after = await Promise.all(servers.map((s) => s.memory()));
  const connections = after.reduce((sum, m) => sum + m.connections, 0);
  const grown = after.reduce((sum, m, i) => sum + (m.usage.rss - before[i]!.usage.rss), 0);
  const heap = after.reduce((sum, m, i) => sum + (m.usage.heapUsed - before[i]!.usage.heapUsed), 0);
  env.log(
    `${connections} connections: server RSS +${(grown / 1024 / 1024).toFixed(1)} MiB ` +
      `(${(grown / connections / 1024).toFixed(1)} KiB each), JS heap ${(heap / connections / 1024).toFixed(1)} KiB each`,
  );
  return { clients, bytes: grown / connections };
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const count = Number(process.env.BENCH_REALTIME_CLIENTS ?? 1000);
  const seconds = Math.min(env.durationSeconds, PHASE_SECONDS_MAX);
  const database = await env.createDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const config = benchConfig(dataDir);
  const servers: ServerProcess[] = [];
  let clients: Clients | null = null;
  try {
    const people = await seedPeople(database.db, count);
    await sql`analyze`.execute(database.db);
    const baseline = await rawNotifyRoundTrips(env, database.url, seconds);
    const rows: BenchRow[] = [baseline];

    for (const processes of [1, 2]) {
      for (let i = 0; i < processes; i++) servers.push(await startServer(database.url));
      const ports = servers.map((s) => s.port);
      const where = processes === 1 ? '1 server' : '2 server processes';
      const measured = await perConnection(env, servers, () => connectClients(people, ports));
      clients = measured.clients;
      const kib = (measured.bytes / 1024).toFixed(1);
      rows.push(
        compare(
          await singlePushes(
            env,
            `one push, ${count} clients, ${where} (${kib} KiB/conn)`,
            database.db,
            config,
            people,
            clients,
            seconds,
          ),
          baseline,
        ),
      );
      rows.push(
        compare(
          await fanOut(env, `announcement to all ${count}, ${where}`, database.db, config, people, clients),
          baseline,
        ),
      );
      clients.close();
      clients = null;
      await Promise.all(servers.splice(0).map((s) => s.stop()));
    }
    return rows;
  } finally {
    clients?.close();
    await Promise.all(servers.map((s) => s.stop().catch(() => {})));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
