import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { runCli, jsonError } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { absenceTypeId, createDepartment } from '../helpers/leave-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// HR's leave commands, spawned for real: `backoffice leave report` and `backoffice leave balances`.
t.setTimeout(300_000);

const database = await createTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-leave-cli-'));
t.teardown(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const db = database.db;
const year = new Date().getUTCFullYear();

// Two people of Delivery with approved leave in March and April: 3 + 2 days.
const an = await createUser(db, { firstName: 'An', lastName: 'Pham', email: 'an@example.com' });
const binh = await createUser(db, { firstName: 'Binh', lastName: 'Do', email: 'binh@example.com' });
await createDepartment(db, 'Delivery', [an.id, binh.id]);
const vacation = await absenceTypeId(db, 'Vacation');
for (const [user, days] of [
  [an, [`${year}-03-02`, `${year}-03-03`, `${year}-03-04`]],
  [binh, [`${year}-04-06`, `${year}-04-07`]],
] as const) {
  const request = await db
    .insertInto('leave_requests')
    .values({
      user_id: user.id,
      absence_type_id: vacation,
      start_date: days[0],
      start_part: 'MORNING',
      end_date: days.at(-1)!,
      end_part: 'AFTERNOON',
      duration: days.length,
      year,
      status: 'APPROVED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('leave_days')
    .values(days.map((day) => ({ leave_request_id: request.id, user_id: user.id, day, amount: 1 })))
    .execute();
}
const employee = await createUser(db, { permissions: ['leave.request'], email: 'plain@example.com' });
const hr = await createUser(db, { builtInRoles: ['hr'], email: 'hr@example.com' });

t.test('leave report writes a workbook, a CSV and JSON, by quarter', async (t) => {
  const xlsx = path.join(dir, 'leave.xlsx');
  const run = await runCli(database.url, [
    '--as',
    hr.email,
    'leave',
    'report',
    '--period',
    'quarter',
    '--from',
    `${year}-01-01`,
    '--to',
    `${year}-12-31`,
    '--format',
    'xlsx',
    '-o',
    xlsx,
  ]);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /Wrote 5 rows to/, 'two people, the total row and two requests');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  const summary = workbook.worksheets[0]!;
  t.same(summary.getRow(1).values, [
    undefined,
    'Person',
    `${year}-Q1`,
    `${year}-Q2`,
    `${year}-Q3`,
    `${year}-Q4`,
    'Total',
  ]);
  t.equal(workbook.worksheets[1]!.rowCount, 3, 'the requests sheet');

  const csv = path.join(dir, 'leave.csv');
  const csvRun = await runCli(database.url, [
    'leave',
    'report',
    '--period',
    'month',
    '--group-by',
    'department',
    '--department',
    'Delivery',
    '--from',
    `${year}-03-01`,
    '--to',
    `${year}-04-30`,
    '--format',
    'csv',
    '-o',
    csv,
  ]);
  t.equal(csvRun.code, 0, csvRun.stderr);
  t.same(
    readFileSync(csv, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
    [`Department,${year}-03,${year}-04,Total`, 'Delivery,3,2,5', 'Total,3,2,5'],
  );

  const json = await runCli(database.url, ['leave', 'report', '--period', 'year', '--format', 'json']);
  t.equal(json.code, 0, json.stderr);
  t.match(JSON.parse(json.stdout), { period: 'year', total: 5, totalRows: 2 });
});

t.test('leave report refuses bad options and people without the report permission', async (t) => {
  const unknown = await runCli(database.url, [
    '--json',
    'leave',
    'report',
    '--department',
    'Nowhere',
    '--format',
    'json',
  ]);
  t.equal(unknown.code, 1);
  t.match(jsonError(unknown).message, /not valid|does not exist/);
  const badDate = await runCli(database.url, ['leave', 'report', '--from', '24/11/2026', '--format', 'json']);
  t.not(badDate.code, 0);
  t.match(badDate.stderr, /YYYY-MM-DD/);
  const noFile = await runCli(database.url, ['leave', 'report', '--format', 'xlsx']);
  t.not(noFile.code, 0);
  const forbidden = await runCli(database.url, [
    '--json',
    '--as',
    employee.email,
    'leave',
    'report',
    '--format',
    'json',
  ]);
  t.equal(jsonError(forbidden).code, 'FORBIDDEN');
});

t.test('leave balances prints everyone’s balances, or writes them as CSV', async (t) => {
  const run = await runCli(database.url, [
    '--json',
    'leave',
    'balances',
    '--year',
    String(year),
    '--department',
    'Delivery',
  ]);
  t.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  t.equal(result.people, 2);
  const anVacation = result.items.find(
    (item: { person: { email: string }; balance: { absenceType: { name: string } } }) =>
      item.person.email === 'an@example.com' && item.balance.absenceType.name === 'Vacation',
  );
  t.match(anVacation.balance, { entitled: 12, used: 3, remaining: 9 });
  const table = await runCli(database.url, ['leave', 'balances', '--department', 'Delivery']);
  t.match(table.stdout, /Remaining/);
  t.match(table.stdout, /an@example\.com/);
  const file = path.join(dir, 'balances.csv');
  const csv = await runCli(database.url, ['leave', 'balances', '--csv', file]);
  t.equal(csv.code, 0, csv.stderr);
  t.match(readFileSync(file, 'utf8'), /binh@example\.com,Delivery,Vacation,12,0,0,2,0,10/);
});
