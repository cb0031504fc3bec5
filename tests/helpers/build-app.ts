import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Db } from '../../server/db/connect.ts';
import type { UserRow } from '../../server/db/database.ts';
import { createUser, DEFAULT_PASSWORD, type UserOptions } from './factories.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { requireAuditTrail } from './audit-trail.ts';

interface Tap {
  teardown(fn: () => unknown): void;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  config: Config;
  /** Creates a user and signs them in through the API; `inject` then calls as them. */
  signIn(options?: UserOptions): Promise<SignedInUser>;
  /**
   * Creates a user with a session made directly in the database (no sign-in call, so no sign-in
   * rate limit): for tests that need many people. No refresh cookie.
   */
  sessionFor(options?: UserOptions): Promise<Omit<SignedInUser, 'refreshCookie'>>;
  /** Calls the API without credentials. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface SignedInUser {
  user: UserRow;
  accessToken: string;
  refreshCookie: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...overrides,
  });
}

/** A Backoffice app on its own fresh database, closed and dropped when the test ends. */
export async function buildTestApp(t: Tap, configOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(configOverrides);
  const app = await buildApp({ db: database.db, config, logger: false });
  await app.ready();
  t.teardown(async () => {
    await app.close();
    await database.drop();
  });

  async function signIn(options: UserOptions = {}): Promise<SignedInUser> {
    const user = await createUser(database.db, options);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    const accessToken = response.json<{ accessToken: string }>().accessToken;
    const refreshCookie = response.cookies.find((c) => c.name === 'bo_refresh')!.value;
    return {
      user,
      accessToken,
      refreshCookie,
      inject: (request) =>
        audited(
          request,
          app.inject({ ...request, headers: { authorization: `Bearer ${accessToken}`, ...request.headers } }),
        ),
    };
  }

  async function sessionFor(options: UserOptions = {}) {
    const user = await createUser(database.db, options);
    const session = await database.db
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: randomBytes(32).toString('hex'),
        expires_at: new Date(Date.now() + 3600_000),
        user_agent: null,
        ip: null,
        last_used_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accessToken = app.jwt.sign({ sub: user.id, sid: session.id });
    return {
      user,
      accessToken,
      inject: (request: InjectOptions) =>
        audited(
          request,
          app.inject({ ...request, headers: { authorization: `Bearer ${accessToken}`, ...request.headers } }),
        ),
    };
  }

  /** Every successful write through the harness must have left an audit event with its request id. */
  async function audited(request: InjectOptions, pending: Promise<LightMyRequestResponse>) {
    const response = await pending;
    await requireAuditTrail(app, database.db, request, response);
    return response;
  }

  return {
    app,
    db: database.db,
    database,
    config,
    signIn,
    sessionFor,
    inject: (request) => audited(request, app.inject(request)),
  };
}
