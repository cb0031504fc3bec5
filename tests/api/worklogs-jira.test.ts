import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { connectionState, connectJira, linkedJiraProject, syncNow } from '../helpers/connection-factories.ts';
import { startJiraTestServer, type JiraTestServer } from '../helpers/jira-test-server.ts';
import { pastWeek, projectWithMembers } from '../helpers/worklog-factories.ts';

/**
 * Work logs and Jira (issue 18's Jira part, through the connections area): the tasks a log may name
 * are the synced issues of the project's linked Jira projects; one pushes one's own logs to Jira as
 * worklogs (tested against the local Jira), and the result is kept per log and task.
 */

async function world(t: { teardown(fn: () => unknown): void }, app: TestApp) {
  const server: JiraTestServer = await startJiraTestServer();
  t.teardown(() => server.close());
  server.seed({ projects: 2, users: 1, issuesPerProject: 3 });
  const admin = await app.signIn({ permissions: ['connections.manage'] });
  const connection = await connectJira(admin, server);
  await syncNow(admin, connection.id);
  const dev = await app.signIn({ permissions: ['worklogs.log'], firstName: 'Minh', lastName: 'Tran' });
  const project = await projectWithMembers(app.db, [dev.user.id], ['projects.view'], 'Atlas');
  const p1 = await app.db
    .selectFrom('jira_projects')
    .select('id')
    .where('key', '=', 'P1')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('project_jira_projects')
    .values({ project_id: project.id, jira_project_id: p1.id })
    .execute();
  await syncNow(admin, connection.id); // brings P1's issues
  return { server, admin, connection, dev, project };
}

const log = (
  who: { inject: TestApp['inject'] },
  projectId: string,
  workDate: string,
  hours: number,
  jiraTaskKeys: string[],
) =>
  who.inject({
    method: 'POST',
    url: '/api/work-logs',
    payload: { projectId, workDate, hours, description: 'Checkout page', jiraTaskKeys },
  });

t.test('a log names tasks of the linked Jira projects; other keys are refused', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(t, app);
  const week = pastWeek();
  const projects = await dev.inject({ method: 'GET', url: '/api/work-logs/projects' });
  t.match(projects.json().items, [{ id: project.id, jiraAvailable: true }]);

  const ok = await log(dev, project.id, week.monday, 2, ['P1-1', 'P1-2']);
  t.equal(ok.statusCode, 201, ok.body);
  t.match(ok.json(), {
    jiraTaskKeys: ['P1-1', 'P1-2'],
    jira: { state: 'NOT_PUSHED', tasks: [] },
    abilities: { push: true },
  });

  const before = await app.db.selectFrom('work_logs').selectAll().execute();
  const unknown = await log(dev, project.id, week.tuesday, 1, ['P1-1', 'P1-9', 'P2-1']);
  t.equal(unknown.statusCode, 422);
  t.same(
    unknown.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    [['jiraTaskKeys', 'Not a task of this project’s Jira projects: P1-9, P2-1']],
    'a key of an unlinked Jira project is not this project’s',
  );
  t.same(await app.db.selectFrom('work_logs').selectAll().execute(), before, 'nothing written');

  // The week grid checks the same rule.
  const grid = await dev.inject({
    method: 'PUT',
    url: '/api/work-logs/week',
    payload: {
      start: week.monday,
      rows: [
        { projectId: project.id, description: 'API', jiraTaskKeys: ['ZZ-1'], hours: { [week.friday]: 2 } },
      ],
    },
  });
  t.equal(grid.statusCode, 422);
  t.equal(grid.json().details[0].message, 'Not a task of this project’s Jira projects: ZZ-1');
});

t.test('the dialog searches the synced tasks of a project one logs on', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(t, app);
  const search = (query: string) => dev.inject({ method: 'GET', url: `/api/work-logs/jira-issues?${query}` });
  const byKey = await search(`projectId=${project.id}&search=p1-2`);
  t.equal(byKey.statusCode, 200, byKey.body);
  t.same(byKey.json().items, [
    { key: 'P1-2', summary: 'Task 2 of Project 1', status: 'To Do', updatedAt: '2026-11-20T10:00:00.000Z' },
  ]);
  t.equal((await search(`projectId=${project.id}&search=task 3`)).json().items[0].key, 'P1-3', 'by summary');
  t.equal((await search(`projectId=${project.id}`)).json().items.length, 3);

  const other = await projectWithMembers(app.db, [dev.user.id], ['projects.view'], 'No Jira');
  const none = await search(`projectId=${other.id}`);
  t.equal(none.statusCode, 422);
  t.equal(none.json().details[0].message, 'Jira connection is not available for the selected project');
  const stranger = await projectWithMembers(app.db, [], ['projects.view'], 'Stranger');
  await linkedJiraProject(app.db, stranger.id, { key: 'SEC' });
  const notMine = await search(`projectId=${stranger.id}`);
  t.equal(notMine.statusCode, 422, 'the tasks of a project one is not on stay hidden');
  t.equal(notMine.json().details[0].message, 'You cannot log work on this project');
});

t.test('an inactive link or connection takes the Jira tasks away', async (t) => {
  const app = await buildTestApp(t);
  const { admin, connection, dev, project } = await world(t, app);
  const week = pastWeek();
  await admin.inject({
    method: 'PATCH',
    url: `/api/connections/${connection.id}/status`,
    payload: { status: 'INACTIVE' },
  });
  const refused = await log(dev, project.id, week.monday, 1, ['P1-1']);
  t.equal(refused.json().details[0].message, 'Jira connection is not available for the selected project');
  t.match((await dev.inject({ method: 'GET', url: '/api/work-logs/projects' })).json().items, [
    { jiraAvailable: false },
  ]);
});

t.test('pushing logs to Jira: a worklog per task, the result kept, changes pushed again', async (t) => {
  const app = await buildTestApp(t);
  const { server, dev, project } = await world(t, app);
  const week = pastWeek();
  const created = (await log(dev, project.id, week.monday, 1.5, ['P1-1', 'P1-2'])).json();
  const single = (await log(dev, project.id, week.tuesday, 2, ['P1-3'])).json();
  const push = (ids: string[]) =>
    dev.inject({ method: 'POST', url: '/api/work-logs/jira-push', payload: { workLogIds: ids } });

  const pushed = await push([created.id, single.id]);
  t.equal(pushed.statusCode, 200, pushed.body);
  const [first, second] = pushed.json().items;
  t.match(first.jira, {
    state: 'PUSHED',
    tasks: [
      { issueKey: 'P1-1', state: 'PUSHED', hours: 0.75, errorCode: null },
      { issueKey: 'P1-2', state: 'PUSHED', hours: 0.75 },
    ],
  });
  t.match(second.jira, { state: 'PUSHED', tasks: [{ issueKey: 'P1-3', hours: 2 }] });
  const worklogs = [...server.worklogs.values()];
  t.same(
    worklogs.map((w) => [w.issueKey, w.timeSpentSeconds, w.started]).sort(),
    [
      ['P1-1', 2700, `${week.monday}T09:00:00.000+0700`],
      ['P1-2', 2700, `${week.monday}T09:00:00.000+0700`],
      ['P1-3', 7200, `${week.tuesday}T09:00:00.000+0700`],
    ],
    'the minutes split evenly; 09:00 company time on the day',
  );
  t.match(worklogs[0]!.comment, { type: 'doc', content: [{ content: [{ text: 'Checkout page' }] }] });

  const requests = server.requests.length;
  await push([single.id]);
  t.equal(server.requests.length, requests, 'an unchanged log is not sent again');

  // Editing the log: changed since push; pushing again updates the same worklogs.
  const edited = await dev.inject({
    method: 'PUT',
    url: `/api/work-logs/${created.id}`,
    payload: {
      projectId: project.id,
      workDate: week.monday,
      hours: 3,
      description: 'Checkout page',
      jiraTaskKeys: ['P1-1'],
      version: created.version,
    },
  });
  t.match(edited.json().jira, { state: 'CHANGED' });
  const mine = await dev.inject({ method: 'GET', url: '/api/work-logs' });
  t.match(
    mine.json().items.find((l: { id: string }) => l.id === created.id),
    { jira: { state: 'CHANGED' } },
  );
  const repushed = (await push([created.id])).json().items[0];
  t.match(repushed.jira, { state: 'PUSHED', tasks: [{ issueKey: 'P1-1', hours: 3 }] });
  t.equal(repushed.jira.tasks.length, 1, 'the task dropped from the log is gone');
  t.same(
    [...server.worklogs.values()].map((w) => [w.issueKey, w.timeSpentSeconds]).sort(),
    [
      ['P1-1', 10800],
      ['P1-3', 7200],
    ],
    'P1-1 updated in place, P1-2’s worklog removed',
  );
  t.equal(
    server.worklogs.get(first.jira.tasks[0].jiraWorklogId)!.timeSpentSeconds,
    10800,
    'the same worklog id',
  );
  const audit = await app.db
    .selectFrom('audit_events')
    .select(['action', 'entity_id'])
    .where('action', '=', 'work_log.pushed_to_jira')
    .execute();
  t.equal(audit.length, 4);
});

t.test('a push Jira refuses is kept as failed, with the reason; the next one goes through', async (t) => {
  const app = await buildTestApp(t);
  const { server, dev, project } = await world(t, app);
  const created = (await log(dev, project.id, pastWeek().monday, 1, ['P1-1'])).json();
  server.failNext('POST /rest/api/3/issue/P1-1/worklog', { status: 401 });
  const failed = await dev.inject({
    method: 'POST',
    url: '/api/work-logs/jira-push',
    payload: { workLogIds: [created.id] },
  });
  t.equal(failed.statusCode, 200);
  t.match(failed.json().items[0].jira, {
    state: 'FAILED',
    tasks: [
      {
        issueKey: 'P1-1',
        state: 'FAILED',
        errorCode: 'UNAUTHORIZED',
        errorDetail: 'HTTP 401',
        pushedAt: null,
      },
    ],
  });
  const retried = await dev.inject({
    method: 'POST',
    url: '/api/work-logs/jira-push',
    payload: { workLogIds: [created.id] },
  });
  t.match(retried.json().items[0].jira, { state: 'PUSHED', tasks: [{ state: 'PUSHED', errorCode: null }] });
  t.equal(server.worklogs.size, 1);
});

t.test('bad pushes are refused with clear messages and change nothing', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(t, app);
  const week = pastWeek();
  const plain = (
    await dev.inject({
      method: 'POST',
      url: '/api/work-logs',
      payload: { projectId: project.id, workDate: week.monday, hours: 1, description: 'No task' },
    })
  ).json();
  const other = await app.signIn({ permissions: ['worklogs.log'] });
  await app.db
    .insertInto('project_members')
    .values({
      project_id: project.id,
      user_id: other.user.id,
      role_id: (await app.db.selectFrom('project_members').select('role_id').executeTakeFirstOrThrow())
        .role_id,
    })
    .execute();
  const theirs = (await log(other, project.id, week.monday, 1, ['P1-1'])).json();
  const before = await connectionState(app.db);
  const refused = await dev.inject({
    method: 'POST',
    url: '/api/work-logs/jira-push',
    payload: { workLogIds: [plain.id, theirs.id] },
  });
  t.equal(refused.statusCode, 422);
  t.same(
    refused.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    [
      ['workLogIds.0', 'This log names no Jira task'],
      ['workLogIds.1', 'The selected work log does not exist'],
    ],
  );
  t.same(await connectionState(app.db), before);

  const mine = (await log(dev, project.id, week.tuesday, 1, ['P1-2'])).json();
  // A push of the same log under way (a claim younger than two minutes) refuses a second one.
  await app.db
    .insertInto('work_log_jira_pushes')
    .values({ work_log_id: mine.id, issue_key: 'P1-2', state: 'PENDING', work_log_version: 1 })
    .execute();
  const busy = await dev.inject({
    method: 'POST',
    url: '/api/work-logs/jira-push',
    payload: { workLogIds: [mine.id] },
  });
  t.equal(busy.statusCode, 409);
  t.equal(busy.json().message, 'This log is being pushed to Jira already. Wait a moment and try again.');
  // A claim left by a request that died expires.
  await app.db
    .updateTable('work_log_jira_pushes')
    .set({ attempted_at: new Date(Date.now() - 10 * 60_000) })
    .execute();
  t.match((await dev.inject({ method: 'GET', url: `/api/work-logs/${mine.id}` })).json().jira, {
    state: 'FAILED',
    tasks: [{ errorCode: 'INTERRUPTED' }],
  });
  const after = await dev.inject({
    method: 'POST',
    url: '/api/work-logs/jira-push',
    payload: { workLogIds: [mine.id] },
  });
  t.match(after.json().items[0].jira, { state: 'PUSHED' });
});
