import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createRole, createUser } from '../helpers/factories.ts';
import { expect, test } from './support/fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Opens a PrimeReact dropdown by its input id and picks an option by its label. */
async function choose(page: Page, inputId: string, option: string) {
  await page
    .locator('.p-dropdown')
    .filter({ has: page.locator(`#${inputId}`) })
    .click();
  const panel = page.locator('.p-dropdown-panel');
  const filter = panel.locator('input.p-dropdown-filter');
  if (await filter.count()) await filter.fill(option);
  await panel.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator creates an employee through the UI; the invitation is in the outbox', async ({
  page,
  db,
  signInAs,
}) => {
  test.setTimeout(60_000);
  const unique = randomBytes(3).toString('hex');
  const department = await db
    .insertInto('departments')
    .values({ name: `Phòng Kỹ thuật ${unique}`, description: null, created_by: null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const role = await createRole(db, { name: `Developer ${unique}`, type: 'EMPLOYEE_ROLE' });
  const email = `thao.${unique}@example.com`;
  await signInAs({ builtInRoles: ['admin'] });

  await page.goto('/employee-management');
  await expect(page.getByTestId('employee-list')).toBeVisible();
  await page.getByTestId('create-employee').click();
  await expect(page).toHaveURL(/\/employee-management\/employee$/);

  // Nothing filled in: each required field says so, and nothing is sent.
  await page.getByTestId('employee-save').click();
  await expect(page.getByText('This field is required')).toHaveCount(3);

  await page.getByLabel('Last name').fill('Nguyễn Thị');
  await page.getByLabel('First name').fill('Thảo');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByTestId('employee-save').click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await page.getByLabel('Email').fill(email);

  await choose(page, 'employee-gender', 'Female');
  await page.locator('#employee-birthday').fill('1995/04/30');
  await page.keyboard.press('Escape');
  await page.getByLabel('Phone number').fill('+84 912 345 678');
  await choose(page, 'employee-contractType', 'Full-time');
  await choose(page, 'employee-employeeRoleId', role.name);
  await choose(page, 'employee-departmentId', department.name);
  await page.locator('#employee-onboardDate').fill('2024/03/01');
  await page.keyboard.press('Escape');
  await page.getByLabel('Discord account ID').fill('123456789012345678');
  await choose(page, 'employee-bankId', 'Vietcombank · Ngân hàng TMCP Ngoại thương Việt Nam');
  await page.getByLabel('Bank account number').fill('0011002233445');
  await page.getByLabel('ID card number', { exact: true }).fill('001195012345');
  await page
    .getByTestId('file-ndaFile')
    .setInputFiles({ name: 'NDA.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('NDA.pdf')).toBeVisible();

  await page.getByTestId('employee-save').click();
  await expect(page).toHaveURL(/\/employee-management\/employee\/[0-9a-f-]{36}$/);
  await expect(
    page.getByText(`Nguyễn Thị Thảo was created and an invitation was sent to ${email}.`),
  ).toBeVisible();
  await expect(page.getByTestId('employee-status')).toHaveText('Pending');
  await expect(page.getByRole('button', { name: /NDA\.pdf/ })).toBeVisible();

  // The invitation is in the outbox, with its single-use link.
  const mail = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .executeTakeFirstOrThrow();
  expect(mail.template).toBe('invitation');
  expect(mail.text_body).toMatch(/\/invite-account\?token=/);
  const stored = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(stored.department_id).toBe(department.id);
  expect(stored.onboard_date).toBe('2024-03-01');
  expect(stored.birthday).toBe('1995-04-30');

  // The list finds the new person without accents, filtered by the new department.
  await page.goto(`/employee-management?departmentId=${department.id}`);
  await page.getByTestId('employee-search').fill('nguyen thao');
  await expect(page.getByRole('link', { name: 'Nguyễn Thị Thảo' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
});

test('the employee list arrives with the page: the browser does not ask for it again', async ({
  page,
  db,
  signInAs,
}) => {
  const unique = `Prefetch${randomBytes(3).toString('hex')}`;
  for (const first of ['An', 'Binh']) {
    await createUser(db, { firstName: first, lastName: unique });
  }
  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/users/employees')) listCalls.push(request.url());
  });
  await signInAs({ builtInRoles: ['hr'] });
  await page.goto(`/employee-management?search=${unique}`);
  const rows = page.getByTestId('employee-list').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(unique);

  // Sorting asks the API (so the page is live), and that is the first list call the browser made.
  await page.getByRole('columnheader', { name: 'Contract type' }).click();
  await expect.poll(() => listCalls.length).toBeGreaterThan(0);
  expect(listCalls.every((url) => url.includes('sortField=contractType'))).toBe(true);
  await expect(rows).toHaveCount(2);
});

test('the employee list is usable on a phone (390 px)', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs({ builtInRoles: ['hr'] });
  await page.goto('/employee-management');
  await expect(page.getByTestId('employee-list')).toBeVisible();
  await expect(page.getByTestId('create-employee')).toBeInViewport();
  await expect(page.getByTestId('employee-search')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling of the page').toBeLessThanOrEqual(1);
  await page.getByTestId('create-employee').click();
  await expect(page.getByLabel('Last name')).toBeInViewport();
});

test('HR sees why an administrator’s sign-in email is locked, and is offered only roles it may give', async ({
  page,
  db,
  signInAs,
}) => {
  const unique = randomBytes(3).toString('hex');
  const admin = await createUser(db, { builtInRoles: ['admin'], email: `boss.${unique}@example.com` });
  const lead = await createRole(db, {
    name: `Tech lead ${unique}`,
    type: 'EMPLOYEE_ROLE',
    permissions: ['roles.manage'],
  });
  const developer = await createRole(db, { name: `Developer ${unique}`, type: 'EMPLOYEE_ROLE' });
  await signInAs({ builtInRoles: ['hr'] });

  await page.goto(`/employee-management/employee/${admin.id}?edit=1`);
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(admin.email);
  await expect(email).not.toBeEditable();
  await expect(page.getByTestId('email-locked-hint')).toContainText('every permission this person holds');

  await page
    .locator('.p-dropdown')
    .filter({ has: page.locator('#employee-employeeRoleId') })
    .click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.locator('input.p-dropdown-filter').fill(unique);
  await expect(panel.getByRole('option', { name: developer.name, exact: true })).toBeVisible();
  await expect(panel.getByRole('option', { name: lead.name, exact: true })).toHaveCount(0);
});
