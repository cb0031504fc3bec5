import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { connectionState, connectJira, syncNow } from '../helpers/connection-factories.ts';
import { createUser, grantProjectRole } from '../helpers/factories.ts';
import { startJiraTestServer, type JiraTestServer } from '../helpers/jira-test-server.ts';
import { projectWithMembers } from '../helpers/worklog-factories.ts';

/**
 * A project's Jira projects and Jira accounts (spec: /projects/{id}/jira-projects …,
 * /projects/{id}/jira-accounts, /jira-accounts/{id}): linking synced Jira projects under the
 * projects policy, the accounts' note and assignees under accounts.view / accounts.manage.
 */

async function world(t: { teardown(fn: () => unknown): void }, app: TestApp) {
  const server: JiraTestServer = await startJiraTestServer();
  t.teardown(() => server.close());
  server.seed({ projects: 4, users: 3, issuesPerProject: 2 });
  const admin = await app.signIn({ permissions: ['connections.manage'] });
  const connection = await connectJira(admin, server);
  await syncNow(admin, connection.id);
  const project = await projectWithMembers(app.db, [], ['projects.view'], 'Atlas');
  const jiraId = async (key: string) =>
    (await app.db.selectFrom('jira_projects').select('id').where('key', '=', key).executeTakeFirstOrThrow())
      .id;
  return { server, admin, connection, project, jiraId };
}

t.test('a project manager links synced Jira projects, sees them, deactivates and unlinks one', async (t) => {
  const app = await buildTestApp(t);
  const { admin, connection, project, jiraId } = await world(t, app);
  const manager = await app.signIn({ permissions: ['projects.view', 'projects.manage'] });

  const offered = await manager.inject({
    method: 'GET',
    url: `/api/projects/${project.id}/jira-projects/by-connections`,
  });
  t.equal(offered.statusCode, 200, offered.body);
  t.match(offered.json(), {
    items: [{ connection: { id: connection.id, name: 'Acme Jira', syncState: 'FRESH' }, more: 0 }],
  });
  t.same(
    offered.json().items[0].jiraProjects.map((p: { key: string }) => p.key),
    ['P1', 'P2', 'P3', 'P4'],
  );

  const p1 = await jiraId('P1');
  const p2 = await jiraId('P2');
  const linked = await manager.inject({
    method: 'POST',
    url: `/api/projects/${project.id}/jira-projects`,
    payload: { jiraProjectIds: [p1, p2] },
  });
  t.equal(linked.statusCode, 200, linked.body);
  t.match(linked.json(), {
    abilities: { link: true },
    items: [
      {
        key: 'P1',
        name: 'Project 1',
        totalIssues: 2,
        lead: 'Jira Person 1',
        status: 'ACTIVE',
        connection: { name: 'Acme Jira' },
      },
      { key: 'P2', status: 'ACTIVE', abilities: { changeStatus: true, delete: true } },
    ],
  });
  const rest = await manager.inject({
    method: 'GET',
    url: `/api/projects/${project.id}/jira-projects/by-connections?search=project 3`,
  });
  t.same(
    rest.json().items[0].jiraProjects.map((p: { key: string }) => p.key),
    ['P3'],
    'linked ones are no longer offered; search narrows',
  );

  const off = await manager.inject({
    method: 'PATCH',
    url: `/api/projects/${project.id}/jira-projects/${p2}`,
    payload: { status: 'INACTIVE' },
  });
  t.match(off.json(), { key: 'P2', status: 'INACTIVE' });
  t.equal(
    (await manager.inject({ method: 'DELETE', url: `/api/projects/${project.id}/jira-projects/${p2}` }))
      .statusCode,
    204,
  );
  const now = await manager.inject({ method: 'GET', url: `/api/projects/${project.id}/jira-projects` });
  t.same(
    now.json().items.map((p: { key: string }) => p.key),
    ['P1'],
  );

  // The next sync brings the issues of the linked project (and only those).
  const run = await syncNow(admin, connection.id);
  t.match(run.counts, { issues: { seen: 2, added: 2 } });
  const actions = (
    await app.db.selectFrom('audit_events').select('action').where('entity_id', '=', project.id).execute()
  ).map((a) => a.action);
  t.same(actions.sort(), [
    'project.jira_project_deactivated',
    'project.jira_project_unlinked',
    'project.jira_projects_linked',
  ]);
});

t.test('bad links are refused with clear messages and change nothing', async (t) => {
  const app = await buildTestApp(t);
  const { server, admin, connection, project, jiraId } = await world(t, app);
  const manager = await app.signIn({ permissions: ['projects.view', 'projects.manage'] });
  const p1 = await jiraId('P1');
  await manager.inject({
    method: 'POST',
    url: `/api/projects/${project.id}/jira-projects`,
    payload: { jiraProjectIds: [p1] },
  });
  const link = (ids: string[]) =>
    manager.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/jira-projects`,
      payload: { jiraProjectIds: ids },
    });
  /** The call's refusal, after checking it changed nothing. */
  const refused = async (ids: string[], status: number) => {
    const before = await connectionState(app.db);
    const response = await link(ids);
    t.equal(response.statusCode, status, response.body);
    t.same(await connectionState(app.db), before, 'nothing written');
    return response.json();
  };

  const again = await refused([p1], 409);
  t.equal(again.message, '“Project 1” is already linked to this project.');
  t.equal(again.details[0].field, 'jiraProjectIds.0');

  const unknown = await refused(['00000000-0000-4000-8000-000000000000'], 422);
  t.equal(unknown.details[0].message, 'The selected Jira project does not exist');

  server.projects = server.projects.filter((p) => p.key !== 'P4');
  await syncNow(admin, connection.id);
  const gone = await refused([await jiraId('P4')], 422);
  t.equal(gone.details[0].message, 'Project 4 no longer exists in Jira');

  await admin.inject({
    method: 'PATCH',
    url: `/api/connections/${connection.id}/status`,
    payload: { status: 'INACTIVE' },
  });
  const inactive = await refused([await jiraId('P3'), await jiraId('P2')], 422);
  t.same(
    inactive.details.map((d: { field: string; message: string }) => [d.field, d.message]),
    [
      ['jiraProjectIds.0', 'The connection Acme Jira is inactive'],
      ['jiraProjectIds.1', 'The connection Acme Jira is inactive'],
    ],
    'every problem at once',
  );
});

t.test('links follow the projects policy: a project role manages its own project only', async (t) => {
  const app = await buildTestApp(t);
  const { project, jiraId } = await world(t, app);
  const other = await projectWithMembers(app.db, [], ['projects.view'], 'Borealis');
  const lead = await app.signIn({ permissions: [] });
  await grantProjectRole(app.db, lead.user.id, project.id, ['projects.view', 'projects.manage']);
  await grantProjectRole(app.db, lead.user.id, other.id, ['projects.view']);
  const p1 = await jiraId('P1');

  const own = await lead.inject({
    method: 'POST',
    url: `/api/projects/${project.id}/jira-projects`,
    payload: { jiraProjectIds: [p1] },
  });
  t.equal(own.statusCode, 200, own.body);
  const elsewhere = await lead.inject({
    method: 'POST',
    url: `/api/projects/${other.id}/jira-projects`,
    payload: { jiraProjectIds: [p1] },
  });
  t.equal(elsewhere.statusCode, 403, 'seeing a project is not managing it');
  const seen = await lead.inject({ method: 'GET', url: `/api/projects/${other.id}/jira-projects` });
  t.match(seen.json(), { items: [], abilities: { link: false } });
  const stranger = await app.signIn({ permissions: ['projects.manage'] });
  await grantProjectRole(app.db, stranger.user.id, other.id, ['projects.manage']);
  t.equal(
    (await stranger.inject({ method: 'GET', url: `/api/projects/${project.id}/jira-projects` })).statusCode,
    200,
    'a company-wide projects.manage sees every project',
  );
  const nobody = await app.signIn({ permissions: ['worklogs.log'] });
  t.equal(
    (await nobody.inject({ method: 'GET', url: `/api/projects/${project.id}/jira-projects` })).statusCode,
    403,
  );
});

t.test('Jira accounts: the linked connections’ accounts, a note, active assignees only', async (t) => {
  const app = await buildTestApp(t);
  const { admin, connection, project, jiraId } = await world(t, app);
  const manager = await app.signIn({
    permissions: ['projects.view', 'projects.manage', 'accounts.view', 'accounts.manage'],
  });
  const empty = await manager.inject({ method: 'GET', url: `/api/projects/${project.id}/jira-accounts` });
  t.equal(empty.json().total, 0, 'no link, no accounts');
  await manager.inject({
    method: 'POST',
    url: `/api/projects/${project.id}/jira-projects`,
    payload: { jiraProjectIds: [await jiraId('P1')] },
  });
  const accounts = await manager.inject({ method: 'GET', url: `/api/projects/${project.id}/jira-accounts` });
  t.equal(accounts.json().total, 3);
  const account = accounts.json().items[0];
  t.match(account, {
    displayName: 'Jira Person 1',
    connection: { id: connection.id },
    note: null,
    assignees: [],
    abilities: { edit: true },
  });

  const noted = await manager.inject({
    method: 'PUT',
    url: `/api/jira-accounts/${account.id}`,
    payload: { note: '  QA lead ' },
  });
  t.match(noted.json(), { note: 'QA lead' });

  const active = await createUser(app.db, { firstName: 'Lan', lastName: 'Pham' });
  const inactive = await createUser(app.db, { firstName: 'Minh', lastName: 'Vo', status: 'INACTIVE' });
  const before = await connectionState(app.db);
  const refused = await manager.inject({
    method: 'POST',
    url: `/api/jira-accounts/${account.id}/assignees`,
    payload: { userIds: [active.id, inactive.id, '00000000-0000-4000-8000-000000000000'] },
  });
  t.equal(refused.statusCode, 422);
  t.same(
    refused.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    [
      ['userIds.1', 'Vo Minh is not an active employee'],
      ['userIds.2', 'The selected person does not exist'],
    ],
  );
  t.same(await connectionState(app.db), before, 'nothing written');
  const set = await manager.inject({
    method: 'POST',
    url: `/api/jira-accounts/${account.id}/assignees`,
    payload: { userIds: [active.id] },
  });
  t.match(set.json(), { assignees: [{ id: active.id, firstName: 'Lan', lastName: 'Pham' }] });

  // A sync keeps what is ours.
  await syncNow(admin, connection.id);
  const again = await manager.inject({
    method: 'GET',
    url: `/api/projects/${project.id}/jira-accounts?search=person 1`,
  });
  t.match(again.json().items[0], { note: 'QA lead', assignees: [{ id: active.id }] });

  const viewer = await app.signIn({ permissions: ['accounts.view'] });
  const readOnly = await viewer.inject({ method: 'GET', url: `/api/projects/${project.id}/jira-accounts` });
  t.equal(readOnly.json().items[0].abilities.edit, false);
  t.equal(
    (await viewer.inject({ method: 'PUT', url: `/api/jira-accounts/${account.id}`, payload: { note: 'x' } }))
      .statusCode,
    403,
  );
  // accounts.manage in the linked project is enough for its accounts.
  const projectAdmin = await app.signIn({ permissions: [] });
  await grantProjectRole(app.db, projectAdmin.user.id, project.id, ['accounts.view', 'accounts.manage']);
  t.equal(
    (
      await projectAdmin.inject({
        method: 'PUT',
        url: `/api/jira-accounts/${account.id}`,
        payload: { note: 'Ours' },
      })
    ).statusCode,
    200,
  );
  const elsewhere = await projectWithMembers(app.db, [], ['projects.view'], 'Other');
  t.equal(
    (await projectAdmin.inject({ method: 'GET', url: `/api/projects/${elsewhere.id}/jira-accounts` }))
      .statusCode,
    403,
  );
});
