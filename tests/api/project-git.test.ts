import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { syncNow } from '../helpers/connection-factories.ts';
import { createUser } from '../helpers/factories.ts';
import { startProviderTestServer, type FakeProvider } from '../helpers/provider-test-servers.ts';
import { projectWithMembers } from '../helpers/worklog-factories.ts';

/**
 * A project's git repositories and accounts (spec: /projects/{id}/git-repositories …,
 * /projects/{id}/git-accounts, /git-accounts/{id}, /discord-channels, /projects/{id}/figma-members),
 * with a synced local GitHub: linking under the projects policy (a repository already linked
 * refuses the request, nothing written), the accounts' note and assignees (inactive people refused).
 */

async function connected(
  t: { teardown(fn: () => unknown): void; equal(found: unknown, wanted: unknown): void },
  app: TestApp,
  provider: FakeProvider,
) {
  const server = await startProviderTestServer(provider);
  t.teardown(() => server.close());
  server.seed({ members: 4, repos: 3, channels: 3 });
  const admin = await app.signIn({ permissions: ['connections.manage'] });
  const created = await admin.inject({
    method: 'POST',
    url: '/api/connections',
    payload: {
      name: `Acme ${provider}`,
      provider,
      baseUrl: server.baseUrl,
      path: server.path,
      apiToken: server.token,
    },
  });
  const { id } = created.json<{ id: string }>();
  t.equal((await syncNow(admin, id)).status, 'SUCCEEDED');
  return { server, admin, connectionId: id };
}

const repoId = async (app: TestApp, name: string) =>
  (
    await app.db
      .selectFrom('git_repositories')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

const linkState = async (app: TestApp) => ({
  links: await app.db.selectFrom('project_git_repositories').selectAll().orderBy('id').execute(),
  audit: (await app.db.selectFrom('audit_events').select('id').execute()).length,
});

t.test(
  'a project manager links two repositories, sees them with their access users, deactivates and unlinks',
  async (t) => {
    const app = await buildTestApp(t);
    const { connectionId } = await connected(t, app, 'GITHUB');
    const project = await projectWithMembers(app.db, [], ['projects.view'], 'Atlas');
    const manager = await app.signIn({ permissions: ['projects.view', 'projects.manage'] });

    const offered = await manager.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/git-repositories-of-connections`,
    });
    t.equal(offered.statusCode, 200, offered.body);
    t.match(offered.json(), { items: [{ connection: { id: connectionId, syncState: 'FRESH' }, more: 0 }] });
    t.same(
      offered.json().items[0].gitRepositories.map((r: { name: string }) => r.name),
      ['repo-1', 'repo-2', 'repo-3'],
    );

    const [r1, r2] = [await repoId(app, 'repo-1'), await repoId(app, 'repo-2')];
    const linked = await manager.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}/git-repositories`,
      payload: { gitRepositoryIds: [r1, r2] },
    });
    t.equal(linked.statusCode, 200, linked.body);
    t.match(linked.json(), {
      abilities: { link: true },
      items: [
        {
          name: 'repo-1',
          fullName: 'acme/repo-1',
          url: 'https://github.com/acme/repo-1',
          owner: 'acme',
          vcsType: 'GITHUB',
          status: 'ACTIVE',
          accessUsers: [{ username: 'member1' }, { username: 'member2' }],
          abilities: { changeStatus: true, delete: true },
        },
        { name: 'repo-2' },
      ],
    });
    const listed = await manager.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/git-repositories`,
    });
    t.equal(listed.json().items.length, 2);
    const stillOffered = await manager.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/git-repositories-of-connections?search=repo`,
    });
    t.same(
      stillOffered.json().items[0].gitRepositories.map((r: { name: string }) => r.name),
      ['repo-3'],
    );

    // A repository already linked: 409 with the field, nothing written.
    const before = await linkState(app);
    const again = await manager.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}/git-repositories`,
      payload: { gitRepositoryIds: [await repoId(app, 'repo-3'), r1] },
    });
    t.equal(again.statusCode, 409, again.body);
    t.equal(again.json().message, '“repo-1” is already linked to this project.');
    t.match(again.json().details, [{ field: 'gitRepositoryIds.1', code: 'gitRepositoryAlreadyLinked' }]);
    t.same(await linkState(app), before, 'nothing written');

    const off = await manager.inject({
      method: 'PATCH',
      url: `/api/projects/${project.id}/git-repositories/${r1}`,
      payload: { status: 'INACTIVE' },
    });
    t.equal(off.statusCode, 200, off.body);
    t.equal(off.json().status, 'INACTIVE');
    const removed = await manager.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}/git-repositories/${r1}`,
    });
    t.equal(removed.statusCode, 204);
    t.equal((await linkState(app)).links.length, 1);
    const actions = await app.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', project.id)
      .execute();
    t.same(
      actions.map((a) => a.action).sort(),
      [
        'project.git_repositories_linked',
        'project.git_repository_deactivated',
        'project.git_repository_unlinked',
      ],
      'every write audited',
    );

    const viewer = await app.signIn({ permissions: ['projects.view'] });
    const refused = await viewer.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}/git-repositories`,
      payload: { gitRepositoryIds: [r1] },
    });
    t.equal(refused.statusCode, 403);
    const unknown = await manager.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}/git-repositories`,
      payload: { gitRepositoryIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    t.equal(unknown.statusCode, 422);
    t.match(unknown.json().details, [{ field: 'gitRepositoryIds.0', code: 'unknownGitRepository' }]);
  },
);

t.test(
  'git accounts of a project: note and assignees (inactive people refused), kept by later syncs',
  async (t) => {
    const app = await buildTestApp(t);
    const { admin, connectionId } = await connected(t, app, 'GITHUB');
    const project = await projectWithMembers(app.db, [], ['projects.view'], 'Atlas');
    // The admin holds connections.manage only: the link is written directly.
    await app.db
      .insertInto('project_git_repositories')
      .values({ project_id: project.id, git_repository_id: await repoId(app, 'repo-1') })
      .execute();
    const keeper = await app.signIn({ permissions: ['accounts.view', 'accounts.manage'] });

    const accounts = await keeper.inject({ method: 'GET', url: `/api/projects/${project.id}/git-accounts` });
    t.equal(accounts.statusCode, 200, accounts.body);
    t.same(
      accounts.json().items.map((a: { username: string }) => a.username),
      ['member1', 'member2'],
      'the collaborators of the linked repository',
    );
    const account = accounts.json().items[0];
    t.match(account, { provider: 'GITHUB', connection: { id: connectionId }, note: null, assignees: [] });

    const noted = await keeper.inject({
      method: 'PUT',
      url: `/api/git-accounts/${account.id}`,
      payload: { note: 'Lead developer' },
    });
    t.equal(noted.statusCode, 200, noted.body);
    t.equal(noted.json().note, 'Lead developer');

    const lan = await createUser(app.db, { firstName: 'Lan', lastName: 'Pham' });
    const gone = await createUser(app.db, { firstName: 'Minh', lastName: 'Tran', status: 'INACTIVE' });
    const before = await app.db.selectFrom('provider_account_assignees').selectAll().execute();
    const refused = await keeper.inject({
      method: 'PUT',
      url: `/api/git-accounts/${account.id}/assignees`,
      payload: { userIds: [lan.id, gone.id] },
    });
    t.equal(refused.statusCode, 422, refused.body);
    t.match(refused.json().details, [
      { field: 'userIds.1', code: 'assigneeInactive', message: 'Tran Minh is not an active employee' },
    ]);
    t.same(
      await app.db.selectFrom('provider_account_assignees').selectAll().execute(),
      before,
      'nothing written',
    );

    const set = await keeper.inject({
      method: 'PUT',
      url: `/api/git-accounts/${account.id}/assignees`,
      payload: { userIds: [lan.id] },
    });
    t.equal(set.statusCode, 200, set.body);
    t.match(set.json().assignees, [{ id: lan.id, firstName: 'Lan' }]);

    t.equal((await syncNow(admin, connectionId)).status, 'SUCCEEDED');
    const after = (
      await keeper.inject({ method: 'GET', url: `/api/projects/${project.id}/git-accounts` })
    ).json();
    t.match(after.items[0], { id: account.id, note: 'Lead developer', assignees: [{ id: lan.id }] });

    const stranger = await app.signIn({ permissions: ['projects.view'] });
    t.equal(
      (
        await stranger.inject({
          method: 'PUT',
          url: `/api/git-accounts/${account.id}`,
          payload: { note: 'x' },
        })
      ).statusCode,
      403,
    );
  },
);

t.test('Discord channels and a project’s Figma members', async (t) => {
  const app = await buildTestApp(t);
  await connected(t, app, 'DISCORD');
  await connected(t, app, 'FIGMA');
  const keeper = await app.signIn({ permissions: ['accounts.view', 'accounts.manage'] });
  const channels = await keeper.inject({ method: 'GET', url: '/api/discord-channels' });
  t.equal(channels.statusCode, 200, channels.body);
  t.same(
    channels.json().items.map((c: { name: string }) => c.name),
    ['channel-1', 'channel-2', 'channel-3'],
  );

  const designer = await createUser(app.db, { firstName: 'Hoa', lastName: 'Le' });
  const project = await projectWithMembers(app.db, [designer.id], ['projects.view'], 'Atlas');
  const figma = await app.db
    .selectFrom('provider_accounts as a')
    .innerJoin('connections as c', 'c.id', 'a.connection_id')
    .select('a.id')
    .where('c.provider', '=', 'FIGMA')
    .orderBy('a.external_id')
    .executeTakeFirstOrThrow();
  await keeper.inject({
    method: 'PUT',
    url: `/api/git-accounts/${figma.id}/assignees`,
    payload: { userIds: [designer.id] },
  });
  const members = await keeper.inject({ method: 'GET', url: `/api/projects/${project.id}/figma-members` });
  t.equal(members.statusCode, 200, members.body);
  t.match(members.json(), {
    total: 1,
    items: [{ id: figma.id, provider: 'FIGMA', assignees: [{ id: designer.id }] }],
  });
  const nobody = await app.signIn({ permissions: ['projects.view'] });
  t.equal((await nobody.inject({ method: 'GET', url: '/api/discord-channels' })).statusCode, 403);
});
