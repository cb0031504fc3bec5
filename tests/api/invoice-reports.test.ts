import ExcelJS from 'exceljs';
import t from 'tap';
import { buildTestApp, type SignedInUser } from '../helpers/build-app.ts';
import { createVendor, insertInvoice } from '../helpers/invoice-factories.ts';

/**
 * The invoice report and the exports (issue 17): sums in whole VND per category, kind, vendor and
 * person by month, quarter and year, a status filter (rejected ones left out by default), exact
 * totals past JavaScript's safe integers, XLSX and CSV, and the list export.
 */

const year = new Date().getUTCFullYear() - 1;

async function world(t: Parameters<typeof buildTestApp>[0]) {
  const app = await buildTestApp(t);
  const reporter = await app.signIn({ permissions: ['invoices.report'] });
  const lan = await app.signIn({
    permissions: ['invoices.submit'],
    firstName: 'Lan',
    lastName: 'Pham',
    email: 'lan@example.com',
  });
  const quang = await app.signIn({
    permissions: ['invoices.submit'],
    firstName: 'Quang',
    lastName: 'Do',
    email: 'quang@example.com',
  });
  const shop = await createVendor(app.db, { name: 'Hanoi Stationery', taxCode: '0101234567' });
  const cloud = await createVendor(app.db, { name: 'Cloud Tools', taxCode: '0309876543' });
  type Extra = Omit<Parameters<typeof insertInvoice>[1], 'userId'>;
  const add = (userId: string, date: string, amount: bigint, extra: Extra = {}) =>
    insertInvoice(app.db, { userId, date, amount, ...extra });
  await add(lan.user.id, `${year}-01-10`, 1_250_000n, {
    category: 'OFFICE_SUPPLIES',
    kind: 'COMPANY',
    vendorId: shop.id,
    status: 'PAID',
  });
  await add(lan.user.id, `${year}-02-03`, 750_000n, { category: 'OFFICE_SUPPLIES', kind: 'PERSONAL' });
  await add(quang.user.id, `${year}-02-20`, 3_000_000n, {
    category: 'SOFTWARE_TOOL',
    kind: 'COMPANY',
    vendorId: cloud.id,
    status: 'PAID',
  });
  await add(quang.user.id, `${year}-05-05`, 2_000_000n, { category: 'TRAVEL_EXPENSE', kind: 'PERSONAL' });
  // Rejected: left out unless asked for.
  await add(quang.user.id, `${year}-05-06`, 9_000_000n, {
    category: 'DEVICES',
    kind: 'PERSONAL',
    status: 'REJECTED',
  });
  return { app, reporter, lan, quang, shop, cloud };
}

const report = async (who: SignedInUser, query: string) => {
  const response = await who.inject({
    method: 'GET',
    url: `/api/invoices/reports?from=${year}-01-01&to=${year}-12-31&${query}`,
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
};

t.test('totals per category, kind, vendor and person, by month, quarter and year', async (t) => {
  const { reporter, lan, quang, shop, cloud } = await world(t);
  const byCategory = await report(reporter, 'groupBy=category&period=month');
  t.equal(byCategory.total, '7000000');
  t.equal(byCategory.count, 4);
  t.same(
    byCategory.rows.map((r: { key: string; label: string; total: string; count: number }) => [
      r.key,
      r.label,
      r.total,
      r.count,
    ]),
    [
      ['SOFTWARE_TOOL', 'Software and tools', '3000000', 1],
      ['OFFICE_SUPPLIES', 'Office supplies', '2000000', 2],
      ['TRAVEL_EXPENSE', 'Travel', '2000000', 1],
    ],
  );
  t.same(byCategory.rows[1].values, { [`${year}-01`]: '1250000', [`${year}-02`]: '750000' });
  t.same(byCategory.totals, {
    [`${year}-01`]: '1250000',
    [`${year}-02`]: '3750000',
    [`${year}-05`]: '2000000',
  });
  t.equal(byCategory.buckets.length, 12);

  const byKind = await report(reporter, 'groupBy=kind&period=quarter');
  t.same(
    byKind.rows.map((r: { label: string; values: object; total: string }) => [r.label, r.values, r.total]),
    [
      ['Company pays the vendor', { [`${year}-Q1`]: '4250000' }, '4250000'],
      ['Reimbursement', { [`${year}-Q1`]: '750000', [`${year}-Q2`]: '2000000' }, '2750000'],
    ],
  );
  const byVendor = await report(reporter, 'groupBy=vendor&period=year');
  t.same(
    byVendor.rows.map((r: { key: string; label: string; total: string }) => [r.key, r.label, r.total]),
    [
      [cloud.id, 'Cloud Tools', '3000000'],
      ['', 'No vendor', '2750000'],
      [shop.id, 'Hanoi Stationery', '1250000'],
    ],
  );
  const byPerson = await report(reporter, 'groupBy=person&period=year');
  t.same(
    byPerson.rows.map((r: { key: string; label: string; total: string }) => [r.key, r.label, r.total]),
    [
      [quang.user.id, 'Quang Do <quang@example.com>', '5000000'],
      [lan.user.id, 'Lan Pham <lan@example.com>', '2000000'],
    ],
  );
  const paidOnly = await report(reporter, 'groupBy=category&period=year&status=PAID');
  t.equal(paidOnly.total, '4250000');
  const rejectedOnly = await report(reporter, 'groupBy=category&period=year&status=REJECTED');
  t.same(
    rejectedOnly.rows.map((r: { key: string }) => r.key),
    ['DEVICES'],
  );

  const vietnamese = await reporter.inject({
    method: 'GET',
    url: `/api/invoices/reports?from=${year}-01-01&to=${year}-12-31&groupBy=category`,
    headers: { 'accept-language': 'vi' },
  });
  t.equal(vietnamese.json().rows[0].label, 'Phần mềm và công cụ');
});

t.test('sums stay exact past JavaScript’s safe integers; bad ranges are refused', async (t) => {
  const { app, reporter, lan } = await world(t);
  await insertInvoice(app.db, {
    userId: lan.user.id,
    date: `${year}-12-01`,
    amount: 4_503_599_627_370_497n,
    category: 'DEVICES',
  });
  await insertInvoice(app.db, {
    userId: lan.user.id,
    date: `${year}-12-02`,
    amount: 4_503_599_627_370_497n,
    category: 'DEVICES',
  });
  const byCategory = await report(reporter, 'groupBy=category&period=month');
  t.equal(byCategory.rows[0].total, '9007199254740994', 'two amounts past 2^52 add up exactly');
  const backwards = await reporter.inject({
    method: 'GET',
    url: `/api/invoices/reports?from=${year}-12-31&to=${year}-01-01`,
  });
  t.equal(backwards.statusCode, 422);
  t.equal(backwards.json().details[0].message, 'End date must be after start date');
  const employee = await app.signIn({ permissions: ['invoices.submit', 'invoices.manage', 'invoices.pay'] });
  t.equal((await employee.inject({ method: 'GET', url: '/api/invoices/reports' })).statusCode, 403);
});

t.test('the report exports to XLSX and CSV; the list exports one row per invoice', async (t) => {
  const { app, reporter } = await world(t);
  const xlsx = await reporter.inject({
    method: 'GET',
    url: `/api/invoices/reports/export-files?from=${year}-01-01&to=${year}-12-31&groupBy=category&period=quarter&format=xlsx`,
  });
  t.equal(xlsx.statusCode, 200);
  t.match(
    String(xlsx.headers['content-disposition']),
    new RegExp(`invoices-category-quarter-${year}-01-01-${year}-12-31\\.xlsx`),
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  t.same((sheet.getRow(1).values as unknown[]).slice(1), [
    'Category',
    `${year}-Q1`,
    `${year}-Q2`,
    `${year}-Q3`,
    `${year}-Q4`,
    'Total',
    'Invoices',
  ]);
  const row = sheet.getRow(2);
  t.same(
    [1, 2, 3, 6, 7].map((column) => row.getCell(column).value),
    ['Software and tools', 3000000, null, 3000000, 1],
  );

  const csv = await reporter.inject({
    method: 'GET',
    url: `/api/invoices/reports/export-files?from=${year}-01-01&to=${year}-12-31&groupBy=kind&period=year&format=csv`,
  });
  t.equal(csv.statusCode, 200);
  t.same(
    csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
    [
      `Kind,${year},Total,Invoices`,
      `Company pays the vendor,4250000,4250000,2`,
      `Reimbursement,2750000,2750000,2`,
      `Total,7000000,7000000,4`,
    ],
  );

  const list = await reporter.inject({
    method: 'GET',
    url: `/api/invoices/export-files?from=${year}-02-01&to=${year}-05-31&status=PENDING&format=csv`,
  });
  t.equal(list.statusCode, 200, list.body);
  const lines = list.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  t.equal(
    lines[0],
    'Date,Name,Reference ID,Amount (VND),Category,Kind,Vendor,Tax code,Submitted by,Email,Status,Payment date,Rejection reason',
  );
  t.same(lines.slice(1), [
    `${year}-02-03,Printer paper,,750000,Office supplies,Reimbursement,,,Pham Lan,lan@example.com,Pending,,`,
    `${year}-05-05,Printer paper,,2000000,Travel,Reimbursement,,,Do Quang,quang@example.com,Pending,,`,
  ]);
  const exported = await app.db
    .selectFrom('audit_events')
    .select('action')
    .where('action', 'like', 'invoice%exported')
    .execute();
  t.same(exported.map((e) => e.action).sort(), [
    'invoice.exported',
    'invoice_report.exported',
    'invoice_report.exported',
  ]);
  const submitter = await app.signIn({ permissions: ['invoices.submit'] });
  t.equal((await submitter.inject({ method: 'GET', url: '/api/invoices/export-files' })).statusCode, 403);
});
