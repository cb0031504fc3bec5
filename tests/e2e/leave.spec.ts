import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { absenceTypeId, workWeek } from '../helpers/leave-factories.ts';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 11, as people use it: a request, a live approval, the balance moving; the summary's
// periods and its export. Waits are for states, with room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const unique = () => randomBytes(3).toString('hex');
const slash = (date: string) => date.replaceAll('-', '/');

async function choose(page: Page, inputId: string, option: string) {
  await page
    .locator('.p-dropdown')
    .filter({ has: page.locator(`#${inputId}`) })
    .click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await expect(page.locator('.p-dropdown-panel')).toBeHidden();
}

test('an employee requests leave; the approver approves live; the balance and list follow without a reload', async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  const tag = unique();
  const employee = await createUser({
    permissions: ['leave.request'],
    firstName: 'Lan',
    lastName: `Ho ${tag}`,
  });
  const approver = await createUser({
    permissions: ['leave.request', 'leave.approve'],
    firstName: 'Minh',
    lastName: `Truong ${tag}`,
  });
  const week = workWeek(3);

  await signIn(employee);
  await page.goto('/leave-management');
  const vacation = page.getByTestId('balance-Vacation');
  await expect(vacation.getByTestId('balance-remaining')).toHaveText('12 days');

  await page.getByTestId('leave-new').click();
  const dialog = page.getByRole('dialog', { name: 'Request leave' });
  await choose(page, 'leave-type', 'Vacation');
  await dialog.locator('#leave-start').fill(slash(week.monday));
  await page.keyboard.press('Escape');
  await dialog.locator('#leave-end').fill(slash(week.wednesday));
  await page.keyboard.press('Escape');
  await expect(dialog.getByTestId('leave-duration')).toHaveText('3 days');
  await expect(dialog.getByText('9 days left after this request')).toBeVisible();
  await dialog.getByTestId('leave-approvers').click();
  const panel = page.locator('.p-multiselect-panel');
  await panel.locator('input.p-multiselect-filter').fill(`Truong ${tag}`);
  await panel.getByRole('option', { name: new RegExp(`Minh Truong ${tag}`) }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Reason').fill('Family wedding');
  await dialog.getByTestId('leave-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('my-requests').getByRole('row').filter({ hasText: 'Vacation' });
  await expect(row.getByTestId('request-status')).toHaveText('Waiting for approval');
  await expect(vacation.getByTestId('balance-pending')).toHaveText('3');

  // The approver, in another browser, sees it waiting and approves it.
  const approverContext = await browser.newContext();
  try {
    const approverPage = await approverContext.newPage();
    const response = await approverPage.request.post('/api/auth/sign-in', {
      data: { email: approver.email, password: DEFAULT_PASSWORD },
    });
    expect(response.status()).toBe(200);
    await approverPage.goto('/leave-management?tab=approvals');
    await expect(approverPage.getByTestId('approvals-tab')).toContainText('1');
    const waiting = approverPage
      .getByTestId('approvals')
      .getByRole('row')
      .filter({ hasText: `Lan Ho ${tag}` });
    await expect(waiting).toContainText('3 days');
    await waiting.getByTestId('approve').click();
    await expect(approverPage.getByText('Approved.')).toBeVisible();
  } finally {
    await approverContext.close();
  }

  // The employee's page, never reloaded, follows the live notification.
  await expect(row.getByTestId('request-status')).toHaveText('Approved');
  await expect(vacation.getByTestId('balance-used')).toHaveText('3');
  await expect(vacation.getByTestId('balance-remaining')).toHaveText('9 days');
});

test('the summary switches periods and exports a workbook', async ({ page, db, signInAs }) => {
  const tag = unique();
  const person = await db
    .insertInto('users')
    .values({
      email: `report-${tag}@example.com`,
      first_name: 'Quoc',
      last_name: `Bui ${tag}`,
      status: 'ACTIVE',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const year = new Date().getFullYear();
  const days = [`${year}-02-03`, `${year}-02-04`, `${year}-05-05`];
  const type = await absenceTypeId(db, 'Vacation');
  for (const day of days) {
    const request = await db
      .insertInto('leave_requests')
      .values({
        user_id: person.id,
        absence_type_id: type,
        start_date: day,
        start_part: 'MORNING',
        end_date: day,
        end_part: 'AFTERNOON',
        duration: 1,
        year,
        status: 'APPROVED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('leave_days')
      .values({ leave_request_id: request.id, user_id: person.id, day, amount: 1 })
      .execute();
  }
  await signInAs({ builtInRoles: ['hr'] });
  await page.goto('/leave-management/summary-reporting');
  const table = page.getByTestId('report-table');
  const personRow = table.getByRole('row').filter({ hasText: `Quoc Bui ${tag}` });
  await expect(personRow).toBeVisible();
  await expect(table.getByRole('columnheader', { name: `${year}-02` })).toBeVisible();
  await expect(personRow.getByRole('cell').last()).toHaveText('3');

  await page.getByTestId('report-period').getByText('Quarter').click();
  await expect(table.getByRole('columnheader', { name: `${year}-Q2` })).toBeVisible();
  await expect(personRow.getByRole('cell').nth(1)).toHaveText('2');
  await expect(personRow.getByRole('cell').nth(2)).toHaveText('1');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-xlsx').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^leave-person-quarter-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Requests']);
  const rows: string[] = [];
  workbook.worksheets[0]!.eachRow((r) => rows.push(String(r.getCell(1).value)));
  expect(rows.some((label) => label.startsWith(`Quoc Bui ${tag}`))).toBe(true);
});
