import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEFAULT_PASSWORD, expect as baseExpect, test, type UserRow } from './support/fixtures.ts';

// The machine is small and shared: screens that load several calls get more time than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

/** Calls the API as a user (its own sign-in, so the page's session is left alone). */
async function apiAs(page: Page, user: UserRow) {
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: user.email, password: DEFAULT_PASSWORD },
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    post: async (url: string, data: unknown) => {
      const response = await page.request.post(url, { headers, data });
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as { id: string; url: string; expiresAt: string };
    },
  };
}

/**
 * Picks the line manager in the form's search: types, then clicks the suggestion until the field
 * names the person. On a busy machine the suggestions can be redrawn under the pointer (a late answer
 * to the search): then the click is tried again, as a person would.
 */
async function pickLineManager(page: Page, search: string, name: RegExp) {
  const field = page.locator('#employee-lineManagerId');
  await expect(async () => {
    if (!name.test(await field.inputValue())) {
      await field.fill('');
      await field.fill(search);
      await page.getByRole('option', { name }).click({ timeout: 3_000 });
    }
    expect(await field.inputValue()).toMatch(name);
  }).toPass({ timeout: 30_000 });
}

test('HR reads a profile, copies the invitation link and edits; the history tells what changed', async ({
  page,
  context,
  db,
  createUser,
  signIn,
}) => {
  const unique = randomBytes(3).toString('hex');
  const admin = await createUser({ builtInRoles: ['admin'] });
  const api = await apiAs(page, admin);
  const boss = await api.post('/api/users', {
    firstName: 'Lan',
    lastName: `Phạm ${unique}`,
    email: `lan.${unique}@example.com`,
    employeeCode: `B${unique}`,
  });
  await db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', boss.id).execute();
  const person = await api.post('/api/users', {
    firstName: 'Minh',
    lastName: `Trần ${unique}`,
    email: `minh.${unique}@example.com`,
    employeeCode: `E${unique}`,
    lineManagerId: boss.id,
    phoneNumber: '+84 912 000 001',
    bankAccountNumber: '0011002233445',
  });
  await signIn(admin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto(`/employee-management/employee/${person.id}`);
  await expect(page.getByTestId('profile-name')).toHaveText(`Trần ${unique} Minh`);
  await expect(page.getByTestId('profile-code')).toHaveText(`E${unique}`);
  await expect(page.getByTestId('employee-status')).toHaveText('Pending');
  for (const section of [
    'Personal details',
    'Work',
    'Bank and documents',
    'Roles and projects',
    'Invitation',
    'History of changes',
  ]) {
    await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('profile-line-manager').getByRole('link')).toHaveText(`Phạm ${unique} Lan`);
  await expect(page.getByTestId('profile-bank')).toContainText('0011002233445');
  const history = page.getByTestId('profile-history');
  await expect(history.getByText('created the employee')).toBeVisible();
  await expect(history.getByText('sent the invitation')).toBeVisible();

  // Without a worker the invitation mail waits in the outbox; HR copies a link to hand over instead.
  await expect(page.getByTestId('invitation-mail-status')).toHaveText('Queued');
  await page.getByTestId('copy-invitation-link').click();
  await expect(page.getByText('Invitation link copied.', { exact: false })).toBeVisible();
  const link = await page.getByTestId('invitation-link').inputValue();
  expect(link).toMatch(/\/invite-account\?token=[\w%-]+&lang=en$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByText('the link in this mail no longer works', { exact: false })).toBeVisible();
  await expect(history.getByText('created an invitation link to hand over')).toBeVisible();
  const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
  const check = await page.request.post('/api/auth/check-sign-up-token', { data: { token } });
  expect(check.status()).toBe(200);

  // Edit opens the form; back on the profile the history says what changed, from what to what.
  await page.getByTestId('profile-edit').click();
  await expect(page).toHaveURL(/\?edit=1$/);
  await page.getByLabel('Phone number').fill('+84 912 000 002');
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(person.id));
  await page.getByTestId('employee-save').click();
  expect((await saved).status()).toBe(200);
  await page.getByTestId('back-to-profile').click();
  await expect(page.getByTestId('employee-profile')).toBeVisible();
  const edit = history.getByTestId('history-event').filter({ hasText: 'changed the employee’s details' });
  await expect(edit).toContainText('Phone number: +84 912 000 001 → +84 912 000 002');
});

test('the line manager is picked among active employees on the form', async ({
  page,
  db,
  createUser,
  signIn,
}) => {
  const unique = randomBytes(3).toString('hex');
  const admin = await createUser({ builtInRoles: ['admin'] });
  const manager = await createUser({ firstName: 'Quang', lastName: `Đỗ ${unique}` });
  const api = await apiAs(page, admin);
  const person = await api.post('/api/users', {
    firstName: 'Hoa',
    lastName: `Vũ ${unique}`,
    email: `hoa.${unique}@example.com`,
  });
  await signIn(admin);
  await page.goto(`/employee-management/employee/${person.id}?edit=1`);
  await pickLineManager(page, `do ${unique}`, new RegExp(`Đỗ ${unique} Quang`));
  await page.locator('#employee-employeeCode').fill(`H-${unique}`);
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(person.id));
  await page.getByTestId('employee-save').click();
  expect((await saved).status()).toBe(200);
  const stored = await db
    .selectFrom('users')
    .select(['line_manager_id', 'employee_code'])
    .where('id', '=', person.id)
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ line_manager_id: manager.id, employee_code: `H-${unique}` });

  // The manager may not report to their own report: the form shows why, on the field.
  await db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', person.id).execute();
  await page.goto(`/employee-management/employee/${manager.id}?edit=1`);
  await pickLineManager(page, `vu ${unique}`, new RegExp(`Vũ ${unique} Hoa`));
  await page.getByTestId('employee-save').click();
  await expect(
    page.getByText('This line manager reports to this person, directly or through others'),
  ).toBeVisible();
});

test('an administrator resets the two-factor authentication of a person who lost their phone', async ({
  page,
  db,
  createUser,
  signIn,
}) => {
  const admin = await createUser({ builtInRoles: ['admin'] });
  const person = await createUser({ firstName: 'Phone', lastName: 'Lost' });
  await db
    .insertInto('user_two_factor')
    .values({ user_id: person.id, secret: 'JBSWY3DPEHPK3PXP', pending_secret: null, enabled_at: new Date() })
    .execute();
  await signIn(admin);
  await page.goto(`/employee-management/employee/${person.id}`);
  const card = page.getByTestId('profile-two-factor');
  await expect(card.getByTestId('two-factor-state')).toHaveText('On');
  await card.getByTestId('reset-two-factor').click();
  await page
    .getByRole('dialog', { name: 'Reset two-factor authentication of Lost Phone?' })
    .getByRole('button', { name: 'Reset two-factor' })
    .click();
  await expect(
    page.getByText('Two-factor authentication of Lost Phone was reset', { exact: false }),
  ).toBeVisible();
  await expect(card.getByTestId('two-factor-state')).toHaveText('Off');
  await expect(
    page.getByTestId('profile-history').getByText('reset two-factor authentication'),
  ).toBeVisible();
  const mail = await db
    .selectFrom('mail_outbox')
    .select('template')
    .where('to_email', '=', person.email)
    .executeTakeFirst();
  expect(mail?.template).toBe('two-factor-reset');
});

test('a viewer sees the profile without private details; on a phone nothing scrolls sideways', async ({
  page,
  createUser,
  signInAs,
}) => {
  const person = await createUser({ firstName: 'Private', lastName: 'Person' });
  await signInAs({ builtInRoles: ['user'] });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/employee-management/employee/${person.id}`);
  await expect(page.getByTestId('profile-name')).toHaveText('Person Private');
  await expect(
    page.getByText('Personal details are visible only to those who manage employees.'),
  ).toBeVisible();
  await expect(page.getByTestId('profile-bank')).toHaveCount(0);
  await expect(page.getByTestId('profile-edit')).toHaveCount(0);
  await expect(page.getByTestId('profile-history')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling of the page').toBeLessThanOrEqual(1);
});

test('a manager of external users edits one from the list', async ({ page, signInAs }) => {
  const unique = randomBytes(3).toString('hex');
  const manager = await signInAs({ permissions: ['external-users.view', 'external-users.manage'] });
  const api = await apiAs(page, manager);
  await api.post('/api/users/external', {
    firstName: 'Kyle',
    lastName: `Reese ${unique}`,
    email: `kyle.${unique}@client.example`,
    organization: 'Cyberdyne',
  });
  await page.goto('/external-users');
  await page.getByPlaceholder('Search by name or email').fill(unique);
  await page.getByRole('button', { name: `Edit Reese ${unique} Kyle` }).click();
  const dialog = page.getByTestId('external-edit-dialog');
  await expect(dialog.getByLabel('Organization')).toHaveValue('Cyberdyne');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByTestId('external-save').click();
  await expect(dialog.getByText('Invalid email format')).toBeVisible();
  await dialog.getByLabel('Email').fill(`kyle.${unique}@client.example`);
  await dialog.getByLabel('Organization').fill('Skynet');
  await dialog.getByTestId('external-save').click();
  await expect(page.getByText(`Reese ${unique} Kyle was saved.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(unique) })).toContainText('Skynet');
});
