import t from 'tap';
import { companyToday } from '../../server/core/company-date.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { runJobHandler } from '../helpers/jobs.ts';
import {
  childrenOf,
  createChild,
  createRecurringTask,
  recurringNotificationsOf,
  recurringTaskState,
} from '../helpers/recurring-task-factories.ts';

/**
 * Recurring tasks through the API (issue 18, second half): creating and reading tasks with their
 * schedule (month-end dates, quarterly and yearly from February 29), who sees what, every refusal
 * with its message and nothing changed, editing and rescheduling, deactivating and reactivating
 * without back-fill, deleting, the children and their four actions, My tasks, and children added by
 * hand. The worker's runs are tests/worker/recurring-tasks.jobs.test.ts.
 */

const MANAGER = ['recurring-tasks.manage', 'recurring-tasks.view'] as const;

async function world(app: TestApp) {
  const manager = await app.signIn({ permissions: [...MANAGER], firstName: 'Lan', lastName: 'Pham' });
  const assignee = await app.signIn({ builtInRoles: ['user'], firstName: 'Minh', lastName: 'Tran' });
  const stranger = await app.signIn({ builtInRoles: ['user'] });
  return { manager, assignee, stranger, today: companyToday(app.config) };
}

type Caller = { inject: TestApp['inject'] };
const create = (who: Caller, payload: object) =>
  who.inject({ method: 'POST', url: '/api/recurring-tasks', payload });
const body = (assigneeIds: string[], extra: object = {}) => ({
  name: 'Check the backups',
  cycle: 'MONTHLY',
  startDate: '2030-01-31',
  deadlineDays: 3,
  assigneeIds,
  ...extra,
});

/** The first 29 February after today (a leap day in the future). */
function nextLeapDay(today: string): string {
  for (let year = Number(today.slice(0, 4)) + 1; ; year++)
    if (new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1) return `${year}-02-29`;
}

t.test(
  'a manager creates a monthly task from the 31st: the schedule falls on each month’s last day',
  async (t) => {
    const app = await buildTestApp(t);
    const { manager, assignee, stranger, today } = await world(app);
    const start = `${Number(today.slice(0, 4)) + 1}-01-31`;
    const year = start.slice(0, 4);
    const leap = new Date(Date.UTC(Number(year), 1, 29)).getUTCMonth() === 1;
    const created = await create(
      manager,
      body([assignee.user.id], { startDate: start, description: ' Nightly dumps ' }),
    );
    t.equal(created.statusCode, 201, created.body);
    t.match(created.json(), {
      name: 'Check the backups',
      description: 'Nightly dumps',
      cycle: 'MONTHLY',
      startDate: start,
      deadlineDays: 3,
      nextScheduledDate: start,
      active: true,
      assignees: [{ id: assignee.user.id, firstName: 'Minh', lastName: 'Tran' }],
      childCounts: { INCOMPLETE: 0, COMPLETED: 0, OVERDUE: 0, CANCELLED: 0 },
      version: 1,
      abilities: { view: true, edit: true, delete: true, changeStatus: true, addChild: true },
    });
    t.same(
      created.json().upcoming,
      [start, `${year}-02-${leap ? 29 : 28}`, `${year}-03-31`, `${year}-04-30`, `${year}-05-31`],
      '31 January, the end of February, 31 March, 30 April: counted from the start day',
    );
    const id = created.json().id;

    const seen = await assignee.inject({ method: 'GET', url: `/api/recurring-tasks/${id}` });
    t.equal(seen.statusCode, 200, 'the assignee sees it');
    t.match(seen.json().abilities, {
      view: true,
      edit: false,
      delete: false,
      changeStatus: false,
      addChild: false,
    });
    t.equal(
      (await stranger.inject({ method: 'GET', url: `/api/recurring-tasks/${id}` })).statusCode,
      404,
      'someone not assigned does not',
    );
    t.equal((await assignee.inject({ method: 'GET', url: '/api/recurring-tasks' })).json().total, 1);
    t.equal((await stranger.inject({ method: 'GET', url: '/api/recurring-tasks' })).json().total, 0);
    const filtered = await manager.inject({
      method: 'GET',
      url: `/api/recurring-tasks?cycle=MONTHLY&active=true&search=backup&assigneeId=${assignee.user.id}`,
    });
    t.equal(filtered.json().total, 1, 'managers filter by cycle, state, name and assignee');
    t.equal(
      (await manager.inject({ method: 'GET', url: '/api/recurring-tasks?cycle=DAILY' })).json().total,
      0,
    );
    const audit = await app.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', id)
      .execute();
    t.same(audit, [{ action: 'recurring_task.created', actor_id: manager.user.id }]);
  },
);

t.test('quarterly and yearly tasks from 29 February keep the 29th where it exists', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee, today } = await world(app);
  const leapDay = nextLeapDay(today);
  const year = Number(leapDay.slice(0, 4));
  const quarterly = await create(
    manager,
    body([assignee.user.id], { cycle: 'QUARTERLY', startDate: leapDay }),
  );
  t.equal(quarterly.statusCode, 201, quarterly.body);
  t.same(quarterly.json().upcoming, [
    leapDay,
    `${year}-05-29`,
    `${year}-08-29`,
    `${year}-11-29`,
    `${year + 1}-02-28`,
  ]);
  const yearly = await create(manager, body([assignee.user.id], { cycle: 'YEARLY', startDate: leapDay }));
  t.same(yearly.json().upcoming, [
    leapDay,
    `${year + 1}-02-28`,
    `${year + 2}-02-28`,
    `${year + 3}-02-28`,
    `${year + 4}-02-29`,
  ]);
});

t.test('a start date in the past schedules from today, without back-filling', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee, today } = await world(app);
  const weekly = await create(
    manager,
    body([assignee.user.id], { cycle: 'WEEKLY', startDate: addDays(today, -30), deadlineDays: 6 }),
  );
  t.equal(weekly.statusCode, 201, weekly.body);
  // 30 days ago plus five weeks is five days from now: the first occurrence on or after today.
  t.equal(weekly.json().nextScheduledDate, addDays(today, 5));
  const daily = await create(
    manager,
    body([assignee.user.id], { cycle: 'DAILY', startDate: '2020-01-01', deadlineDays: 0 }),
  );
  t.equal(daily.json().nextScheduledDate, today, 'a daily task: today itself');
  await runJobHandler(app.db, app.config, 'recurring-tasks.generate');
  t.equal((await childrenOf(app.db, daily.json().id)).length, 1, 'one child (today), not six years of them');
  t.equal((await childrenOf(app.db, weekly.json().id)).length, 0, 'nothing before its next date');
});

t.test('bad tasks are refused with clear messages and change nothing', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee } = await world(app);
  const inactive = await createUser(app.db, {
    builtInRoles: ['user'],
    status: 'INACTIVE',
    firstName: 'Hoa',
    lastName: 'Le',
  });
  const noAccess = await createUser(app.db, {
    permissions: ['employees.view'],
    firstName: 'Tuan',
    lastName: 'Vo',
  });
  const before = await recurringTaskState(app.db);
  const problems = async (payload: object, headers: Record<string, string> = {}) => {
    const response = await manager.inject({ method: 'POST', url: '/api/recurring-tasks', payload, headers });
    t.equal(response.statusCode, 422, response.body);
    return response.json().details.map((d: { field: string; message: string }) => `${d.field}: ${d.message}`);
  };

  t.same(await problems(body([assignee.user.id], { deadlineDays: 28 })), [
    'deadlineDays: At most 27 days for this cycle: each occurrence must be due before the next one starts',
  ]);
  t.same(await problems(body([assignee.user.id], { cycle: 'DAILY', deadlineDays: 1 })), [
    'deadlineDays: At most 0 days for this cycle: each occurrence must be due before the next one starts',
  ]);
  t.same(await problems(body([])), ['assigneeIds: Choose at least one assignee']);
  t.same(await problems(body([inactive.id, noAccess.id, '00000000-0000-4000-8000-00000000abcd'])), [
    'assigneeIds: Hoa Le is not an active employee',
    'assigneeIds: Tuan Vo cannot see recurring tasks (the “View recurring tasks” permission)',
    'assigneeIds: The selected person does not exist',
  ]);
  const shape = await problems({
    ...body([assignee.user.id]),
    cycle: 'HOURLY',
    name: '   ',
    startDate: '2030-02-30',
  });
  t.equal(shape.length, 3, shape.join(' | '));
  t.match(shape.join('\n'), /cycle: Choose one of: DAILY, WEEKLY, MONTHLY, QUARTERLY, YEARLY/);
  t.same(await problems(body([assignee.user.id], { startDate: '0031-01-31' })), [
    'startDate: Start date is not valid',
  ]);
  t.same(await problems(body([assignee.user.id], { deadlineDays: -1 })), [
    'deadlineDays: This value must be at least 0',
  ]);
  t.same(
    await problems(body([assignee.user.id], { deadlineDays: 90, cycle: 'QUARTERLY' }), {
      'accept-language': 'vi',
    }),
    ['deadlineDays: Tối đa 88 ngày với chu kỳ này: mỗi lần phải đến hạn trước khi lần tiếp theo bắt đầu'],
    'in Vietnamese too',
  );
  t.equal((await create(assignee, body([assignee.user.id]))).statusCode, 403, 'only managers create');
  t.same(await recurringTaskState(app.db), before, 'nothing changed');
});

t.test('editing: a stale version is refused; a new cycle or start reschedules from today', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee, stranger, today } = await world(app);
  const other = await app.signIn({ builtInRoles: ['user'] });
  const created = (await create(manager, body([assignee.user.id], { startDate: addDays(today, 40) }))).json();
  const put = (payload: object, who: Caller = manager) =>
    who.inject({ method: 'PUT', url: `/api/recurring-tasks/${created.id}`, payload });
  const fields = {
    name: created.name,
    description: null,
    cycle: created.cycle,
    startDate: created.startDate,
    deadlineDays: created.deadlineDays,
    assigneeIds: [assignee.user.id],
  };

  const renamed = await put({ ...fields, name: 'Check backups and restores', deadlineDays: 5, version: 1 });
  t.equal(renamed.statusCode, 200, renamed.body);
  t.match(renamed.json(), { name: 'Check backups and restores', deadlineDays: 5, version: 2 });
  t.equal(renamed.json().nextScheduledDate, created.nextScheduledDate, 'the schedule did not move');

  const before = await recurringTaskState(app.db);
  t.equal((await put({ ...fields, version: 1 })).statusCode, 412, 'a stale version is refused');
  t.equal((await put({ ...fields, version: 2 }, assignee)).statusCode, 403, 'assignees do not edit');
  t.equal(
    (await put({ ...fields, deadlineDays: 40, version: 2 })).json().details[0].field,
    'deadlineDays',
    'the same rules as creating',
  );
  t.same(await recurringTaskState(app.db), before, 'refusals change nothing');

  const rescheduled = await put({
    ...fields,
    cycle: 'WEEKLY',
    deadlineDays: 2,
    startDate: addDays(today, -10),
    assigneeIds: [other.user.id, stranger.user.id],
    version: 2,
  });
  t.equal(rescheduled.statusCode, 200, rescheduled.body);
  t.equal(rescheduled.json().nextScheduledDate, addDays(today, 4), 'the first weekly occurrence from today');
  t.same(
    rescheduled
      .json()
      .assignees.map((a: { id: string }) => a.id)
      .sort(),
    [other.user.id, stranger.user.id].sort(),
  );
  t.equal(
    (await assignee.inject({ method: 'GET', url: `/api/recurring-tasks/${created.id}` })).statusCode,
    404,
    'the former assignee no longer sees it',
  );
  const audit = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_id', '=', created.id)
    .orderBy('id')
    .execute();
  t.same(
    audit.map((a) => a.action),
    ['recurring_task.created', 'recurring_task.updated', 'recurring_task.updated'],
  );
});

t.test('deactivating stops generation; reactivating resumes from today without back-fill', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee, today } = await world(app);
  const created = (
    await create(
      manager,
      body([assignee.user.id], { cycle: 'DAILY', startDate: addDays(today, -20), deadlineDays: 0 }),
    )
  ).json();
  const status = (active: boolean, version: number, who: Caller = manager) =>
    who.inject({
      method: 'PUT',
      url: `/api/recurring-tasks/${created.id}/status`,
      payload: { active, version },
    });

  const off = await status(false, 1);
  t.equal(off.statusCode, 200, off.body);
  t.match(off.json(), { active: false, upcoming: [], version: 2 });
  t.equal((await status(false, 2)).statusCode, 409, 'already inactive');
  t.equal((await status(true, 1)).statusCode, 412, 'a stale version');
  t.equal((await status(true, 2, assignee)).statusCode, 403, 'assignees do not activate');
  await runJobHandler(app.db, app.config, 'recurring-tasks.generate');
  t.equal((await childrenOf(app.db, created.id)).length, 0, 'an inactive task generates nothing');

  // As if it had stopped twenty days ago: reactivating does not make twenty children.
  await app.db
    .updateTable('recurring_tasks')
    .set({ next_scheduled_date: addDays(today, -20) })
    .where('id', '=', created.id)
    .execute();
  const on = await status(true, 2);
  t.equal(on.statusCode, 200, on.body);
  t.match(on.json(), { active: true, nextScheduledDate: today, version: 3 });
  t.equal(on.json().upcoming[0], today);
  await runJobHandler(app.db, app.config, 'recurring-tasks.generate');
  t.same(
    (await childrenOf(app.db, created.id)).map((c) => c.occurrence_date),
    [today],
    'only today’s child',
  );
  const actions = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_id', '=', created.id)
    .orderBy('id')
    .execute();
  t.same(
    actions.map((a) => a.action),
    ['recurring_task.created', 'recurring_task.deactivated', 'recurring_task.activated'],
  );
});

t.test('a task without children is deleted; one with children is refused and kept', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee, today } = await world(app);
  const empty = (await create(manager, body([assignee.user.id]))).json();
  const used = (await create(manager, body([assignee.user.id], { name: 'Payroll' }))).json();
  await createChild(app.db, used.id, { date: today });
  await createChild(app.db, used.id, { date: addDays(today, -1), status: 'COMPLETED' });

  const before = await recurringTaskState(app.db);
  const refused = await manager.inject({ method: 'DELETE', url: `/api/recurring-tasks/${used.id}` });
  t.equal(refused.statusCode, 409);
  t.equal(
    refused.json().message,
    'This recurring task has 2 child tasks: deactivate it instead, so their history stays.',
  );
  t.equal(
    (await assignee.inject({ method: 'DELETE', url: `/api/recurring-tasks/${empty.id}` })).statusCode,
    403,
  );
  t.same(await recurringTaskState(app.db), before, 'nothing changed');

  t.equal(
    (await manager.inject({ method: 'DELETE', url: `/api/recurring-tasks/${empty.id}` })).statusCode,
    204,
  );
  t.equal((await manager.inject({ method: 'GET', url: `/api/recurring-tasks/${empty.id}` })).statusCode, 404);
  t.equal((await manager.inject({ method: 'GET', url: '/api/recurring-tasks' })).json().total, 1);
  const row = await app.db
    .selectFrom('recurring_tasks')
    .select('deleted_at')
    .where('id', '=', empty.id)
    .executeTakeFirstOrThrow();
  t.ok(row.deleted_at, 'kept, marked deleted');
});

t.test('an assignee completes and reopens their children; managers cancel and restore', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee, stranger, today } = await world(app);
  const task = await createRecurringTask(app.db, {
    name: 'Water the plants',
    startDate: addDays(today, -3),
    nextScheduledDate: addDays(today, 1),
    assigneeIds: [assignee.user.id],
  });
  const old = await createChild(app.db, task.id, { date: addDays(today, -3), status: 'OVERDUE' });
  const current = await createChild(app.db, task.id, { date: today });
  const done = await createChild(app.db, task.id, { date: addDays(today, -2), status: 'COMPLETED' });
  const action = (who: Caller, id: string, name: string) =>
    who.inject({ method: 'POST', url: `/api/recurring-task-children/${id}/${name}` });

  const mine = await assignee.inject({ method: 'GET', url: '/api/recurring-task-children?status=OPEN' });
  t.equal(mine.statusCode, 200, mine.body);
  t.same(
    mine.json().items.map((c: { id: string }) => c.id),
    [old.id, current.id],
    'My tasks: the open children, most urgent first',
  );
  t.match(mine.json().items[1], {
    recurringTask: { id: task.id, name: 'Water the plants', cycle: 'DAILY', active: true },
    status: 'INCOMPLETE',
    source: 'GENERATED',
    abilities: { complete: true, incomplete: false, cancel: false, uncancel: false, editNote: true },
  });
  t.equal((await stranger.inject({ method: 'GET', url: '/api/recurring-task-children' })).json().total, 0);

  const completed = await action(assignee, current.id, 'complete');
  t.equal(completed.statusCode, 200, completed.body);
  t.match(completed.json(), {
    status: 'COMPLETED',
    completedBy: { id: assignee.user.id, firstName: 'Minh' },
    abilities: { complete: false, incomplete: true },
  });
  t.ok(completed.json().completedAt);
  const reopenedLate = await action(assignee, done.id, 'incomplete');
  t.match(
    reopenedLate.json(),
    { status: 'OVERDUE', completedBy: null, completedAt: null },
    'past its due day: overdue at once',
  );

  const before = await recurringTaskState(app.db);
  const twice = await action(assignee, current.id, 'complete');
  t.equal(twice.statusCode, 409);
  t.equal(twice.json().message, 'This task is already completed or cancelled.');
  t.equal(
    (await action(assignee, old.id, 'incomplete')).json().message,
    'Only a completed task can be marked incomplete.',
  );
  t.equal(
    (await action(manager, old.id, 'uncancel')).json().message,
    'Only a cancelled task can be restored.',
  );
  t.equal((await action(assignee, old.id, 'cancel')).statusCode, 403, 'assignees do not cancel');
  t.equal((await action(stranger, old.id, 'complete')).statusCode, 404, 'others do not see it');
  t.equal(
    (
      await stranger.inject({
        method: 'PUT',
        url: `/api/recurring-task-children/${old.id}/note`,
        payload: { note: 'x' },
      })
    ).statusCode,
    404,
  );
  t.same(await recurringTaskState(app.db), before, 'refusals change nothing');

  const cancelled = await action(manager, old.id, 'cancel');
  t.match(cancelled.json(), { status: 'CANCELLED', abilities: { uncancel: true, complete: false } });
  t.ok(cancelled.json().cancelledAt);
  const restored = await action(manager, old.id, 'uncancel');
  t.match(restored.json(), { status: 'OVERDUE', cancelledAt: null });
  const noted = await assignee.inject({
    method: 'PUT',
    url: `/api/recurring-task-children/${old.id}/note`,
    payload: { note: '  Done on Friday, late  ' },
  });
  t.equal(noted.json().note, 'Done on Friday, late');
  const completedByManager = await action(manager, old.id, 'complete');
  t.match(
    completedByManager.json(),
    { status: 'COMPLETED', completedBy: { id: manager.user.id } },
    'managers may too',
  );

  const history = await assignee.inject({
    method: 'GET',
    url: '/api/recurring-task-children?status=COMPLETED',
  });
  t.equal(history.json().total, 2);
  t.equal(
    (await assignee.inject({ method: 'GET', url: '/api/recurring-task-children?scope=all' })).statusCode,
    403,
    'every child is for managers',
  );
  t.equal(
    (await manager.inject({ method: 'GET', url: '/api/recurring-task-children?scope=all' })).json().total,
    3,
  );
  const ofTask = await assignee.inject({ method: 'GET', url: `/api/recurring-tasks/${task.id}/children` });
  t.same(
    ofTask.json().items.map((c: { id: string }) => c.id),
    [current.id, done.id, old.id],
    'a task’s children, latest first',
  );
  t.equal(
    (await stranger.inject({ method: 'GET', url: `/api/recurring-tasks/${task.id}/children` })).statusCode,
    404,
  );
  const audit = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_type', '=', 'recurring_task_child')
    .orderBy('id')
    .execute();
  t.same(
    audit.map((a) => a.action),
    [
      'recurring_task_child.completed',
      'recurring_task_child.reopened',
      'recurring_task_child.cancelled',
      'recurring_task_child.uncancelled',
      'recurring_task_child.note_changed',
      'recurring_task_child.completed',
    ],
  );
});

t.test('new assignees take over the open children', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee, stranger, today } = await world(app);
  const created = (
    await create(manager, body([assignee.user.id], { cycle: 'DAILY', startDate: today, deadlineDays: 0 }))
  ).json();
  await runJobHandler(app.db, app.config, 'recurring-tasks.generate');
  t.equal(
    (await assignee.inject({ method: 'GET', url: '/api/recurring-task-children?status=OPEN' })).json().total,
    1,
  );
  await manager.inject({
    method: 'PUT',
    url: `/api/recurring-tasks/${created.id}`,
    payload: {
      name: created.name,
      cycle: 'DAILY',
      startDate: today,
      deadlineDays: 0,
      assigneeIds: [stranger.user.id],
      version: created.version,
    },
  });
  t.equal(
    (await assignee.inject({ method: 'GET', url: '/api/recurring-task-children?status=OPEN' })).json().total,
    0,
  );
  const theirs = await stranger.inject({ method: 'GET', url: '/api/recurring-task-children?status=OPEN' });
  t.equal(theirs.json().total, 1);
  t.equal(theirs.json().items[0].occurrenceDate, today, 'the same child; the schedule did not move');
});

t.test('a manager adds a child by hand; its assignees are told', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee, today } = await world(app);
  const task = (
    await create(
      manager,
      body([assignee.user.id], { cycle: 'WEEKLY', startDate: addDays(today, 30), deadlineDays: 4 }),
    )
  ).json();
  const add = (payload: object, who: Caller = manager) =>
    who.inject({ method: 'POST', url: `/api/recurring-tasks/${task.id}/children`, payload });

  const added = await add({ startDate: today, note: 'An extra check before the audit' });
  t.equal(added.statusCode, 201, added.body);
  t.match(added.json(), {
    occurrenceDate: null,
    startDate: today,
    dueDate: addDays(today, 4),
    status: 'INCOMPLETE',
    source: 'MANUAL',
    note: 'An extra check before the audit',
  });
  const late = await add({ startDate: addDays(today, -9), dueDate: addDays(today, -2) });
  t.match(late.json(), { status: 'OVERDUE', dueDate: addDays(today, -2) }, 'past its due day: overdue');
  t.same(
    (await recurringNotificationsOf(app.db, assignee.user.id)).map((n) => [
      n.type,
      (n.data as { child: { dueDate: string }; actor: { firstName: string } }).child.dueDate,
      (n.data as { actor: { firstName: string } }).actor.firstName,
    ]),
    [
      ['RECURRING_TASK_DUE', addDays(today, 4), 'Lan'],
      ['RECURRING_TASK_OVERDUE', addDays(today, -2), 'Lan'],
    ],
  );

  const before = await recurringTaskState(app.db);
  const backwards = await add({ startDate: today, dueDate: addDays(today, -1) });
  t.equal(backwards.statusCode, 422);
  t.same(backwards.json().details, [
    { field: 'dueDate', code: 'dueBeforeStart', message: 'The due date cannot be before the start date' },
  ]);
  t.same(
    (await add({ startDate: '1999-12-31' })).json().details.map((d: { message: string }) => d.message),
    ['Start date is not valid'],
  );
  t.equal((await add({ startDate: today }, assignee)).statusCode, 403, 'only managers add children');
  t.equal(
    (
      await manager.inject({
        method: 'POST',
        url: '/api/recurring-tasks/00000000-0000-4000-8000-000000000000/children',
        payload: { startDate: today },
      })
    ).statusCode,
    404,
  );
  t.same(await recurringTaskState(app.db), before, 'nothing changed');
  const detail = await manager.inject({ method: 'GET', url: `/api/recurring-tasks/${task.id}` });
  t.match(detail.json().childCounts, { INCOMPLETE: 1, OVERDUE: 1 });
});

t.test('assignee choices: active people who may see recurring tasks', async (t) => {
  const app = await buildTestApp(t);
  const { manager, assignee } = await world(app);
  await createUser(app.db, { permissions: ['employees.view'], firstName: 'Zed', lastName: 'Nope' });
  const found = await manager.inject({
    method: 'GET',
    url: '/api/recurring-tasks/assignee-candidates?search=minh',
  });
  t.equal(found.statusCode, 200, found.body);
  t.same(
    found.json().items.map((p: { id: string }) => p.id),
    [assignee.user.id],
  );
  t.equal(
    (
      await manager.inject({ method: 'GET', url: '/api/recurring-tasks/assignee-candidates?search=zed' })
    ).json().items.length,
    0,
  );
  t.equal(
    (await assignee.inject({ method: 'GET', url: '/api/recurring-tasks/assignee-candidates' })).statusCode,
    403,
  );
});
