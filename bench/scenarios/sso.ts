/**
 * Single sign-on (issue 14): Backoffice's OpenID provider (oidc-provider on its PostgreSQL adapter,
 * mounted in the app) beside **the same provider configuration** (`buildProvider`, the same account
 * and access lookup in PostgreSQL per call) with oidc-provider's in-memory storage, mounted the same
 * way (`mountOidcProvider`) on a bare Fastify instance — so the two differ by the storage and by the
 * app's global hooks (request id, rate limiting, helmet) — in the same run, measured in turns:
 *
 * - the token endpoint exchanging authorization codes (code + PKCE, client_secret_basic): codes are
 *   made beforehand through each provider's own models (grant + code), then exchanged by
 *   `BENCH_CONNECTIONS` concurrent callers for the run's duration;
 * - userinfo with a bearer access token, under autocannon.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type Provider from 'oidc-provider';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { buildProvider, oidcProvider } from '../../server/domains/sso/oidc-provider.ts';
import { mountOidcProvider } from '../../server/domains/sso/oidc.routes.ts';
import { createUser } from '../../tests/helpers/factories.ts';
import { compare, loadTestsInTurns, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'sso';
export const description =
  'OpenID provider: token endpoint (code exchange) and userinfo, PostgreSQL adapter vs memory';

const REDIRECT = 'http://127.0.0.1:9/callback';
const SCOPE = 'openid email profile';

interface Target {
  provider: Provider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  accountId: string;
}

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

/** Codes made through the provider's models (what the authorization endpoint would store). */
async function makeCodes(target: Target, count: number): Promise<string[]> {
  const { provider } = target;
  const models = provider as unknown as {
    Grant: new (v: object) => { addOIDCScope(s: string): void; save(): Promise<string> };
    AuthorizationCode: new (v: object) => { save(): Promise<string> };
  };
  const codes: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async () => {
        const grant = new models.Grant({ accountId: target.accountId, clientId: target.clientId });
        grant.addOIDCScope(SCOPE);
        const grantId = await grant.save();
        return new models.AuthorizationCode({
          accountId: target.accountId,
          clientId: target.clientId,
          grantId,
          scope: SCOPE,
          redirectUri: REDIRECT,
          codeChallenge: challenge,
          codeChallengeMethod: 'S256',
          authTime: Math.floor(Date.now() / 1000),
        }).save();
      }),
    );
    codes.push(...batch);
  }
  return codes;
}

async function exchange(target: Target, code: string): Promise<{ ok: boolean; accessToken?: string }> {
  const response = await fetch(`${target.issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${target.clientId}:${target.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  return { ok: response.ok, accessToken: body.access_token };
}

/**
 * Exchanges codes with `connections` concurrent callers for `durationSeconds` of exchanging: rounds
 * of fresh codes (made untimed, and few enough for the memory adapter's LRU to keep) are exchanged
 * concurrently, and only the exchanges count.
 */
async function tokenLoad(env: BenchEnv, label: string, target: Target): Promise<BenchRow> {
  env.log(`${label}: ${env.durationSeconds}s of exchanges, ${env.connections} concurrent callers`);
  const samples: number[] = [];
  let failures = 0;
  let timed = 0;
  while (timed < env.durationSeconds * 1000) {
    const codes = await makeCodes(target, 100);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: env.connections }, async () => {
        for (let code = codes.pop(); code; code = codes.pop()) {
          const begin = performance.now();
          const result = await exchange(target, code).catch(() => ({ ok: false }));
          if (!result.ok) failures++;
          samples.push(performance.now() - begin);
        }
      }),
    );
    timed += performance.now() - started;
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Number((samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0).toFixed(2));
  return {
    case: label,
    perSecond: Number((samples.length / (timed / 1000)).toFixed(1)),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    total: samples.length,
    failures,
  };
}

/** Cases measured in turns: each round runs each case once; the median round is kept. */
async function tokenLoadsInTurns(
  env: BenchEnv,
  cases: { label: string; target: Target }[],
  rounds = 5,
): Promise<BenchRow[]> {
  const seconds = Math.max(1, Math.round(env.durationSeconds / rounds));
  const turns: BenchRow[][] = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, { label, target }] of cases.entries()) {
      const turnEnv = { ...env, durationSeconds: seconds, log: round === 0 ? env.log : () => {} };
      turns[index]!.push(await tokenLoad(turnEnv, label, target));
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return cases.map(({ label }, index) => {
    const rows = turns[index]!;
    return {
      case: label,
      perSecond: median(rows.map((row) => row.perSecond)),
      p50Ms: median(rows.map((row) => row.p50Ms)),
      p99Ms: median(rows.map((row) => row.p99Ms)),
      total: rows.reduce((sum, row) => sum + row.total, 0),
      failures: rows.reduce((sum, row) => sum + row.failures, 0),
    };
  });
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const database = await env.createDatabase();
  const appPort = 39000 + Math.floor(Math.random() * 500);
  const configEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(appPort),
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    CONNECTIONS_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_PER_MINUTE: '1000000000',
  };
  const config = loadConfig(configEnv);
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ db: handle.db, config, logger: false });
  let bare: FastifyInstance | undefined;
  const rows: BenchRow[] = [];
  try {
    await app.listen({ port: appPort, host: '127.0.0.1' });
    const person = await createUser(handle.db, {
      email: 'bench-sso@example.com',
      firstName: 'Bench',
      lastName: 'Person',
    });
    const manager = await createUser(handle.db, { permissions: ['sso.manage'] });
    const token = app.jwt.sign({ sub: manager.id, sid: await sessionFor(handle.db, manager.id) });
    const created = await fetch(`${config.publicUrl}/api/sso-connections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Bench app',
        url: 'http://127.0.0.1:9/',
        callbackUrl: REDIRECT,
        redirectUris: [REDIRECT],
        postLogoutRedirectUris: [],
        clientType: 'CONFIDENTIAL',
        responseTypes: ['code'],
        grantTypes: ['authorization_code', 'refresh_token'],
        groups: [{ name: 'Bench', memberIds: [person.id] }],
        memberIds: [person.id],
      }),
    });
    if (created.status !== 201) throw new Error(`register the bench app: ${await created.text()}`);
    const connection = (await created.json()) as { clientId: string; clientSecret: string };
    const postgres: Target = {
      provider: await oidcProvider(handle.db, config),
      issuer: `${config.publicUrl}/oidc`,
      clientId: connection.clientId,
      clientSecret: connection.clientSecret,
      accountId: person.id,
    };

    // The baseline: the same configuration and mount, oidc-provider's in-memory storage.
    const barePort = appPort + 1;
    const bareConfig = loadConfig({
      ...configEnv,
      PORT: String(barePort),
      PUBLIC_URL: `http://127.0.0.1:${barePort}`,
    });
    const memory: Target = {
      provider: await buildProvider(handle.db, bareConfig, {
        clients: [
          {
            client_id: connection.clientId,
            client_secret: connection.clientSecret,
            redirect_uris: [REDIRECT],
            post_logout_redirect_uris: [],
            response_types: ['code'],
            grant_types: ['authorization_code', 'refresh_token'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
      }),
      issuer: `${bareConfig.publicUrl}/oidc`,
      clientId: connection.clientId,
      clientSecret: connection.clientSecret,
      accountId: person.id,
    };
    bare = Fastify({ logger: false });
    await mountOidcProvider(bare, async () => memory.provider, { https: false });
    await bare.listen({ port: barePort, host: '127.0.0.1' });

    // A provider in service: some thousands of tokens already stored, and the table analyzed
    // (see below), so the measured plans are those of a running provider, not of an empty table.
    env.log('warming up: 2,000 untimed exchanges on each provider');
    for (const target of [memory, postgres]) {
      for (let round = 0; round < 10; round++) {
        const codes = await makeCodes(target, 200);
        await Promise.all(
          Array.from({ length: env.connections }, async () => {
            for (let code = codes.pop(); code; code = codes.pop()) await exchange(target, code);
          }),
        );
      }
    }
    await sql`vacuum analyze oidc_payloads`.execute(handle.db);

    const [memoryToken, pgToken] = await tokenLoadsInTurns(env, [
      { label: 'POST /oidc/token code exchange (same provider, memory storage)', target: memory },
      { label: 'POST /oidc/token code exchange (app, PostgreSQL adapter)', target: postgres },
    ]);
    rows.push(memoryToken!, compare(pgToken!, memoryToken!));

    const [pgAccess, memoryAccess] = await Promise.all([
      makeCodes(postgres, 1).then(([code]) => exchange(postgres, code!)),
      makeCodes(memory, 1).then(([code]) => exchange(memory, code!)),
    ]);
    // The exchanges grew oidc_payloads by thousands of rows within seconds, faster than autovacuum
    // notices: the plans each pooled connection cached for its named statements were made on a far
    // smaller table (sequential scans), and stay until the table is analyzed. A running provider's
    // table has its statistics (measured: userinfo 0.30-0.40x without this, 0.77x with it).
    await sql`vacuum analyze oidc_payloads`.execute(handle.db);
    const [memoryInfo, pgInfo] = await loadTestsInTurns(env, [
      {
        label: 'GET /oidc/me userinfo (same provider, memory storage)',
        url: `${memory.issuer}/me`,
        headers: { authorization: `Bearer ${memoryAccess.accessToken}` },
      },
      {
        label: 'GET /oidc/me userinfo (app, PostgreSQL adapter)',
        url: `${postgres.issuer}/me`,
        headers: { authorization: `Bearer ${pgAccess.accessToken}` },
      },
    ]);
    rows.push(memoryInfo!, compare(pgInfo!, memoryInfo!));
  } finally {
    await app.close();
    await bare?.close();
    await handle.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** A session row for the manager who registers the app (the bench calls the real API). */
async function sessionFor(db: ReturnType<typeof connectDatabase>['db'], userId: string): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: randomBytes(32).toString('hex'),
      expires_at: new Date(Date.now() + 3600_000),
      user_agent: null,
      ip: null,
      last_used_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
