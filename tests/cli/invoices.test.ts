import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createUser } from '../helpers/factories.ts';
import { createVendor, insertInvoice } from '../helpers/invoice-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// `backoffice invoices export --from … --to … --status … --format xlsx|csv|json -o FILE`, spawned for real.
t.setTimeout(300_000);

const database = await createTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-invoices-cli-'));
t.teardown(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const db = database.db;
const year = new Date().getUTCFullYear() - 1;

const lan = await createUser(db, { firstName: 'Lan', lastName: 'Phạm', email: 'lan@example.com' });
const shop = await createVendor(db, { name: 'Văn phòng phẩm Hà Nội', taxCode: '0101234567' });
await insertInvoice(db, {
  userId: lan.id,
  name: 'Giấy in',
  date: `${year}-03-02`,
  amount: 1_250_000n,
  kind: 'COMPANY',
  vendorId: shop.id,
  status: 'PAID',
});
await insertInvoice(db, {
  userId: lan.id,
  name: 'Taxi',
  date: `${year}-03-15`,
  amount: 180_000n,
  category: 'TRAVEL_EXPENSE',
});
await insertInvoice(db, { userId: lan.id, name: 'Last year', date: `${year - 1}-12-30`, amount: 99_000n });
// Past JavaScript's safe integers: JSON keeps it exact as text.
await insertInvoice(db, {
  userId: lan.id,
  name: 'Huge',
  date: `${year}-04-01`,
  amount: 9_007_199_254_740_993n,
  status: 'REJECTED',
});
const employee = await createUser(db, { permissions: ['invoices.submit'], email: 'plain@example.com' });
const reporter = await createUser(db, { permissions: ['invoices.report'], email: 'reporter@example.com' });

const range = ['--from', `${year}-01-01`, '--to', `${year}-12-31`];

t.test('invoices export writes CSV, XLSX and JSON, filtered by dates and status', async (t) => {
  const csv = path.join(dir, 'paid.csv');
  const run = await runCli(database.url, [
    'invoices',
    'export',
    ...range,
    '--status',
    'PAID',
    '--format',
    'csv',
    '-o',
    csv,
  ]);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /Wrote 1 row to/);
  t.same(
    readFileSync(csv, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
    [
      'Date,Name,Reference ID,Amount (VND),Category,Kind,Vendor,Tax code,Submitted by,Email,Status,Payment date,Rejection reason',
      `${year}-03-02,Giấy in,,1250000,Office supplies,Company pays the vendor,Văn phòng phẩm Hà Nội,0101234567,Phạm Lan,lan@example.com,Paid,${year}-03-02,`,
    ],
  );

  const xlsx = path.join(dir, 'year.xlsx');
  const wrote = await runCli(database.url, ['--lang', 'vi', 'invoices', 'export', ...range, '-o', xlsx]);
  t.equal(wrote.code, 0, wrote.stderr);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  const sheet = workbook.worksheets[0]!;
  t.equal(sheet.name, 'Hóa đơn');
  t.equal(sheet.rowCount, 4, 'a header and the three invoices of the year');
  t.equal(sheet.getRow(1).getCell(4).value, 'Số tiền (VND)');
  t.equal(sheet.getRow(2).getCell(2).value, 'Giấy in');
  t.equal(sheet.getRow(2).getCell(4).value, 1250000);

  const json = await runCli(database.url, ['invoices', 'export', ...range, '--format', 'json']);
  t.equal(json.code, 0, json.stderr);
  const parsed = JSON.parse(json.stdout);
  t.same(
    parsed.rows.map((r: { name: string; amount: string; status: string }) => [r.name, r.amount, r.status]),
    [
      ['Giấy in', '1250000', 'PAID'],
      ['Taxi', '180000', 'PENDING'],
      ['Huge', '9007199254740993', 'REJECTED'],
    ],
  );
  t.match(parsed, { from: `${year}-01-01`, to: `${year}-12-31`, status: null });
  const file = path.join(dir, 'all.json');
  const toFile = await runCli(database.url, ['--json', 'invoices', 'export', '--format', 'json', '-o', file]);
  t.same(JSON.parse(toFile.stdout), { file, rows: 4 });
  t.equal(JSON.parse(readFileSync(file, 'utf8')).rows.length, 4, 'without dates: every invoice');

  const asReporter = await runCli(database.url, [
    '--as',
    reporter.email,
    'invoices',
    'export',
    '--format',
    'json',
  ]);
  t.equal(asReporter.code, 0, asReporter.stderr);
  const audit = await db
    .selectFrom('audit_events')
    .select(['action', 'actor_label'])
    .where('action', '=', 'invoice.exported')
    .execute();
  t.equal(audit.length, 5, 'every export is audited');
  t.ok(audit.some((a) => a.actor_label === reporter.email));
});

t.test('bad options and missing permissions are refused', async (t) => {
  const badDate = await runCli(database.url, [
    'invoices',
    'export',
    '--from',
    '2026/03/01',
    '--format',
    'json',
  ]);
  t.not(badDate.code, 0);
  t.match(badDate.stderr, /Expected a date as YYYY-MM-DD/);
  const badStatus = await runCli(database.url, [
    'invoices',
    'export',
    '--status',
    'UNPAID',
    '--format',
    'json',
  ]);
  t.not(badStatus.code, 0);
  t.match(badStatus.stderr, /PENDING, PAID, REJECTED/);
  const noFile = await runCli(database.url, ['--json', 'invoices', 'export', '--format', 'csv']);
  t.equal(jsonError(noFile).code, 'VALIDATION_FAILED');
  const backwards = await runCli(database.url, [
    '--json',
    'invoices',
    'export',
    '--from',
    `${year}-12-31`,
    '--to',
    `${year}-01-01`,
    '--format',
    'json',
  ]);
  t.equal(jsonError(backwards).code, 'VALIDATION_FAILED');
  const forbidden = await runCli(database.url, [
    '--json',
    '--as',
    employee.email,
    'invoices',
    'export',
    '--format',
    'json',
  ]);
  t.equal(jsonError(forbidden).code, 'FORBIDDEN');
});
