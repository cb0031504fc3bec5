import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRole } from '../helpers/factories.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// The machine is small and shared: lists that load several calls get more time than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

test('HR imports people from a file: a dry run with row-level problems, then the import', async ({
  page,
  db,
  signInAs,
}) => {
  const unique = randomBytes(3).toString('hex');
  await signInAs({ builtInRoles: ['hr'] });
  await page.goto('/employee-management');
  await page.getByTestId('import-employees').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();

  // A file that is neither CSV nor XLSX is refused before anything is sent.
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(dialog.getByText('Unsupported file type.')).toBeVisible();

  const bad =
    'Email,First name,Last name,Contract type\n' +
    `ok.${unique}@example.com,Ok,Person,Full-time\n` +
    `broken.${unique}@example.com,,Person,Casual\n`;
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'staff.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad),
  });
  await dialog.getByTestId('import-check').click();
  const errors = dialog.getByTestId('import-errors');
  await expect(errors).toContainText('Row 3, column First name: This field is required');
  await expect(errors).toContainText(
    'Row 3, column Contract type: Choose one of: FULLTIME, PART_TIME, PROBATION, INTERNSHIP, FREELANCER',
  );
  await expect(dialog.getByTestId('import-confirm')).toHaveCount(0);
  expect(
    await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `ok.${unique}@example.com`)
      .executeTakeFirst(),
    'a dry run writes nothing',
  ).toBeUndefined();

  const good =
    '\uFEFFEmail,Tên,Họ,Loại hợp đồng,Mã nhân viên\n' +
    `mai.${unique}@example.com,Mai,Đỗ ${unique},Toàn thời gian,M${unique}\n` +
    `tuan.${unique}@example.com,Tuấn,Vũ ${unique},Part-time,T${unique}\n`;
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'staff.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(good),
  });
  await dialog.getByTestId('import-check').click();
  await expect(dialog.getByTestId('import-ready')).toBeVisible();
  await dialog.getByTestId('import-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 rows: 2 created, 0 updated, 2 invitations queued.')).toBeVisible();

  await page.getByTestId('employee-search').fill(`M${unique}`);
  await expect(page.getByRole('link', { name: `Đỗ ${unique} Mai` })).toBeVisible();
  const mai = await db
    .selectFrom('users')
    .select(['status', 'contract_type'])
    .where('email', '=', `mai.${unique}@example.com`)
    .executeTakeFirstOrThrow();
  expect(mai).toEqual({ status: 'PENDING', contract_type: 'FULLTIME' });
});

test('HR selects people and acts on them together: export, invite, deactivate', async ({
  page,
  db,
  signInAs,
}) => {
  const unique = randomBytes(3).toString('hex');
  const rows = await db
    .insertInto('users')
    .values(
      ['An', 'Bảo', 'Chi'].map((first) => ({
        email: `${first
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z]/g, '')}.${unique}@example.com`,
        first_name: first,
        last_name: `Bulk ${unique}`,
        status: 'PENDING' as const,
      })),
    )
    .returning('id')
    .execute();
  expect(rows).toHaveLength(3);
  await signInAs({ builtInRoles: ['hr'] });
  await page.goto(`/employee-management?search=${unique}`);
  await expect(page.getByRole('link', { name: `Bulk ${unique} An` })).toBeVisible();

  const tick = (name: string) =>
    page
      .getByRole('row', { name: new RegExp(`Bulk ${unique} ${name}`) })
      .locator('input[type="checkbox"]')
      .check();
  await tick('An');
  await tick('Bảo');
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');

  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export selected' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^employees-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  await bar.getByTestId('bulk-invite').click();
  await expect(page.getByText('New invitations were sent to 2 people.')).toBeVisible();
  await expect(page.getByTestId('bulk-bar')).toHaveCount(0);

  await tick('An');
  await tick('Chi');
  await page.getByTestId('bulk-deactivate').click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate 2 people?' });
  await expect(confirm).toContainText('Deactivate 2 people?');
  await confirm.getByRole('button', { name: 'Deactivate (2)' }).click();
  await expect(page.getByText('2 people were deactivated and signed out everywhere.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Bulk ${unique} Chi`) })).toContainText('Inactive');
  await expect(page.getByRole('row', { name: new RegExp(`Bulk ${unique} Bảo`) })).toContainText('Pending');
});

test('the employee list sorts by employee role', async ({ page, db, signInAs }) => {
  const unique = randomBytes(3).toString('hex');
  const [first, second] = await Promise.all([
    createRole(db, { name: `AA role ${unique}`, type: 'EMPLOYEE_ROLE' }),
    createRole(db, { name: `ZZ role ${unique}`, type: 'EMPLOYEE_ROLE' }),
  ]);
  const people = await db
    .insertInto('users')
    .values([
      { email: `x.${unique}@example.com`, first_name: 'X', last_name: `Sort ${unique}` },
      { email: `y.${unique}@example.com`, first_name: 'Y', last_name: `Sort ${unique}` },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('user_roles')
    .values([
      { user_id: people[0]!.id, role_id: second!.id, project_id: null },
      { user_id: people[1]!.id, role_id: first!.id, project_id: null },
    ])
    .execute();
  await signInAs({ builtInRoles: ['hr'] });
  await page.goto(`/employee-management?search=${unique}`);
  const names = page.locator('.people-table tbody tr .people-person a');
  await expect(names).toHaveText([`Sort ${unique} X`, `Sort ${unique} Y`]);
  await page.getByRole('columnheader', { name: 'Employee role' }).click();
  await expect(page).toHaveURL(/sortField=employeeRole/);
  await expect(names).toHaveText([`Sort ${unique} Y`, `Sort ${unique} X`]);
  await page.getByRole('columnheader', { name: 'Employee role' }).click();
  await expect(page).toHaveURL(/sortOrder=desc/);
  await expect(names).toHaveText([`Sort ${unique} X`, `Sort ${unique} Y`]);
});
