import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { projectWithMembers } from '../helpers/worklog-factories.ts';
import { addDays, mondayOf } from '../../shared/rules/periods.ts';

// The work-log commands, spawned for real: `backoffice worklogs export` and `backoffice worklogs reconcile`.
t.setTimeout(300_000);

const database = await createTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-worklogs-cli-'));
t.teardown(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const db = database.db;
const year = new Date().getUTCFullYear() - 1;

// A week of last year's March: 6 hours on Atlas (Monday and Tuesday), 2 hours on Beacon.
const monday = mondayOf(`${year}-03-11`);
const person = await createUser(db, { firstName: 'Minh', lastName: 'Tran', email: 'minh@example.com' });
const atlas = await projectWithMembers(db, [person.id], ['projects.view'], 'Atlas');
const beacon = await projectWithMembers(db, [person.id], ['projects.view'], 'Beacon');
await db
  .insertInto('work_logs')
  .values([
    {
      user_id: person.id,
      project_id: atlas.id,
      work_date: monday,
      minutes: 240,
      description: 'API',
      created_by: null,
    },
    {
      user_id: person.id,
      project_id: atlas.id,
      work_date: addDays(monday, 1),
      minutes: 120,
      description: 'API',
      created_by: null,
    },
    {
      user_id: person.id,
      project_id: beacon.id,
      work_date: addDays(monday, 1),
      minutes: 120,
      description: 'UI',
      created_by: null,
    },
  ])
  .execute();
const employee = await createUser(db, { permissions: ['worklogs.log'], email: 'plain@example.com' });

t.test('worklogs export writes CSV and JSON; reconcile lists hours beside leave and overtime', async (t) => {
  const csv = path.join(dir, 'wl.csv');
  const run = await runCli(database.url, [
    'worklogs',
    'export',
    '--group-by',
    'project',
    '--period',
    'quarter',
    '--from',
    `${year}-01-01`,
    '--to',
    `${year}-12-31`,
    '--format',
    'csv',
    '-o',
    csv,
  ]);
  t.equal(run.code, 0, run.stderr);
  t.same(
    readFileSync(csv, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
    [
      `Project,${year}-Q1,${year}-Q2,${year}-Q3,${year}-Q4,Total`,
      'Atlas,6,,,,6',
      'Beacon,2,,,,2',
      'Total,8,,,,8',
    ],
  );
  const json = await runCli(database.url, [
    'worklogs',
    'export',
    '--period',
    'year',
    '--from',
    `${year}-01-01`,
    '--to',
    `${year}-12-31`,
    '--format',
    'json',
  ]);
  t.match(JSON.parse(json.stdout), {
    total: 8,
    totalRows: 1,
    rows: [{ label: 'Minh Tran <minh@example.com>' }],
  });
  const reconcile = await runCli(database.url, [
    '--json',
    'worklogs',
    'reconcile',
    '--from',
    monday,
    '--to',
    addDays(monday, 4),
  ]);
  t.equal(reconcile.code, 0, reconcile.stderr);
  const mine = JSON.parse(reconcile.stdout).items.find(
    (r: { person: { email: string } }) => r.person.email === 'minh@example.com',
  );
  t.match(mine, { loggedHours: 8, expectedHours: 40 });
  t.equal(mine.gapDays.length, 3, 'Wednesday to Friday have no logs');
  const table = await runCli(database.url, [
    'worklogs',
    'reconcile',
    '--from',
    monday,
    '--to',
    addDays(monday, 4),
  ]);
  t.match(table.stdout, /minh@example\.com/);
});

t.test('bad options and missing permissions are refused', async (t) => {
  const badDate = await runCli(database.url, [
    'worklogs',
    'export',
    '--from',
    '2026/03/01',
    '--format',
    'json',
  ]);
  t.not(badDate.code, 0);
  const badGroup = await runCli(database.url, [
    'worklogs',
    'export',
    '--group-by',
    'team',
    '--format',
    'json',
  ]);
  t.not(badGroup.code, 0);
  const forbidden = await runCli(database.url, [
    '--json',
    '--as',
    employee.email,
    'worklogs',
    'export',
    '--format',
    'json',
  ]);
  t.equal(jsonError(forbidden).code, 'FORBIDDEN');
});
