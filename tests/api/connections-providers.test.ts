import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { connectionState, syncNow } from '../helpers/connection-factories.ts';
import { createUser } from '../helpers/factories.ts';
import {
  startProviderTestServer,
  type FakeProvider,
  type ProviderTestServer,
} from '../helpers/provider-test-servers.ts';

/**
 * GitHub, GitLab, Discord, Slack, Outline and Figma through the API, each with its real client
 * library against its local server (tests/helpers/provider-test-servers.ts): a refused token is
 * never kept, a sync reads every page, twice changes nothing, keeps our notes and assignees, marks
 * what is gone upstream as removed; 401, 429 (with Retry-After) and a provider that hangs each
 * leave the last good data, stale, with the reason.
 */

const admin = (app: TestApp) => app.signIn({ permissions: ['connections.manage'] });

/** Each provider's members list (where failures are injected) and a count past one page. */
const CASES: Record<FakeProvider, { members: string; count: number; repos: number; channels: number }> = {
  GITHUB: { members: 'GET /orgs/acme/members', count: 130, repos: 120, channels: 0 },
  GITLAB: { members: 'GET /members/all', count: 130, repos: 110, channels: 0 },
  DISCORD: { members: 'GET /members', count: 1005, repos: 0, channels: 6 },
  SLACK: { members: 'POST /users.list', count: 250, repos: 0, channels: 0 },
  OUTLINE: { members: 'POST /users.list', count: 130, repos: 0, channels: 0 },
  FIGMA: { members: 'GET /members', count: 130, repos: 0, channels: 0 },
};

async function serverFor(t: { teardown(fn: () => unknown): void }, provider: FakeProvider) {
  const server = await startProviderTestServer(provider);
  t.teardown(() => server.close());
  return server;
}

const body = (server: ProviderTestServer, extra: object = {}) => ({
  name: `Acme ${server.provider}`,
  provider: server.provider,
  baseUrl: server.baseUrl,
  path: server.path,
  apiToken: server.token,
  ...extra,
});

async function synced(app: TestApp) {
  const [accounts, repositories, channels] = await Promise.all([
    app.db.selectFrom('provider_accounts').selectAll().orderBy('external_id').execute(),
    app.db.selectFrom('git_repositories').selectAll().orderBy('external_id').execute(),
    app.db.selectFrom('discord_channels').selectAll().orderBy('external_id').execute(),
  ]);
  return { accounts, repositories, channels };
}

for (const provider of Object.keys(CASES) as FakeProvider[]) {
  const cases = CASES[provider];

  t.test(`${provider}: a refused token is never kept; a good one is tested and kept encrypted`, async (t) => {
    const app = await buildTestApp(t);
    const server = await serverFor(t, provider);
    const me = await admin(app);
    const before = await connectionState(app.db);
    const refused = await me.inject({
      method: 'POST',
      url: '/api/connections',
      payload: body(server, { apiToken: 'not-the-token-0000' }),
    });
    t.equal(refused.statusCode, 422, refused.body);
    t.match(refused.json().details, [{ field: 'apiToken', code: 'connectionTokenRefused' }]);
    t.same(await connectionState(app.db), before, 'nothing written');

    const tried = await me.inject({ method: 'POST', url: '/api/connections/test', payload: body(server) });
    t.equal(tried.statusCode, 200, tried.body);
    t.match(tried.json().account, /backoffice-bot|Backoffice bot/);
    const created = await me.inject({ method: 'POST', url: '/api/connections', payload: body(server) });
    t.equal(created.statusCode, 201, created.body);
    t.match(created.json(), { provider, baseUrl: server.baseUrl, path: server.path });
    const row = await app.db.selectFrom('connections').selectAll().executeTakeFirstOrThrow();
    t.notMatch(row.token_ciphertext, server.token);
    t.ok(
      server.requests.some((r) => r.authorization?.includes(server.token)),
      'the library sent the token to the local server',
    );
  });

  t.test(
    `${provider}: a sync reads every page; twice changes nothing; notes and assignees survive`,
    async (t) => {
      const app = await buildTestApp(t);
      const server = await serverFor(t, provider);
      server.seed({ members: cases.count, repos: cases.repos, channels: cases.channels });
      const me = await admin(app);
      const { id } = (
        await me.inject({ method: 'POST', url: '/api/connections', payload: body(server) })
      ).json<{ id: string }>();

      const first = await syncNow(me, id);
      t.equal(first.status, 'SUCCEEDED', JSON.stringify(first));
      t.match(first.counts, { accounts: { seen: cases.count, added: cases.count, changed: 0, removed: 0 } });
      if (cases.repos) t.match(first.counts, { repositories: { seen: cases.repos, added: cases.repos } });
      if (cases.channels)
        t.match(first.counts, { channels: { seen: cases.channels, added: cases.channels } });
      const data = await synced(app);
      t.equal(data.accounts.length, cases.count, 'every page was read');
      if (cases.repos) {
        const repo = data.repositories.find((r) => r.name === 'repo-1')!;
        t.equal(repo.collaborators.length, 2, 'each repository keeps who has access');
        t.equal(repo.vcs_type, provider);
      }

      const second = await syncNow(me, id);
      t.match(second.counts, { accounts: { seen: cases.count, added: 0, changed: 0, removed: 0 } });
      t.same(
        await synced(app),
        data,
        'a second run with the same data changes nothing (updated_at included)',
      );

      // Our note and assignee on a member still upstream; another member leaves upstream.
      const person = await createUser(app.db, { firstName: 'Lan', lastName: 'Pham' });
      const kept = data.accounts[0]!;
      await app.db
        .updateTable('provider_accounts')
        .set({ note: 'Team lead' })
        .where('id', '=', kept.id)
        .execute();
      await app.db
        .insertInto('provider_account_assignees')
        .values({ provider_account_id: kept.id, user_id: person.id })
        .execute();
      const gone = server.members.pop()!;
      const third = await syncNow(me, id);
      t.match(third.counts, { accounts: { removed: 1 } });
      const after = await app.db.selectFrom('provider_accounts').selectAll().execute();
      t.equal(after.length, cases.count, 'what is gone upstream is marked, not deleted');
      t.ok(after.find((a) => a.display_name === gone.name || a.username === gone.login)!.removed_at);
      t.equal(after.find((a) => a.id === kept.id)!.note, 'Team lead');
      t.equal(
        (await app.db.selectFrom('provider_account_assignees').selectAll().execute()).length,
        1,
        'assignees of an account still upstream stay',
      );
    },
  );

  t.test(`${provider}: 401, 429 and a hang keep the last good data, stale, with the reason`, async (t) => {
    const app = await buildTestApp(t, { CONNECTIONS_TIMEOUT_SECONDS: '1' });
    const server = await serverFor(t, provider);
    server.seed({ members: 3, repos: Math.min(cases.repos, 2), channels: Math.min(cases.channels, 2) });
    const me = await admin(app);
    const { id } = (
      await me.inject({ method: 'POST', url: '/api/connections', payload: body(server) })
    ).json<{ id: string }>();
    t.match(await syncNow(me, id), { status: 'SUCCEEDED' });
    const kept = await synced(app);

    server.failNext(cases.members, { status: 401 });
    t.match(await syncNow(me, id), { status: 'FAILED', errorCode: 'UNAUTHORIZED' });
    const detail = (await me.inject({ method: 'GET', url: `/api/connections/${id}` })).json();
    t.match(detail, { syncState: 'STALE', lastSync: { status: 'FAILED', errorCode: 'UNAUTHORIZED' } });
    t.same(await synced(app), kept, 'the last good data stays');

    // A short Retry-After is waited for, and the same page asked again.
    server.failNext(cases.members, { status: 429, retryAfter: '1' });
    const asked = server.requests.length;
    const started = Date.now();
    t.match(await syncNow(me, id), { status: 'SUCCEEDED' }, 'retried after Retry-After');
    t.ok(Date.now() - started >= 900, 'it waited for Retry-After');
    const [method, part] = cases.members.split(' ');
    t.ok(
      server.requests.slice(asked).filter((r) => r.method === method && r.path.includes(part!)).length >= 2,
      'the refused page was asked again',
    );

    // A long one is not waited for: the run fails, the data stays.
    server.failNext(cases.members, { status: 429, retryAfter: '3600' });
    t.match(await syncNow(me, id), { status: 'FAILED', errorCode: 'RATE_LIMITED' });

    server.failNext(cases.members, { hang: true });
    const hangStarted = Date.now();
    t.match(await syncNow(me, id), { status: 'FAILED', errorCode: 'TIMEOUT' });
    t.ok(Date.now() - hangStarted < 5000, 'a provider that hangs costs the time limit');
    t.same(await synced(app), kept);
    t.match(await syncNow(me, id), { status: 'SUCCEEDED' }, 'and it recovers');
  });
}

t.test('the path is required where everything is read from it', async (t) => {
  const app = await buildTestApp(t);
  const server = await serverFor(t, 'GITHUB');
  const me = await admin(app);
  const response = await me.inject({
    method: 'POST',
    url: '/api/connections',
    payload: body(server, { path: '' }),
  });
  t.equal(response.statusCode, 422);
  t.match(response.json().details, [{ field: 'path', code: 'required' }]);
  t.equal(server.requests.length, 0, 'the provider was not asked');
});

t.test('an address that is not a URL: Invalid URL format, nothing asked, nothing kept', async (t) => {
  const app = await buildTestApp(t);
  const server = await serverFor(t, 'GITLAB');
  const me = await admin(app);
  const response = await me.inject({
    method: 'POST',
    url: '/api/connections',
    payload: body(server, { baseUrl: 'gitlab dot example' }),
  });
  t.equal(response.statusCode, 422);
  t.match(response.json().details, [{ field: 'baseUrl', code: 'url', message: 'Invalid URL format' }]);
  t.equal(
    await app.db
      .selectFrom('connections')
      .select('id')
      .execute()
      .then((r) => r.length),
    0,
  );
});

t.test('a repeated connection is refused', async (t) => {
  const app = await buildTestApp(t);
  const server = await serverFor(t, 'SLACK');
  const me = await admin(app);
  t.equal(
    (await me.inject({ method: 'POST', url: '/api/connections', payload: body(server) })).statusCode,
    201,
  );
  const again = await me.inject({ method: 'POST', url: '/api/connections', payload: body(server) });
  t.equal(again.statusCode, 409);
  t.equal(
    await app.db
      .selectFrom('connections')
      .select('id')
      .execute()
      .then((r) => r.length),
    1,
  );
});
