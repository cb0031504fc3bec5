import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { grantProjectRole } from '../helpers/factories.ts';
import { linkedJiraProject } from '../helpers/connection-factories.ts';
import { pastWeek, projectWithMembers, workLogState } from '../helpers/worklog-factories.ts';

/**
 * Work logs through the API (issue 18): logging in half-hour steps, the rules (future days, the
 * 24-hour day, membership on the day, Jira tasks with and without a connection), the week grid, period locks,
 * the managers' view, the report and the hours beside overtime and leave.
 */

const slash = (date: string) => date.replaceAll('-', '/');

async function world(app: TestApp) {
  const dev = await app.signIn({ permissions: ['worklogs.log'], firstName: 'Minh', lastName: 'Tran' });
  const project = await projectWithMembers(app.db, [dev.user.id], ['projects.view'], 'Atlas');
  return { dev, project };
}

const log = (
  who: { inject: TestApp['inject'] },
  projectId: string,
  workDate: string,
  hours: number,
  extra: object = {},
) =>
  who.inject({
    method: 'POST',
    url: '/api/work-logs',
    payload: { projectId, workDate, hours, description: 'Checkout page', ...extra },
  });

t.test('a person logs, changes and deletes their own work', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const week = pastWeek();
  const created = await log(dev, project.id, week.monday, 3.5);
  t.equal(created.statusCode, 201, created.body);
  t.match(created.json(), {
    workDate: week.monday,
    hours: 3.5,
    project: { id: project.id, name: 'Atlas' },
    person: { id: dev.user.id },
    locked: false,
    version: 1,
    abilities: { edit: true, delete: true },
  });
  const id = created.json().id;
  const mine = (await dev.inject({ method: 'GET', url: '/api/work-logs' })).json();
  t.equal(mine.total, 1);

  const changed = await dev.inject({
    method: 'PUT',
    url: `/api/work-logs/${id}`,
    payload: {
      projectId: project.id,
      workDate: week.tuesday,
      hours: 4,
      description: 'Payment form',
      version: 1,
    },
  });
  t.equal(changed.statusCode, 200, changed.body);
  t.match(changed.json(), { workDate: week.tuesday, hours: 4, description: 'Payment form', version: 2 });
  const stale = await dev.inject({
    method: 'PUT',
    url: `/api/work-logs/${id}`,
    payload: {
      projectId: project.id,
      workDate: week.tuesday,
      hours: 5,
      description: 'Payment form',
      version: 1,
    },
  });
  t.equal(stale.statusCode, 412, 'a stale version is refused');

  const other = await app.signIn({ permissions: ['worklogs.log'] });
  t.equal(
    (await other.inject({ method: 'GET', url: `/api/work-logs/${id}` })).statusCode,
    404,
    "others' logs are hidden",
  );
  t.equal((await other.inject({ method: 'DELETE', url: `/api/work-logs/${id}` })).statusCode, 404);

  t.equal((await dev.inject({ method: 'DELETE', url: `/api/work-logs/${id}` })).statusCode, 204);
  t.equal((await app.db.selectFrom('work_logs').select('id').execute()).length, 0);
  const actions = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_type', '=', 'work_log')
    .execute();
  t.same(
    actions.map((a) => a.action).sort(),
    ['work_log.created', 'work_log.deleted', 'work_log.updated'],
    'every change is audited',
  );
});

t.test('bad logs are refused with clear messages and change nothing', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const week = pastWeek();
  await log(dev, project.id, week.monday, 20);
  const before = await workLogState(app.db);
  const message = async (response: Awaited<ReturnType<typeof log>>) => {
    t.equal(response.statusCode, 422, response.body);
    return response.json().details.map((d: { message: string }) => d.message);
  };

  t.same(
    await message(await log(dev, project.id, week.tuesday, 1.25)),
    ['Invalid number'],
    'half-hour steps',
  );
  t.same(await message(await log(dev, project.id, week.tuesday, 0)), ['This value must be at least 0.5']);
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  t.same(await message(await log(dev, project.id, tomorrow, 1)), [
    'Work cannot be logged for a day after today',
  ]);
  t.same(await message(await log(dev, project.id, week.monday, 4.5)), [
    `More than 24 hours on ${slash(week.monday)}: 20 hours are already logged, 4 left`,
  ]);
  t.same(await message(await log(dev, project.id, week.tuesday, 1, { jiraTaskKeys: ['ATL-12'] })), [
    'Jira connection is not available for the selected project',
  ]);
  const stranger = await projectWithMembers(app.db, [], ['projects.view'], 'Borealis');
  t.same(await message(await log(dev, stranger.id, week.tuesday, 1)), [
    'You are not a member of this project',
  ]);
  // A membership that ended before the day, and one that started after it.
  await app.db
    .updateTable('project_members')
    .set({ joined_at: week.tuesday, exited_at: week.thursday, status: 'INACTIVE' })
    .where('project_id', '=', project.id)
    .execute();
  t.same(await message(await log(dev, project.id, week.friday, 1)), [
    `You were not a member of this project on ${slash(week.friday)}`,
  ]);
  t.same(await message(await log(dev, project.id, week.monday, 1)), [
    `You were not a member of this project on ${slash(week.monday)}`,
  ]);
  const vi = await dev.inject({
    method: 'POST',
    url: '/api/work-logs',
    headers: { 'accept-language': 'vi' },
    payload: { projectId: project.id, workDate: tomorrow, hours: 1, description: 'x' },
  });
  t.equal(vi.json().details[0].message, 'Không thể ghi công việc cho ngày sau hôm nay', 'in Vietnamese too');
  t.same(await workLogState(app.db), before, 'nothing changed');
  t.equal(
    (await log(dev, project.id, week.wednesday, 1)).statusCode,
    201,
    'a day inside the membership is fine',
  );
});

t.test('Jira tasks are taken once the project has a Jira connection (a link to synced issues)', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const week = pastWeek();
  const refused = await log(dev, project.id, week.monday, 1, { jiraTaskKeys: ['ATL-2'] });
  t.equal(refused.json().details[0].message, 'Jira connection is not available for the selected project');
  // An inactive link still leaves the project without Jira.
  const { connectionId } = await linkedJiraProject(app.db, project.id, { linkStatus: 'INACTIVE' });
  t.equal((await log(dev, project.id, week.monday, 1, { jiraTaskKeys: ['ATL-2'] })).statusCode, 422);
  await app.db.updateTable('project_jira_projects').set({ status: 'ACTIVE' }).execute();
  const taken = await log(dev, project.id, week.monday, 1, { jiraTaskKeys: ['ATL-2', 'ATL-3'] });
  t.equal(taken.statusCode, 201, taken.body);
  t.same(taken.json().jiraTaskKeys, ['ATL-2', 'ATL-3']);
  const unknown = await log(dev, project.id, week.monday, 1, { jiraTaskKeys: ['ATL-99'] });
  t.equal(unknown.json().details[0].message, 'Not a task of this project’s Jira projects: ATL-99');
  await app.db
    .updateTable('connections')
    .set({ status: 'INACTIVE' })
    .where('id', '=', connectionId)
    .execute();
  t.equal(
    (await log(dev, project.id, week.monday, 1, { jiraTaskKeys: ['ATL-2'] })).json().details[0].message,
    'Jira connection is not available for the selected project',
    'an inactive connection gives no tasks',
  );
});

t.test('the 24-hour day holds under parallel logs', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const week = pastWeek();
  const results = await Promise.all(Array.from({ length: 5 }, () => log(dev, project.id, week.monday, 6)));
  t.same(
    results.map((r) => r.statusCode).sort(),
    [201, 201, 201, 201, 422],
    'four six-hour logs fit in a day, the fifth does not',
  );
});

t.test('the week grid saves a whole week at once, or nothing', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const second = await projectWithMembers(app.db, [dev.user.id], ['projects.view'], 'Beacon');
  const week = pastWeek();
  await log(dev, project.id, week.monday, 2, { description: 'Old task' });

  const saved = await dev.inject({
    method: 'PUT',
    url: '/api/work-logs/week',
    payload: {
      start: week.monday,
      rows: [
        {
          projectId: project.id,
          description: 'Checkout page',
          hours: { [week.monday]: 4, [week.tuesday]: 8 },
        },
        { projectId: second.id, description: 'Support', hours: { [week.monday]: 4, [week.wednesday]: 0 } },
      ],
    },
  });
  t.equal(saved.statusCode, 200, saved.body);
  const grid = saved.json();
  t.equal(grid.totalHours, 16);
  t.same(
    grid.days.map((d: { totalHours: number }) => d.totalHours),
    [8, 8, 0, 0, 0, 0, 0],
  );
  t.notOk(
    grid.logs.some((l: { description: string }) => l.description === 'Old task'),
    'a log the grid no longer has is deleted',
  );

  const before = await workLogState(app.db);
  const refused = await dev.inject({
    method: 'PUT',
    url: '/api/work-logs/week',
    payload: {
      start: week.monday,
      rows: [
        {
          projectId: project.id,
          description: 'Checkout page',
          hours: { [week.monday]: 20, [week.tuesday]: 8 },
        },
        { projectId: second.id, description: 'Support', hours: { [week.monday]: 4.5 } },
      ],
    },
  });
  t.equal(refused.statusCode, 422);
  t.match(refused.json().details, [{ field: `rows.0.hours.${week.monday}`, code: 'workLogDayLimit' }]);
  const shape = await dev.inject({
    method: 'PUT',
    url: '/api/work-logs/week',
    payload: {
      start: week.tuesday,
      rows: [
        { projectId: project.id, description: 'A', hours: { [week.monday]: 1 } },
        { projectId: project.id, description: 'a ', hours: {} },
      ],
    },
  });
  t.same(
    shape.json().details.map((d: { message: string }) => d.message),
    [
      'A week starts on a Monday',
      `${slash(week.monday)} is not a day of this week`,
      'This project already has a row with this description',
    ],
  );
  t.same(await workLogState(app.db), before, 'a refused save changes nothing');

  const weekView = (
    await dev.inject({ method: 'GET', url: `/api/work-logs/week?start=${week.wednesday}` })
  ).json();
  t.equal(weekView.start, week.monday, 'any day finds its week');
  t.equal(weekView.logs.length, 3);
});

t.test('a manager locks a period; its logs stop changing until an admin lifts the lock', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const week = pastWeek();
  const existing = (await log(dev, project.id, week.monday, 2)).json();
  const lead = await app.signIn({ firstName: 'Lan', lastName: 'Pham' });
  await grantProjectRole(app.db, lead.user.id, project.id, ['worklogs.manage']);
  const admin = await app.signIn({ permissions: ['worklogs.manage'] });

  const everything = await lead.inject({
    method: 'POST',
    url: '/api/work-log-locks',
    payload: { startsOn: week.monday, endsOn: week.sunday },
  });
  t.equal(everything.statusCode, 403, 'a project manager cannot lock every project');
  const badOrder = await lead.inject({
    method: 'POST',
    url: '/api/work-log-locks',
    payload: { projectId: project.id, startsOn: week.sunday, endsOn: week.monday },
  });
  t.equal(badOrder.json().details[0].message, 'End date must be after start date');

  const lock = await lead.inject({
    method: 'POST',
    url: '/api/work-log-locks',
    payload: { projectId: project.id, startsOn: week.monday, endsOn: week.sunday, note: 'Invoiced' },
  });
  t.equal(lock.statusCode, 201, lock.body);
  t.match(lock.json(), { project: { id: project.id }, lockedBy: 'Lan Pham', abilities: { lift: false } });

  const before = await workLogState(app.db);
  const create = await log(dev, project.id, week.tuesday, 1);
  t.equal(
    create.json().details[0].message,
    `This period is locked (${slash(week.monday)} to ${slash(week.sunday)}): logs can no longer change`,
  );
  const change = await dev.inject({
    method: 'PUT',
    url: `/api/work-logs/${existing.id}`,
    payload: { projectId: project.id, workDate: week.monday, hours: 3, description: 'x', version: 1 },
  });
  t.equal(change.statusCode, 409);
  t.match(change.json(), { code: 'WORK_LOG_LOCKED' });
  t.equal((await dev.inject({ method: 'DELETE', url: `/api/work-logs/${existing.id}` })).statusCode, 409);
  const grid = await dev.inject({
    method: 'PUT',
    url: '/api/work-logs/week',
    payload: { start: week.monday, rows: [] },
  });
  t.equal(grid.statusCode, 422, 'the grid cannot remove a locked log');
  t.same(await workLogState(app.db), before, 'nothing changed while locked');
  const seen = (await dev.inject({ method: 'GET', url: `/api/work-logs/${existing.id}` })).json();
  t.match(seen, { locked: true, abilities: { edit: false, delete: false } });

  t.equal(
    (await lead.inject({ method: 'DELETE', url: `/api/work-log-locks/${lock.json().id}` })).statusCode,
    403,
    'only a company-wide manager lifts a lock',
  );
  const lifted = await admin.inject({ method: 'DELETE', url: `/api/work-log-locks/${lock.json().id}` });
  t.equal(lifted.statusCode, 200, lifted.body);
  t.ok(lifted.json().liftedAt);
  t.equal(
    (await admin.inject({ method: 'DELETE', url: `/api/work-log-locks/${lock.json().id}` })).statusCode,
    409,
    'a lifted lock cannot be lifted again',
  );
  t.equal((await log(dev, project.id, week.tuesday, 1)).statusCode, 201, 'the period is open again');
  const audit = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_type', '=', 'work_log_lock')
    .execute();
  t.same(audit.map((a) => a.action).sort(), ['work_log_lock.created', 'work_log_lock.lifted']);
});

t.test("a project's manager sees that project's logs and no others", async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const other = await projectWithMembers(app.db, [dev.user.id], ['projects.view'], 'Cobalt');
  const week = pastWeek();
  await log(dev, project.id, week.monday, 2);
  const hidden = (await log(dev, other.id, week.monday, 3)).json();
  const lead = await app.signIn();
  await grantProjectRole(app.db, lead.user.id, project.id, ['worklogs.manage']);

  const managed = (await lead.inject({ method: 'GET', url: '/api/work-logs?scope=managed' })).json();
  t.same(
    managed.items.map((l: { project: { name: string } }) => l.project.name),
    ['Atlas'],
  );
  t.match(
    managed.items[0],
    { abilities: { edit: false, delete: false } },
    'managers see, only authors change',
  );
  t.equal((await lead.inject({ method: 'GET', url: `/api/work-logs/${hidden.id}` })).statusCode, 404);
  const nobody = await app.signIn({ permissions: ['worklogs.log'] });
  t.equal((await nobody.inject({ method: 'GET', url: '/api/work-logs?scope=managed' })).statusCode, 403);
});

t.test('the report per person, project and Jira task, and its export', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const week = pastWeek();
  const other = await projectWithMembers(app.db, [dev.user.id], ['projects.view'], 'Cobalt');
  await log(dev, project.id, week.monday, 3);
  await log(dev, project.id, week.tuesday, 2);
  await log(dev, other.id, week.tuesday, 1.5);
  // Jira tasks come with the connections area; a log that names two splits its hours evenly.
  await app.db
    .updateTable('work_logs')
    .set({ jira_task_keys: ['ATL-1', 'ATL-2'] })
    .where('minutes', '=', 180)
    .execute();
  const reporter = await app.signIn({ permissions: ['worklogs.report'] });
  const range = `from=${week.monday}&to=${week.sunday}&period=day`;

  const byProject = (
    await reporter.inject({ method: 'GET', url: `/api/work-logs/reports?groupBy=project&${range}` })
  ).json();
  t.same(
    byProject.rows.map((r: { label: string; total: number }) => [r.label, r.total]),
    [
      ['Atlas', 5],
      ['Cobalt', 1.5],
    ],
  );
  t.equal(byProject.total, 6.5);
  t.equal(byProject.totals[week.tuesday], 3.5);
  const byTask = (
    await reporter.inject({ method: 'GET', url: `/api/work-logs/reports?groupBy=task&${range}` })
  ).json();
  t.same(
    byTask.rows.map((r: { label: string; total: number }) => [r.label, r.total]),
    [
      ['No Jira task', 3.5],
      ['ATL-1', 1.5],
      ['ATL-2', 1.5],
    ],
  );

  const scoped = await app.signIn();
  await grantProjectRole(app.db, scoped.user.id, other.id, ['worklogs.report']);
  const theirs = (
    await scoped.inject({ method: 'GET', url: `/api/work-logs/reports?groupBy=project&${range}` })
  ).json();
  t.same(
    theirs.rows.map((r: { label: string }) => r.label),
    ['Cobalt'],
    "a project's reporter sees that project only",
  );

  const csv = await reporter.inject({
    method: 'GET',
    url: `/api/work-logs/export-files?groupBy=person&format=csv&${range}`,
  });
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /text\/csv/);
  t.match(csv.body, /Minh Tran <.*>,3,3\.5,,,,,,6\.5/);
  const bad = await reporter.inject({
    method: 'GET',
    url: `/api/work-logs/reports?from=${week.sunday}&to=${week.monday}`,
  });
  t.equal(bad.json().details[0].message, 'End date must be after start date');
});

t.test('hours beside overtime and leave show gaps and double counts', async (t) => {
  const app = await buildTestApp(t);
  const { dev, project } = await world(app);
  const week = pastWeek();
  await app.db
    .updateTable('users')
    .set({ onboard_date: '2020-01-01' })
    .where('id', '=', dev.user.id)
    .execute();
  await log(dev, project.id, week.monday, 8);
  await log(dev, project.id, week.tuesday, 10);
  await log(dev, project.id, week.wednesday, 4);
  // Approved leave on Wednesday (a full day, and logs too) and Thursday; overtime on Tuesday.
  const type = await app.db.selectFrom('absence_types').select('id').limit(1).executeTakeFirstOrThrow();
  const leave = await app.db
    .insertInto('leave_requests')
    .values({
      user_id: dev.user.id,
      absence_type_id: type.id,
      start_date: week.wednesday,
      start_part: 'MORNING',
      end_date: week.thursday,
      end_part: 'AFTERNOON',
      duration: '2',
      year: Number(week.wednesday.slice(0, 4)),
      reason: null,
      status: 'APPROVED',
      decision_reason: null,
      decided_at: new Date(),
      cancelled_at: null,
      attachment_key: null,
      attachment_name: null,
      attachment_type: null,
      attachment_size: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('leave_days')
    .values([
      { leave_request_id: leave.id, user_id: dev.user.id, day: week.wednesday, amount: '1' },
      { leave_request_id: leave.id, user_id: dev.user.id, day: week.thursday, amount: '1' },
    ])
    .execute();
  const ot = await app.db
    .insertInto('ot_requests')
    .values({
      user_id: dev.user.id,
      project_id: project.id,
      work_date: week.tuesday,
      start_time: '18:00',
      end_time: '20:00',
      minutes: 120,
      reason: null,
      status: 'APPROVED',
      decision_reason: null,
      decided_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('ot_segments')
    .values({
      ot_request_id: ot.id,
      user_id: dev.user.id,
      day: week.tuesday,
      minutes: 120,
      night_minutes: 0,
      day_type: 'WORKDAY',
    })
    .execute();
  const reporter = await app.signIn({ permissions: ['worklogs.report'] });
  const page = (
    await reporter.inject({
      method: 'GET',
      url: `/api/work-logs/reconciliation?from=${week.monday}&to=${week.sunday}&personId=${dev.user.id}`,
    })
  ).json();
  t.same(page.items[0], {
    person: { id: dev.user.id, firstName: 'Minh', lastName: 'Tran', email: dev.user.email },
    expectedHours: 40,
    loggedHours: 22,
    overtimeHours: 2,
    leaveHours: 16,
    gapDays: [week.friday],
    doubleCountDays: [week.wednesday],
  });
  const scoped = await app.signIn();
  await grantProjectRole(app.db, scoped.user.id, project.id, ['worklogs.report']);
  t.equal(
    (await scoped.inject({ method: 'GET', url: '/api/work-logs/reconciliation' })).statusCode,
    403,
    "a person's whole hours are for company-wide reporters",
  );
});
