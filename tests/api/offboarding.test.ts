import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { syncNow } from '../helpers/connection-factories.ts';
import { createUser } from '../helpers/factories.ts';
import { startProviderTestServer, type FakeProvider } from '../helpers/provider-test-servers.ts';

/**
 * The offboarding checklist: deactivating a person opens an item per account they were assigned;
 * Perform removes the member through the provider's API (GitHub: done; Slack without the admin
 * API: recorded as manual), a refusal is recorded with its reason; Close marks an item done by hand.
 */

async function connect(t: { teardown(fn: () => unknown): void }, app: TestApp, provider: FakeProvider) {
  const server = await startProviderTestServer(provider);
  t.teardown(() => server.close());
  server.seed({ members: 3 });
  const admin = await app.signIn({ permissions: ['connections.manage'] });
  const { id } = (
    await admin.inject({
      method: 'POST',
      url: '/api/connections',
      payload: {
        name: provider,
        provider,
        baseUrl: server.baseUrl,
        path: server.path,
        apiToken: server.token,
      },
    })
  ).json<{ id: string }>();
  await syncNow(admin, id);
  return { server, connectionId: id };
}

const accountOf = async (app: TestApp, connectionId: string, username: string) =>
  (
    await app.db
      .selectFrom('provider_accounts')
      .select('id')
      .where('connection_id', '=', connectionId)
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

t.test('deactivating a person opens their checklist; perform and close record each result', async (t) => {
  const app = await buildTestApp(t);
  const github = await connect(t, app, 'GITHUB');
  const slack = await connect(t, app, 'SLACK');
  const keeper = await app.signIn({ permissions: ['accounts.view', 'accounts.manage', 'employees.manage'] });
  const leaver = await createUser(app.db, { firstName: 'Lan', lastName: 'Pham' });
  for (const id of [
    await accountOf(app, github.connectionId, 'member2'),
    await accountOf(app, slack.connectionId, 'member2'),
  ])
    t.equal(
      (
        await keeper.inject({
          method: 'PUT',
          url: `/api/git-accounts/${id}/assignees`,
          payload: { userIds: [leaver.id] },
        })
      ).statusCode,
      200,
    );
  const empty = await keeper.inject({ method: 'GET', url: `/api/users/${leaver.id}/offboarding` });
  t.same(empty.json(), { items: [], open: 0 }, 'nothing before deactivation');

  const off = await keeper.inject({
    method: 'PUT',
    url: `/api/users/${leaver.id}/status`,
    payload: { status: 'INACTIVE' },
  });
  t.equal(off.statusCode, 200, off.body);
  const checklist = (
    await keeper.inject({ method: 'GET', url: `/api/users/${leaver.id}/offboarding` })
  ).json();
  t.equal(checklist.open, 2);
  t.match(checklist.items, [
    {
      provider: 'GITHUB',
      account: 'member2 (member2)',
      action: 'REMOVE_VIA_API',
      state: 'OPEN',
      abilities: { perform: true },
    },
    { provider: 'SLACK', action: 'REMOVE_VIA_API', state: 'OPEN' },
  ]);

  const [gh, sl] = checklist.items as Array<{ id: string }>;
  const done = await keeper.inject({ method: 'POST', url: `/api/offboarding-items/${gh!.id}/perform` });
  t.equal(done.statusCode, 200, done.body);
  t.match(done.json(), { state: 'DONE', resultCode: 'DONE' });
  t.same(github.server.removed, ['member2'], 'removed from the GitHub organisation through the API');

  const manual = await keeper.inject({ method: 'POST', url: `/api/offboarding-items/${sl!.id}/perform` });
  t.match(manual.json(), { state: 'MANUAL', resultCode: 'MANUAL', abilities: { close: true } });
  t.same(slack.server.removed, [], 'Slack refused the admin API: nothing removed, recorded as manual');
  const closed = await keeper.inject({ method: 'POST', url: `/api/offboarding-items/${sl!.id}/close` });
  t.match(closed.json(), { state: 'DONE', resultCode: 'CLOSED_BY_HAND' });
  t.equal(
    (await keeper.inject({ method: 'GET', url: `/api/users/${leaver.id}/offboarding` })).json().open,
    0,
  );
  t.equal(
    (await keeper.inject({ method: 'POST', url: `/api/offboarding-items/${sl!.id}/close` })).statusCode,
    409,
  );

  const actions = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('action', 'like', 'offboarding.%')
    .execute();
  t.same(actions.map((a) => a.action).sort(), [
    'offboarding.closed',
    'offboarding.opened',
    'offboarding.performed',
    'offboarding.performed',
  ]);
});

t.test('a refusal is recorded with its reason; the item stays open to try again', async (t) => {
  const app = await buildTestApp(t);
  const github = await connect(t, app, 'GITHUB');
  const keeper = await app.signIn({ permissions: ['accounts.view', 'accounts.manage', 'employees.manage'] });
  const leaver = await createUser(app.db, { firstName: 'Minh', lastName: 'Tran' });
  const account = await accountOf(app, github.connectionId, 'member3');
  await keeper.inject({
    method: 'PUT',
    url: `/api/git-accounts/${account}/assignees`,
    payload: { userIds: [leaver.id] },
  });
  await keeper.inject({
    method: 'PUT',
    url: `/api/users/${leaver.id}/status`,
    payload: { status: 'INACTIVE' },
  });
  const [item] = (await keeper.inject({ method: 'GET', url: `/api/users/${leaver.id}/offboarding` })).json()
    .items;
  github.server.failNext('DELETE /orgs/acme/members', { status: 403 });
  const refused = await keeper.inject({ method: 'POST', url: `/api/offboarding-items/${item.id}/perform` });
  t.match(refused.json(), {
    state: 'FAILED',
    resultCode: 'FORBIDDEN',
    resultDetail: 'HTTP 403',
    abilities: { perform: true },
  });
  const retried = await keeper.inject({ method: 'POST', url: `/api/offboarding-items/${item.id}/perform` });
  t.match(retried.json(), { state: 'DONE' });
  const viewer = await app.signIn({ permissions: ['accounts.view'] });
  t.equal(
    (await viewer.inject({ method: 'POST', url: `/api/offboarding-items/${item.id}/close` })).statusCode,
    403,
  );
});
