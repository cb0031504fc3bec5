import { PassThrough } from 'node:stream';
import t from 'tap';
import { guardFormula, unguardFormula } from '../../server/domains/employees/employee-sheet.ts';
import { prepareEmployeeExport } from '../../server/domains/employees/employees-export.service.ts';
import { importEmployees } from '../../server/domains/employees/employees-import.service.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { systemContext } from './account-helpers.ts';

/**
 * Export then import changes nothing: the apostrophe that keeps spreadsheet programs from running a
 * cell as a formula is removed again on import, in every column, in CSV and in XLSX.
 */

t.test('the formula guard is undone exactly, whatever the text', async (t) => {
  const texts = [
    '=cmd@example.com',
    "'=cmd@example.com",
    "''=x",
    '@SUM(A1)',
    '+84 90 123 4567',
    "'+84 90 123 4567",
    '-5',
    "'-5",
    '-minus',
    '+plus',
    '\tTab',
    "'",
    "'plain",
    'plain',
    '',
  ];
  for (const text of texts) {
    t.equal(unguardFormula(guardFormula(text)), text, JSON.stringify(text));
    t.notMatch(guardFormula(text), /^[=@\t\r]/, `${JSON.stringify(text)} never starts a formula`);
  }
  t.equal(guardFormula('=1+1'), "'=1+1");
  t.equal(guardFormula('+84 90 123 4567'), '+84 90 123 4567', 'phone numbers stay as they are');
});

t.test('an exported file imports back without a change, CSV and XLSX', async (t) => {
  const { db, config } = await buildTestApp(t);
  const ctx = systemContext(db, config);
  const department = await db
    .insertInto('departments')
    .values({ name: '=Ops' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values([
      { email: '=cmd@example.com', first_name: '@Nguyễn', last_name: '-Văn', status: 'ACTIVE' },
      {
        email: "'=quoted@example.com",
        first_name: "'=An",
        last_name: 'Trần',
        address: '+1 Main Street, =Hà Nội',
        status: 'PENDING',
        department_id: department.id,
      },
    ])
    .execute();

  for (const format of ['csv', 'xlsx'] as const) {
    const prepared = await prepareEmployeeExport(ctx, { format });
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    await prepared.write(sink);
    const file = Buffer.concat(chunks);
    if (format === 'csv') t.match(file.toString('utf8'), "'=cmd@example.com", 'the CSV carries the guard');

    const report = await importEmployees(ctx, file, { dryRun: true });
    t.same(report.errors, [], `${format}: no problem`);
    t.equal(report.created, 0, `${format}: nobody new (every email matched its person)`);
    t.equal(report.updated, 0, `${format}: nothing to change`);
    t.equal(report.unchanged, report.total, `${format}: every row unchanged`);
  }
});
