import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { syncNow } from '../helpers/connection-factories.ts';
import { createRole, createUser } from '../helpers/factories.ts';
import { addMember, createClient, createProject } from '../helpers/project-factories.ts';
import { startProviderTestServer, type FakeProvider } from '../helpers/provider-test-servers.ts';

/**
 * The account boards: every account at the connected providers with its assignees, filtered by
 * provider, person (who has access to what) and project; the signed-in person's own accounts;
 * the open offboarding checklists.
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
  return id;
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

type Board = {
  items: {
    id: string;
    provider: string;
    username: string;
    assignees: { id: string }[];
    abilities: { edit: boolean };
  }[];
  total: number;
  lastPage: number;
};

t.test('the board lists every account with its assignees, by provider, person and project', async (t) => {
  const app = await buildTestApp(t);
  const github = await connect(t, app, 'GITHUB');
  const slack = await connect(t, app, 'SLACK');
  const keeper = await app.signIn({ permissions: ['accounts.view', 'accounts.manage'] });
  const lan = await createUser(app.db, { firstName: 'Lan', lastName: 'Pham' });
  const ghAccount = await accountOf(app, github, 'member2');
  const slackAccount = await accountOf(app, slack, 'member2');
  for (const id of [ghAccount, slackAccount])
    await keeper.inject({
      method: 'PUT',
      url: `/api/git-accounts/${id}/assignees`,
      payload: { userIds: [lan.id] },
    });

  const all = (await keeper.inject({ method: 'GET', url: '/api/account-board?perPage=100' })).json<Board>();
  t.equal(all.total, 6, 'three members at each provider');
  t.ok(all.items.every((a) => a.abilities.edit));

  const paged = (
    await keeper.inject({ method: 'GET', url: '/api/account-board?perPage=4&page=2' })
  ).json<Board>();
  t.match(paged, { total: 6, lastPage: 2 });
  t.equal(paged.items.length, 2);

  const gh = (
    await keeper.inject({ method: 'GET', url: '/api/account-board?provider=GITHUB' })
  ).json<Board>();
  t.same(new Set(gh.items.map((a) => a.provider)), new Set(['GITHUB']));
  t.equal(gh.total, 3);

  const hers = (
    await keeper.inject({ method: 'GET', url: `/api/account-board?userId=${lan.id}` })
  ).json<Board>();
  t.same(hers.items.map((a) => a.id).sort(), [ghAccount, slackAccount].sort(), 'who has access to what');
  t.same(
    hers.items[0]!.assignees.map((a) => a.id),
    [lan.id],
  );

  const unassigned = (
    await keeper.inject({ method: 'GET', url: '/api/account-board?unassigned=true' })
  ).json<Board>();
  t.equal(unassigned.total, 4);

  const client = await createClient(app.db);
  const project = await createProject(app.db, client.id);
  const other = await createProject(app.db, client.id);
  const role = await createRole(app.db, { type: 'PROJECT', permissions: ['projects.view'] });
  await addMember(app.db, project.id, lan.id, role.id);
  const inProject = (
    await keeper.inject({ method: 'GET', url: `/api/account-board?projectId=${project.id}` })
  ).json<Board>();
  t.equal(inProject.total, 2, 'the accounts its members use');
  const inOther = (
    await keeper.inject({ method: 'GET', url: `/api/account-board?projectId=${other.id}` })
  ).json<Board>();
  t.equal(inOther.total, 0);

  const search = (
    await keeper.inject({ method: 'GET', url: '/api/account-board?search=member3' })
  ).json<Board>();
  t.equal(search.total, 2);

  const viewer = await app.signIn({ permissions: ['accounts.view'] });
  const seen = (await viewer.inject({ method: 'GET', url: '/api/account-board' })).json<Board>();
  t.ok(
    seen.items.every((a) => !a.abilities.edit),
    'a viewer is not offered edits',
  );
  const nobody = await app.signIn({ permissions: [] });
  t.equal((await nobody.inject({ method: 'GET', url: '/api/account-board' })).statusCode, 403);

  const bad = await keeper.inject({ method: 'GET', url: '/api/account-board?provider=MYSPACE' });
  t.equal(bad.statusCode, 422);
  t.match(bad.json(), { code: 'VALIDATION_FAILED', details: [{ field: 'provider' }] }, 'a clear field error');
});

t.test('a person sees their own linked accounts and Discord id', async (t) => {
  const app = await buildTestApp(t);
  const github = await connect(t, app, 'GITHUB');
  const keeper = await app.signIn({ permissions: ['accounts.view', 'accounts.manage'] });
  const me = await app.signIn({ permissions: [] });
  const none = (await me.inject({ method: 'GET', url: '/api/me/connected-accounts' })).json();
  t.same(none, { discordAccountId: null, accounts: [] });

  await keeper.inject({
    method: 'PUT',
    url: `/api/git-accounts/${await accountOf(app, github, 'member1')}/assignees`,
    payload: { userIds: [me.user.id] },
  });
  await app.db
    .updateTable('users')
    .set({ discord_account_id: '123456789012345678' })
    .where('id', '=', me.user.id)
    .execute();
  const mine = (await me.inject({ method: 'GET', url: '/api/me/connected-accounts' })).json();
  t.match(mine, {
    discordAccountId: '123456789012345678',
    accounts: [{ provider: 'GITHUB', username: 'member1', connectionName: 'GITHUB' }],
  });
  t.equal(mine.accounts.length, 1);
  t.equal((await app.inject({ method: 'GET', url: '/api/me/connected-accounts' })).statusCode, 401);
});

t.test('open checklists list deactivated people until every item is closed', async (t) => {
  const app = await buildTestApp(t);
  const github = await connect(t, app, 'GITHUB');
  const keeper = await app.signIn({ permissions: ['accounts.view', 'accounts.manage', 'employees.manage'] });
  const leaver = await createUser(app.db, { firstName: 'Minh', lastName: 'Tran' });
  await keeper.inject({
    method: 'PUT',
    url: `/api/git-accounts/${await accountOf(app, github, 'member3')}/assignees`,
    payload: { userIds: [leaver.id] },
  });
  t.match((await keeper.inject({ method: 'GET', url: '/api/offboarding-checklists' })).json(), {
    items: [],
    total: 0,
  });
  await keeper.inject({
    method: 'PUT',
    url: `/api/users/${leaver.id}/status`,
    payload: { status: 'INACTIVE' },
  });
  const open = (await keeper.inject({ method: 'GET', url: '/api/offboarding-checklists' })).json();
  t.match(open, { total: 1, items: [{ user: { id: leaver.id, firstName: 'Minh' }, open: 1, total: 1 }] });

  const checklist = (
    await keeper.inject({ method: 'GET', url: `/api/users/${leaver.id}/offboarding` })
  ).json();
  await keeper.inject({ method: 'POST', url: `/api/offboarding-items/${checklist.items[0].id}/close` });
  t.match((await keeper.inject({ method: 'GET', url: '/api/offboarding-checklists' })).json(), { total: 0 });
});
