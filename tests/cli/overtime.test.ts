import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// HR's overtime commands, spawned for real: `backoffice overtime report` and `backoffice overtime summary`.
t.setTimeout(300_000);

const database = await createTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-overtime-cli-'));
t.teardown(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const db = database.db;
const year = new Date().getUTCFullYear();

// Approved overtime: a Monday evening (2 h) and a Saturday morning (3 h) of March.
const person = await createUser(db, { firstName: 'Tuan', lastName: 'Ly', email: 'tuan@example.com' });
for (const [day, minutes, type] of [
  [`${year}-03-02`, 120, 'WORKDAY'],
  [`${year}-03-07`, 180, 'WEEKEND'],
] as const) {
  const request = await db
    .insertInto('ot_requests')
    .values({
      user_id: person.id,
      work_date: day,
      start_time: '18:00',
      end_time: '20:00',
      minutes,
      reason: null,
      project_id: null,
      status: 'APPROVED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ot_segments')
    .values({ ot_request_id: request.id, user_id: person.id, day, minutes, night_minutes: 0, day_type: type })
    .execute();
}
const employee = await createUser(db, { permissions: ['overtime.request'], email: 'plain@example.com' });

t.test('overtime report writes CSV and JSON; summary lists hours by day type', async (t) => {
  const csv = path.join(dir, 'ot.csv');
  const run = await runCli(database.url, [
    'overtime',
    'report',
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
      `Person,${year}-Q1,${year}-Q2,${year}-Q3,${year}-Q4,Total,Pay-equivalent hours`,
      `Tuan Ly <tuan@example.com>,5,,,,5,9`,
      'Total,5,,,,5,',
    ],
  );
  const json = await runCli(database.url, ['overtime', 'report', '--period', 'year', '--format', 'json']);
  t.match(JSON.parse(json.stdout), { total: 5, totalRows: 1 });
  const summary = await runCli(database.url, ['--json', 'overtime', 'summary', '--month', `${year}-03`]);
  t.equal(summary.code, 0, summary.stderr);
  t.match(JSON.parse(summary.stdout).items[0], {
    workdayHours: 2,
    weekendHours: 3,
    totalHours: 5,
    payEquivalentHours: 9,
  });
  const table = await runCli(database.url, ['overtime', 'summary', '--month', `${year}-03`]);
  t.match(table.stdout, /tuan@example\.com/);
});

t.test('bad options and missing permissions are refused', async (t) => {
  const badMonth = await runCli(database.url, ['overtime', 'summary', '--month', '2026/03']);
  t.not(badMonth.code, 0);
  t.match(badMonth.stderr, /YYYY-MM/);
  const forbidden = await runCli(database.url, [
    '--json',
    '--as',
    employee.email,
    'overtime',
    'report',
    '--format',
    'json',
  ]);
  t.equal(jsonError(forbidden).code, 'FORBIDDEN');
});
