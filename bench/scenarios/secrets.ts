/**
 * Secrets (issue 15): unlocking and opening a secret with 20 people at once, and the cost of the
 * passcode KDF.
 *
 * - The KDF: PBKDF2-SHA256 with 600 000 rounds, as the browser runs it (same shared module, Node's
 *   WebCrypto), one derivation after another: what a person waits for on unlock.
 * - Unlock, server side: `unlockVault` (row lock, HMAC under the pepper, counter update, audit,
 *   unsealing) by 20 people at once, beside the vault row read and updated on a bare pg pool. Called
 *   at the service: the HTTP route's per-address limit (30 a minute) would refuse a load test.
 * - Opening a secret: `GET /api/secrets/:id` (membership, ciphertext, members, comments, the audited
 *   read) by 20 people at once over HTTP, beside the ciphertext read on a bare pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createContext } from '../../server/core/context.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { loadUserActor } from '../../server/domains/access/actor.service.ts';
import { unlockVault } from '../../server/domains/secrets/vault.service.ts';
import {
  createVault,
  derivePasscodeKeys,
  newItemKey,
  PASSCODE_KDF_ITERATIONS,
  sealJson,
  wrapItemKey,
} from '../../shared/crypto/vault-crypto.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'secrets';
export const description = 'vault unlock and opening a secret, 20 people at once; the passcode KDF cost';

const PEOPLE = 20;

/** `concurrency` workers calling `fn(worker)` back to back for `seconds`; latencies of every call. */
async function concurrent(
  label: string,
  seconds: number,
  concurrency: number,
  fn: (worker: number) => Promise<unknown>,
) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < until) {
        const start = performance.now();
        try {
          await fn(worker);
        } catch {
          failures += 1;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2));
  return {
    case: label,
    perSecond: Number((latencies.length / seconds).toFixed(1)),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    total: latencies.length,
    failures,
  } satisfies BenchRow;
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const database = await env.createDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    SECRETS_PEPPER: 'be0c0000000000000000000000000000000000000000000000000000000000aa',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ db: handle.db, config, logger: false });
  const direct = new pg.Pool({ connectionString: database.url, max: config.DATABASE_POOL_SIZE });
  const rows: BenchRow[] = [];
  const seconds = Math.max(3, Math.round(env.durationSeconds / 2));
  try {
    const kdf = await loopTest(
      env,
      `PBKDF2-SHA256 ${PASSCODE_KDF_ITERATIONS} rounds (the browser's unlock work, one at a time)`,
      () => derivePasscodeKeys('123456', 'c2FsdHNhbHRzYWx0c2FsdA', PASSCODE_KDF_ITERATIONS),
      seconds,
    );
    rows.push(kdf);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    env.log(`setting up ${PEOPLE} vaults with a secret each (low KDF cost for the seeding only)`);
    const people: Array<{
      user: { id: string };
      auth: Record<string, string>;
      secretId: string;
      proof: string;
      ctx: ReturnType<typeof createContext>;
    }> = [];
    for (let i = 0; i < PEOPLE; i += 1) {
      const user = await createUser(handle.db, { permissions: ['secrets.use'] });
      const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
      });
      const { accessToken } = (await signIn.json()) as { accessToken: string };
      const auth = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      const vault = await createVault('123456', 1_000);
      await fetch(`${appUrl}/api/secrets/vault`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(vault.material),
      });
      const itemKey = newItemKey();
      const created = await fetch(`${appUrl}/api/secrets`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: `SSH ${i}`,
          type: 'SSH_KEY',
          content: await sealJson(itemKey, { longText: 'k'.repeat(3000), host: 'h' }, 'content'),
          wrappedKey: await wrapItemKey(itemKey, vault.keys.publicKey),
        }),
      });
      const secretId = ((await created.json()) as { id: string }).id;
      const proof = (await derivePasscodeKeys('123456', vault.material.passcodeSalt, 1_000)).proof;
      const ctx = createContext(
        { db: handle.db, config },
        await loadUserActor(handle.db, { id: user.id, email: user.email }),
        {},
      );
      people.push({ user, auth, secretId, proof, ctx });
    }

    const unlockBaseline = await concurrent(
      `vault row locked, read and updated on bare pg (${PEOPLE} at once)`,
      seconds,
      PEOPLE,
      async (worker) => {
        const client = await direct.connect();
        try {
          await client.query('begin');
          await client.query('select * from secret_vaults where user_id = $1 for update', [
            people[worker]!.user.id,
          ]);
          await client.query(
            'update secret_vaults set failed_attempts = 0, updated_at = now() where user_id = $1',
            [people[worker]!.user.id],
          );
          await client.query('commit');
        } finally {
          client.release();
        }
      },
    );
    const unlock = await concurrent(
      `unlockVault: proof check, counter, audit (${PEOPLE} at once)`,
      seconds,
      PEOPLE,
      (worker) => unlockVault(people[worker]!.ctx, { passcodeProof: people[worker]!.proof }),
    );
    rows.push(unlockBaseline, compare(unlock, unlockBaseline));

    const openBaseline = await concurrent(
      `secret ciphertext read on bare pg (${PEOPLE} at once)`,
      seconds,
      PEOPLE,
      (worker) => direct.query('select content from secrets where id = $1', [people[worker]!.secretId]),
    );
    const open = await concurrent(
      `GET /api/secrets/:id, audited (${PEOPLE} at once)`,
      seconds,
      PEOPLE,
      async (worker) => {
        const response = await fetch(`${appUrl}/api/secrets/${people[worker]!.secretId}`, {
          headers: people[worker]!.auth,
        });
        if (response.status !== 200) throw new Error(String(response.status));
        await response.arrayBuffer();
      },
    );
    rows.push(openBaseline, compare(open, openBaseline));
  } finally {
    await app.close();
    await direct.end();
    await handle.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
