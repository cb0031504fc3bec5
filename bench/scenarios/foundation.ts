/**
 * The platform's two hottest paths, each beside a baseline measured in the same run:
 * (a) an authenticated `GET /api/user-roles/me` (JWT check, rate limit, roles from PostgreSQL)
 *     beside a bare Fastify route on its own pg pool (the app's pool size) that runs the same SQL
 *     statement and answers the same JSON — once sent unnamed (plain), once named (prepared, the
 *     best practice) — and beside the same route without the database (what HTTP alone costs);
 * (b) the server render of the shell page `GET /` for a signed-in person (session and roles from
 *     PostgreSQL, streamed React render) beside rendering the same React tree with renderToString.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query';
import Fastify from 'fastify';
import pg from 'pg';
import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { sessionKeys } from '../../client/api/session.ts';
import { App, createQueryClient } from '../../client/App.tsx';
import { buildRoutes } from '../../client/routes.tsx';
import type { Bootstrap, Session } from '../../client/bootstrap.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { readBuiltAssets } from '../../server/plugins/ssr.ts';
import { LIVE_SESSION_WITH_GRANTS } from '../../server/domains/access/request-actor.repository.ts';
import { createI18n } from '../../shared/i18n/index.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import {
  compare,
  loadTest,
  loadTestsInTurns,
  loopTest,
  type BenchEnv,
  type BenchRow,
  type LoadCase,
} from '../lib.ts';
import { processRss, startServerProcess } from '../server-process.ts';

export const name = 'foundation';
export const description = 'authenticated API call and server-rendered shell, each beside its baseline';

function addressOf(server: { server: { address(): unknown } }): string {
  const address = server.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The route table's handler and the context of `/` (no loaders: the same for every render). */
async function shellRouting() {
  const handler = createStaticHandler(buildRoutes('production'));
  const context = (await handler.query(new Request('http://localhost/'))) as StaticHandlerContext;
  return { handler, context };
}

/** The shell page's React tree, built as entry-server.tsx builds it for each request. */
function renderShell(
  session: Session,
  routing: Awaited<ReturnType<typeof shellRouting>>,
  pageData: DehydratedState,
): string {
  const queryClient = createQueryClient();
  // The same data the app's page carries (its employee list, counts, options), loaded beforehand.
  hydrate(queryClient, pageData);
  queryClient.setQueryData(sessionKeys.session, session);
  const bootstrap: Bootstrap = {
    language: 'en',
    environment: 'production',
    signedIn: true,
    dehydratedState: dehydrate(queryClient),
  };
  return renderToString(
    createElement(
      StrictMode,
      null,
      createElement(
        App,
        { bootstrap, queryClient, i18n: createI18n('en') },
        createElement(StaticRouterProvider, {
          router: createStaticRouter(routing.handler.dataRoutes, routing.context),
          context: routing.context,
          hydrate: false,
        }),
      ),
    ),
  );
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  if (!readBuiltAssets()) env.log('the UI is not built (npm run build): pages render without script tags');
  const database = await env.createDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    // The limiter still runs on every request (its cost is part of the measure), but never refuses.
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const app = await buildApp({ db: database.db, config, logger: false });
  const baseline = Fastify({ logger: false });
  const baselinePool = new pg.Pool({ connectionString: database.url, max: config.DATABASE_POOL_SIZE });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = addressOf(app);

    const admin = await createUser(database.db, { builtInRoles: ['admin'] });
    // A company's worth of people, so the first page of the employee list is a full page of 20.
    await database.db
      .insertInto('users')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `person${i}@bench.example`,
          first_name: `Given${i}`,
          last_name: 'Nguyễn Văn',
          status: 'ACTIVE' as const,
        })),
      )
      .execute();
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: DEFAULT_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const refreshCookie = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith('bo_refresh='));
    if (!refreshCookie) throw new Error('sign-in set no refresh cookie');
    const cookie = refreshCookie.split(';')[0]!;
    const bearer = { authorization: `Bearer ${accessToken}` };

    // (a) The same JSON from bare Fastify routes: without the database (HTTP and serialization
    // alone), then with the same statement the app runs for the same session, unnamed and named.
    const roles = await getJson<Record<string, unknown>>(`${appUrl}/api/user-roles/me`, bearer);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    const values = [claims.sid as string, claims.sub as string];
    const answer = (rows: unknown[]) => {
      if (rows.length !== 1) throw new Error('the baseline found no live session');
      return roles;
    };
    baseline.get('/no-database', async () => roles);
    baseline.get('/plain', async () =>
      answer((await baselinePool.query(LIVE_SESSION_WITH_GRANTS, values)).rows),
    );
    baseline.get('/prepared', async () =>
      answer((await baselinePool.query({ name: 'baseline', text: LIVE_SESSION_WITH_GRANTS, values })).rows),
    );
    await baseline.listen({ host: '127.0.0.1', port: 0 });
    const baselineUrl = addressOf(baseline);
    // Measured in turns, so a machine busy with something else slows every case alike.
    const [bareApi, plainApi, preparedApi, api] = (await loadTestsInTurns(env, [
      { label: 'same JSON, bare Fastify, no database', url: `${baselineUrl}/no-database` },
      { label: 'same JSON + same SQL, bare Fastify + pg (plain)', url: `${baselineUrl}/plain` },
      { label: 'same JSON + same SQL, bare Fastify + pg (prepared)', url: `${baselineUrl}/prepared` },
      { label: 'GET /api/user-roles/me (app)', url: `${appUrl}/api/user-roles/me`, headers: bearer },
    ])) as [BenchRow, BenchRow, BenchRow, BenchRow];

    // (b) The shell page. A first request proves the session works and loads the lazy screens.
    const page = await fetch(`${appUrl}/`, { headers: { cookie }, redirect: 'manual' });
    const html = await page.text();
    if (page.status !== 200 || !html.includes('Employee management')) {
      throw new Error(`GET / did not render the shell (status ${page.status})`);
    }
    const ssr = await loadTest(env, 'GET / shell page (app, streamed)', `${appUrl}/`, { cookie });

    const user = await getJson<Session['user']>(`${appUrl}/api/auth/me`, bearer);
    const session: Session = {
      user,
      permissions: roles.permissions as string[],
      projectPermissions: roles.projectPermissions as Record<string, string[]>,
    };
    // The page's own data, from its bootstrap: the baseline renders the very same page, with it.
    const bootstrapJson = /<script type="application\/json" id="bo-bootstrap">(.*?)<\/script>/s.exec(
      html,
    )?.[1];
    if (!bootstrapJson) throw new Error('the page carries no bootstrap');
    const pageData = (JSON.parse(bootstrapJson) as Bootstrap).dehydratedState;
    const routing = await shellRouting();
    if (!renderShell(session, routing, pageData).includes('Employee management')) {
      throw new Error('renderToString did not render the shell');
    }
    const toString = await loopTest(
      env,
      'the same page with the same data, renderToString (no HTTP, no database)',
      () => renderShell(session, routing, pageData),
    );

    // (c) The server as `npm start` runs it, in its own process: its resident memory under the same
    // two loads, round after round (flat when nothing leaks), without the load generator's.
    const own = await startServerProcess(database.url, dataDir, {
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    });
    let ownRows: BenchRow[];
    try {
      const pid = own.spawned.child.pid!;
      const idleMiB = Math.round((processRss(pid) ?? 0) / 1024 / 1024);
      const ownSignIn = await fetch(`${own.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: DEFAULT_PASSWORD }),
      });
      if (!ownSignIn.ok) throw new Error(`sign-in on the server process failed: ${ownSignIn.status}`);
      const ownToken = ((await ownSignIn.json()) as { accessToken: string }).accessToken;
      const ownCookie = ownSignIn.headers
        .getSetCookie()
        .find((c) => c.startsWith('bo_refresh='))!
        .split(';')[0]!;
      env.log(`the server in its own process: ${idleMiB} MiB resident after start`);
      const ownCases: LoadCase[] = [
        {
          label: 'GET /api/user-roles/me (server in its own process)',
          url: `${own.url}/api/user-roles/me`,
          headers: { authorization: `Bearer ${ownToken}` },
          rssPid: pid,
        },
        {
          label: 'GET / shell page (server in its own process)',
          url: `${own.url}/`,
          headers: { cookie: ownCookie },
          rssPid: pid,
        },
      ];
      // Its heap grows over the first seconds of load (measured: 390 MiB after start, 520 after
      // about 12 s, then flat): a warm-up first, so the rounds show whether it keeps growing.
      for (const loadCase of ownCases) {
        await loadTest({ ...env, log: () => {} }, loadCase.label, loadCase.url, loadCase.headers);
      }
      ownRows = await loadTestsInTurns(env, ownCases);
    } finally {
      await own.stop();
    }

    return [
      ...ownRows,
      bareApi,
      plainApi,
      preparedApi,
      compare(api, plainApi),
      compare({ ...api, case: `${api.case} vs prepared` }, preparedApi),
      compare({ ...api, case: `${api.case} vs no database` }, bareApi),
      toString,
      compare(ssr, toString),
    ];
  } finally {
    await baseline.close();
    await baselinePool.end();
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
