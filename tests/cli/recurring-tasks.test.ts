import t from 'tap';
import { companyToday } from '../../server/core/company-date.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { testConfig } from '../helpers/build-app.ts';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { childrenOf, createChild, createRecurringTask } from '../helpers/recurring-task-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The recurring-task commands, spawned for real: `backoffice recurring-tasks generate`,
// `mark-overdue` and `list`, in text and JSON, with the landed exit codes.
t.setTimeout(300_000);

const database = await createTestDatabase();
t.teardown(() => database.drop());
const db = database.db;
const today = companyToday(testConfig());

const person = await createUser(db, { builtInRoles: ['user'], email: 'minh@example.com' });
const daily = await createRecurringTask(db, {
  name: 'Daily backup check',
  startDate: addDays(today, -3),
  nextScheduledDate: today,
  assigneeIds: [person.id],
});
await createRecurringTask(db, {
  name: 'Quarterly audit',
  cycle: 'QUARTERLY',
  startDate: addDays(today, 20),
  deadlineDays: 10,
  active: false,
  assigneeIds: [person.id],
});
const late = await createChild(db, daily.id, { date: addDays(today, -2) });

t.test('generate and mark-overdue run the scheduler; a second run changes nothing', async (t) => {
  const generate = await runCli(database.url, ['recurring-tasks', 'generate']);
  t.equal(generate.code, 0, generate.stderr);
  t.equal(
    generate.stdout.trim(),
    `1 child task generated for ${today.replaceAll('-', '/')} (recurring tasks moved on: 1).`,
  );
  const again = await runCli(database.url, ['--json', 'recurring-tasks', 'generate']);
  t.equal(again.code, 0, again.stderr);
  t.same(JSON.parse(again.stdout), { today, tasks: 0, generated: 0 });
  t.same(
    (await childrenOf(db, daily.id)).map((c) => c.occurrence_date),
    [late.occurrence_date, today],
  );

  const overdue = await runCli(database.url, ['--json', 'recurring-tasks', 'mark-overdue']);
  t.equal(overdue.code, 0, overdue.stderr);
  t.same(JSON.parse(overdue.stdout), { today, overdue: 1 });
  const vi = await runCli(database.url, ['--lang', 'vi', 'recurring-tasks', 'mark-overdue']);
  t.match(vi.stdout, /0 công việc con đã chuyển sang quá hạn/);
  const audit = await db
    .selectFrom('audit_events')
    .select(['action', 'actor_label'])
    .where('action', 'like', 'recurring_task.children_%')
    .execute();
  t.ok(
    audit.length === 2 && audit.every((a) => /^system \(os:.+\)$/.test(a.actor_label)),
    'audited as the system, naming who typed it',
  );
});

t.test('list shows the tasks, as a table or JSON, filtered', async (t) => {
  const table = await runCli(database.url, ['recurring-tasks', 'list']);
  t.equal(table.code, 0, table.stderr);
  t.match(table.stdout, /Daily backup check\s+Daily/);
  t.match(table.stdout, /Quarterly audit\s+Quarterly .*Inactive/);
  t.match(table.stdout, /minh@example\.com/);
  const json = await runCli(database.url, ['--json', 'recurring-tasks', 'list', '--status', 'inactive']);
  t.equal(json.code, 0, json.stderr);
  t.match(JSON.parse(json.stdout), {
    items: [{ name: 'Quarterly audit', cycle: 'QUARTERLY', active: false, deadlineDays: 10 }],
  });
  t.equal(JSON.parse(json.stdout).items.length, 1);
  const none = await runCli(database.url, ['recurring-tasks', 'list', '--search', 'payroll']);
  t.equal(none.stdout.trim(), 'No recurring tasks.');
});

t.test('bad options exit 2; a person may not run the scheduler (exit 1, nothing changed)', async (t) => {
  const badCycle = await runCli(database.url, ['recurring-tasks', 'list', '--cycle', 'HOURLY']);
  t.equal(badCycle.code, 2);
  t.match(badCycle.stderr, /DAILY, WEEKLY, MONTHLY, QUARTERLY, YEARLY/);
  const before = (await childrenOf(db, daily.id)).length;
  const forbidden = await runCli(database.url, [
    '--json',
    '--as',
    person.email,
    'recurring-tasks',
    'generate',
  ]);
  t.equal(forbidden.code, 1);
  t.equal(jsonError(forbidden).code, 'FORBIDDEN');
  t.equal((await childrenOf(db, daily.id)).length, before);
  const theirs = await runCli(database.url, ['--json', '--as', person.email, 'recurring-tasks', 'list']);
  t.equal(theirs.code, 0, theirs.stderr);
  t.equal(JSON.parse(theirs.stdout).items.length, 2, 'with --as, a person lists the tasks assigned to them');
});
