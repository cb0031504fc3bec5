/**
 * Authenticated API throughput through one server replica and through two, on the same machine and
 * the same PostgreSQL. The replicas are real processes started as `npm start` starts them
 * (server/main.ts, tests/helpers/cli-process.ts); the load generator (autocannon, in worker threads
 * of this process) sends all its connections to replica A, then half to A and half to B at once.
 *
 * On a machine with few cores this does not show a speed-up: the two replicas, PostgreSQL and the
 * load generator share the same cores, so the ratio (two ÷ one) measures what a second replica
 * costs (a second event loop, pool and listener competing for the CPU), not what it adds on a host
 * of its own. Near 1 means the overhead is small. Both cases run in turns (see loadTestsInTurns).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { compare, loadTest, type BenchEnv, type BenchRow } from './lib.ts';

// Part of the `scale` scenario (bench/scenarios/scale.ts), which runs it after its storage cases.

const ADMIN = { email: 'bench-replicas@example.com', password: 'Bench-Replicas-Passw0rd!' };
const ROUNDS = 3;
const ROUTE = '/api/departments?perPage=20';

function startReplica(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  return startServerProcess(databaseUrl, dataDir, {
    JWT_SECRET: 'bench-replicas-secret-that-is-long-enough-for-hs256',
    BACKOFFICE_ADMIN_EMAIL: ADMIN.email,
    BACKOFFICE_ADMIN_PASSWORD: ADMIN.password,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runReplicaThroughput(env: BenchEnv): Promise<BenchRow[]> {
  const database = await env.createDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-replicas-'));
  const replicas: ServerProcess[] = [];
  try {
    env.log('starting two replicas');
    const a = await startReplica(database.url, dataDir);
    replicas.push(a);
    const b = await startReplica(database.url, dataDir);
    replicas.push(b);
    const signIn = await fetch(`${a.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    for (let i = 0; i < 20; i++) {
      await fetch(`${a.url}/api/departments`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench department ${i}` }),
      });
    }

    const seconds = Math.max(1, Math.round(env.durationSeconds / ROUNDS));
    const half = {
      ...env,
      durationSeconds: seconds,
      connections: Math.max(1, Math.floor(env.connections / 2)),
    };
    const one: BenchRow[] = [];
    const two: BenchRow[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const quiet = round === 0 ? env.log : () => {};
      one.push(
        await loadTest({ ...env, durationSeconds: seconds, log: quiet }, 'one', `${a.url}${ROUTE}`, headers),
      );
      // Half of the connections to each replica at the same time: their sum is the deployment's.
      const [onA, onB] = await Promise.all([
        loadTest({ ...half, log: quiet }, 'two: A', `${a.url}${ROUTE}`, headers),
        loadTest({ ...half, log: quiet }, 'two: B', `${b.url}${ROUTE}`, headers),
      ]);
      two.push({
        case: 'two',
        perSecond: onA.perSecond + onB.perSecond,
        p50Ms: Math.max(onA.p50Ms, onB.p50Ms),
        p99Ms: Math.max(onA.p99Ms, onB.p99Ms),
        total: onA.total + onB.total,
        failures: onA.failures + onB.failures,
      });
    }
    const summary = (label: string, rows: BenchRow[]): BenchRow => ({
      case: label,
      perSecond: Number(median(rows.map((row) => row.perSecond)).toFixed(1)),
      p50Ms: median(rows.map((row) => row.p50Ms)),
      p99Ms: median(rows.map((row) => row.p99Ms)),
      total: rows.reduce((sum, row) => sum + row.total, 0),
      failures: rows.reduce((sum, row) => sum + row.failures, 0),
    });
    const baseline = summary(`GET ${ROUTE} through one replica (${env.connections} connections)`, one);
    const both = summary(`GET ${ROUTE} through two replicas (${half.connections} connections each)`, two);
    return [baseline, compare(both, baseline)];
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
