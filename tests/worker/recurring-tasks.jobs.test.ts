import { sql } from 'kysely';
import t from 'tap';
import { companyToday } from '../../server/core/company-date.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import type { Db } from '../../server/db/connect.ts';
import {
  generateDueChildren,
  markOverdueChildren,
} from '../../server/domains/recurring-tasks/recurring-task-jobs.service.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import {
  childrenOf,
  createChild,
  createRecurringTask,
  recurringNotificationsOf,
} from '../helpers/recurring-task-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The jobs of server/domains/recurring-tasks/recurring-tasks.jobs.ts against a real database: a
// child per occurrence at most once — run twice, by two workers at once, or again after a crash half
// way — month ends, and overdue children with their notifications. Each subtest has a database of
// its own, since a run generates for every task that is due.

const config = testConfig();
const today = companyToday(config);

async function freshDatabase(t: { teardown(fn: () => unknown): void }): Promise<Db> {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  return database.db;
}
const system = (db: Db, requestId = 'job:test-manual') =>
  createContext({ db, config }, SYSTEM_ACTOR, { requestId });

async function duplicates(db: Db) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (
      select 1 from recurring_task_children where occurrence_date is not null
      group by recurring_task_id, occurrence_date having count(*) > 1) d`.execute(db);
  return rows[0]!.n;
}

t.test('recurring-tasks.generate creates each due child once and moves the schedule on', async (t) => {
  const db = await freshDatabase(t);
  const person = await createUser(db, { builtInRoles: ['user'] });
  const daily = await createRecurringTask(db, {
    name: 'Daily stand-up notes',
    startDate: addDays(today, -5),
    nextScheduledDate: today,
    deadlineDays: 0,
    assigneeIds: [person.id],
  });
  const weekly = await createRecurringTask(db, {
    cycle: 'WEEKLY',
    startDate: today,
    deadlineDays: 2,
    assigneeIds: [person.id],
  });
  const later = await createRecurringTask(db, { startDate: addDays(today, 3), assigneeIds: [person.id] });
  const stopped = await createRecurringTask(db, {
    startDate: today,
    active: false,
    assigneeIds: [person.id],
  });

  const first = await runJobHandler(db, config, 'recurring-tasks.generate');
  t.same(first, { today, tasks: 2, generated: 2 });
  const second = await runJobHandler(db, config, 'recurring-tasks.generate');
  t.same(second, { today, tasks: 0, generated: 0 }, 'a second run finds nothing due');

  t.same(
    (await childrenOf(db, daily.id)).map((c) => [c.occurrence_date, c.due_date, c.status, c.source]),
    [[today, today, 'INCOMPLETE', 'GENERATED']],
  );
  t.same(
    (await childrenOf(db, weekly.id)).map((c) => [c.occurrence_date, c.due_date]),
    [[today, addDays(today, 2)]],
    'due two days after it starts',
  );
  t.equal((await childrenOf(db, later.id)).length, 0, 'not yet');
  t.equal((await childrenOf(db, stopped.id)).length, 0, 'an inactive task generates nothing');
  const next = await db
    .selectFrom('recurring_tasks')
    .select(['id', 'next_scheduled_date'])
    .where('id', 'in', [daily.id, weekly.id])
    .execute();
  t.same(Object.fromEntries(next.map((r) => [r.id, r.next_scheduled_date])), {
    [daily.id]: addDays(today, 1),
    [weekly.id]: addDays(today, 7),
  });
  const told = await recurringNotificationsOf(db, person.id);
  t.same(
    told.map((n) => [n.type, (n.data as { recurringTask: { name: string } }).recurringTask.name]).sort(),
    [
      ['RECURRING_TASK_DUE', 'Daily stand-up notes'],
      ['RECURRING_TASK_DUE', weekly.name],
    ].sort(),
    'the assignee is told once per child',
  );
  const audit = await auditOfJob(db, 'recurring-tasks.generate');
  t.match(audit, [
    { action: 'recurring_task.children_generated', actor_label: 'system', after: { children: 2 } },
  ]);
});

t.test('two workers at once create every child once and notify once', async (t) => {
  const db = await freshDatabase(t);
  const people = await Promise.all([1, 2, 3].map(() => createUser(db, { builtInRoles: ['user'] })));
  const tasks = [];
  for (let i = 0; i < 30; i++)
    tasks.push(
      await createRecurringTask(db, {
        startDate: addDays(today, -2),
        nextScheduledDate: addDays(today, -(i % 3)),
        assigneeIds: [people[i % 3]!.id],
      }),
    );
  // Small batches, so the two runs really interleave; and the job's handlers twice as well.
  const results = await Promise.all([
    generateDueChildren(system(db, 'job:a'), { batchSize: 3 }),
    generateDueChildren(system(db, 'job:b'), { batchSize: 3 }),
    runJobHandler(db, config, 'recurring-tasks.generate'),
    runJobHandler(db, config, 'recurring-tasks.generate'),
  ]);
  const expected = tasks.reduce((sum, _task, i) => sum + (i % 3) + 1, 0);
  t.equal(
    results.reduce((sum: number, r) => sum + (r as { generated: number }).generated, 0),
    expected,
    'the runs together created each child once',
  );
  const count = await db
    .selectFrom('recurring_task_children')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  t.equal(count.n, expected);
  t.equal(await duplicates(db), 0, 'no occurrence has two children');
  const notifications = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('type', '=', 'RECURRING_TASK_DUE')
    .executeTakeFirstOrThrow();
  t.equal(notifications.n, expected, 'one notification per child');
  const due = await db
    .selectFrom('recurring_tasks')
    .select('id')
    .where('next_scheduled_date', '<=', today)
    .execute();
  t.equal(due.length, 0, 'every schedule moved past today');
});

t.test(
  'a run that crashes half-way leaves whole batches; the retry finishes without duplicates',
  async (t) => {
    const db = await freshDatabase(t);
    const person = await createUser(db, { builtInRoles: ['user'] });
    // The first batch (two tasks, due since yesterday) commits; the second fails while notifying.
    const early = await Promise.all(
      ['Early A', 'Early B'].map((name) =>
        createRecurringTask(db, { name, startDate: addDays(today, -1), assigneeIds: [person.id] }),
      ),
    );
    const crashing = await createRecurringTask(db, {
      name: 'Crash here',
      startDate: today,
      assigneeIds: [person.id],
    });
    const other = await createRecurringTask(db, {
      name: 'Late D',
      startDate: today,
      assigneeIds: [person.id],
    });
    await sql`create function bo_test_crash() returns trigger language plpgsql as $$
    begin
      if new.data->'recurringTask'->>'name' = 'Crash here' then raise exception 'simulated crash'; end if;
      return new;
    end $$`.execute(db);
    await sql`create trigger bo_test_crash before insert on notifications
    for each row execute function bo_test_crash()`.execute(db);

    await t.rejects(generateDueChildren(system(db), { batchSize: 2 }), /simulated crash/);
    for (const task of early)
      t.equal((await childrenOf(db, task.id)).length, 2, `${task.name}: its batch committed`);
    t.equal((await childrenOf(db, crashing.id)).length, 0, 'the failed batch left no child');
    t.equal((await childrenOf(db, other.id)).length, 0);
    const stuck = await db
      .selectFrom('recurring_tasks')
      .select('next_scheduled_date')
      .where('id', '=', crashing.id)
      .executeTakeFirstOrThrow();
    t.equal(stuck.next_scheduled_date, today, 'nor moved its schedule: same transaction');

    await sql`drop trigger bo_test_crash on notifications`.execute(db);
    await sql`drop function bo_test_crash()`.execute(db);
    const retry = await runJobHandler(db, config, 'recurring-tasks.generate');
    t.same(retry, { today, tasks: 2, generated: 2 }, 'the retry does the rest');
    for (const task of [...early, crashing, other])
      t.equal((await childrenOf(db, task.id)).at(-1)?.occurrence_date, today);
    t.equal(await duplicates(db), 0);
    t.equal((await recurringNotificationsOf(db, person.id)).length, 6, 'one notification per child');
  },
);

t.test(
  'month ends: the 31st falls on each month’s last day; quarterly and yearly from 29 February',
  async (t) => {
    const db = await freshDatabase(t);
    const person = await createUser(db, { builtInRoles: ['user'] });
    const monthly = await createRecurringTask(db, {
      cycle: 'MONTHLY',
      startDate: '2027-01-31',
      deadlineDays: 3,
      assigneeIds: [person.id],
    });
    await generateDueChildren(system(db), { today: '2027-05-01' });
    t.same(
      (await childrenOf(db, monthly.id)).map((c) => [c.occurrence_date, c.due_date]),
      [
        ['2027-01-31', '2027-02-03'],
        ['2027-02-28', '2027-03-03'],
        ['2027-03-31', '2027-04-03'],
        ['2027-04-30', '2027-05-03'],
      ],
      'a worker behind catches up; each date from the start day, not chained',
    );
    const nextMonthly = await db
      .selectFrom('recurring_tasks')
      .select('next_scheduled_date')
      .where('id', '=', monthly.id)
      .executeTakeFirstOrThrow();
    t.equal(nextMonthly.next_scheduled_date, '2027-05-31');

    const leapMonthly = await createRecurringTask(db, { cycle: 'MONTHLY', startDate: '2028-01-31' });
    const quarterly = await createRecurringTask(db, { cycle: 'QUARTERLY', startDate: '2028-02-29' });
    const yearly = await createRecurringTask(db, { cycle: 'YEARLY', startDate: '2028-02-29' });
    await generateDueChildren(system(db), { today: '2032-03-01', batchSize: 2 });
    const dates = async (id: string) => (await childrenOf(db, id)).map((c) => c.occurrence_date);
    t.same((await dates(leapMonthly.id)).slice(0, 3), ['2028-01-31', '2028-02-29', '2028-03-31']);
    t.same((await dates(quarterly.id)).slice(0, 6), [
      '2028-02-29',
      '2028-05-29',
      '2028-08-29',
      '2028-11-29',
      '2029-02-28',
      '2029-05-29',
    ]);
    t.same(await dates(yearly.id), ['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
    t.equal((await dates(monthly.id)).length, 62, 'five years of the monthly task');
    t.equal(await duplicates(db), 0);
  },
);

t.test(
  'recurring-tasks.mark-overdue marks incomplete children past due, and tells the active assignees once',
  async (t) => {
    const db = await freshDatabase(t);
    const person = await createUser(db, { builtInRoles: ['user'] });
    const gone = await createUser(db, { builtInRoles: ['user'], status: 'INACTIVE' });
    const task = await createRecurringTask(db, {
      name: 'Invoices filed',
      startDate: addDays(today, 10),
      assigneeIds: [person.id, gone.id],
    });
    const late = await createChild(db, task.id, { date: addDays(today, -3), dueDate: addDays(today, -1) });
    const dueToday = await createChild(db, task.id, {
      date: addDays(today, -1),
      dueDate: today,
      manual: true,
    });
    const done = await createChild(db, task.id, { date: addDays(today, -5), status: 'COMPLETED' });
    const dropped = await createChild(db, task.id, { date: addDays(today, -6), status: 'CANCELLED' });

    t.same(await runJobHandler(db, config, 'recurring-tasks.mark-overdue'), { today, overdue: 1 });
    t.same(await runJobHandler(db, config, 'recurring-tasks.mark-overdue'), { today, overdue: 0 });
    const statuses = Object.fromEntries((await childrenOf(db, task.id)).map((c) => [c.id, c.status]));
    t.same(statuses, {
      [late.id]: 'OVERDUE',
      [dueToday.id]: 'INCOMPLETE',
      [done.id]: 'COMPLETED',
      [dropped.id]: 'CANCELLED',
    });
    t.same(
      (await recurringNotificationsOf(db, person.id)).map((n) => [
        n.type,
        (n.data as { child: { id: string; dueDate: string } }).child,
      ]),
      [
        [
          'RECURRING_TASK_OVERDUE',
          { id: late.id, startDate: addDays(today, -3), dueDate: addDays(today, -1) },
        ],
      ],
    );
    t.equal((await recurringNotificationsOf(db, gone.id)).length, 0, 'a deactivated assignee is not told');
    t.match(await auditOfJob(db, 'recurring-tasks.mark-overdue'), [
      { action: 'recurring_task.children_overdue', after: { children: 1 } },
    ]);
    await t.rejects(
      markOverdueChildren(createContext({ db, config }, { ...SYSTEM_ACTOR, kind: 'user', id: person.id })),
      { code: 'FORBIDDEN' },
      'people do not run it',
    );
  },
);
