/**
 * Issue 9, defects 8 and 9: what the screens look like at 1280×800 and 390 px, and confirmations
 * that name their action and say why they cannot be done.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/fixtures.ts';

// These flows load several screens and lists on a machine the whole team shares: waits are for
// states, with room for a slow moment.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const unique = () => randomBytes(3).toString('hex');

/** Whether a field's placeholder fits in its box (measured in the field's own font). */
async function placeholderFits(field: Locator): Promise<boolean> {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room + 0.5;
  });
}

async function width(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.width;
}

async function fontOf(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).fontFamily);
}

test('the role dialog fits a 1280×800 screen: Save and Cancel in view', async ({ page, signInAs }) => {
  await signInAs({ builtInRoles: ['admin'] });
  await page.goto('/access-control-management');
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await expect(dialog.getByText('Select all')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
});

test('the bell’s popover stays on a 390 px screen', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs({ builtInRoles: ['user'] });
  await page.goto('/settings');
  await page.getByTestId('notification-bell').click();
  const box = (await page.getByRole('dialog', { name: 'Notifications' }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});

test('password fields are as wide as their neighbours; button links are not underlined', async ({ page }) => {
  await page.goto('/sign-in');
  expect(
    Math.abs((await width(page.locator('#password'))) - (await width(page.locator('#email')))),
  ).toBeLessThanOrEqual(1);

  await page.goto('/reset-password?token=expired-or-unknown');
  const button = page.getByRole('link', { name: 'Request a new link' });
  await expect(button).toBeVisible();
  expect(await button.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
});

test('placeholders are not cut short; Employees is highlighted at /; one typeface', async ({
  page,
  signInAs,
}) => {
  await signInAs({ builtInRoles: ['admin'] });
  await page.goto('/');
  await expect(page.getByTestId('employee-list')).toBeVisible();
  const search = page.getByTestId('employee-search');
  await expect(search).toHaveAttribute('placeholder', 'Search by name or email');
  expect(await placeholderFits(search), 'the search placeholder fits').toBe(true);

  const active = page.getByRole('navigation', { name: 'Main navigation' }).locator('a.is-active');
  await expect(active).toHaveText('Employees');

  const body = await fontOf(page, 'body');
  expect(body).toContain('Inter');
  for (const selector of ['h1', 'h2', 'button', 'input', '.p-datatable']) {
    expect(await fontOf(page, selector), selector).toBe(body);
  }
});

test('the list and the header show the same initial for a person', async ({
  page,
  db,
  createUser,
  signIn,
}) => {
  const lastName = `Nguyễn${unique()}`;
  const me = await createUser({ builtInRoles: ['admin'], firstName: 'An', lastName });
  await db.updateTable('users').set({ user_type: 'EMPLOYEE' }).where('id', '=', me.id).execute();
  await signIn(me);
  await page.goto(`/employee-management?search=${lastName}`);
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row.locator('.people-person__avatar')).toHaveText('A');
  await expect(page.locator('.user-menu__avatar')).toHaveText('A');
});

test('deleting a department with members is refused with the reason; the button names the action', async ({
  page,
  db,
  createUser,
  signInAs,
}) => {
  await signInAs({ builtInRoles: ['admin'] });
  const tag = unique();
  const [busy, empty] = await db
    .insertInto('departments')
    .values([
      { name: `Busy ${tag}`, description: null, created_by: null },
      { name: `Empty ${tag}`, description: null, created_by: null },
    ])
    .returning(['id', 'name'])
    .execute();
  const member = await createUser();
  await db.updateTable('users').set({ department_id: busy!.id }).where('id', '=', member.id).execute();

  await page.goto(`/administrative-management?departments.search=${tag}`);
  await page.getByRole('button', { name: `Delete ${busy!.name}` }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByRole('button', { name: 'Delete department' })).toBeDisabled();
  await expect(dialog.getByTestId('confirm-reason')).toContainText('still has 1 member');
  await expect(dialog.getByRole('button', { name: 'Yes' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Delete ${empty!.name}` }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete department' }).click();
  await expect(page.getByText(`Department ${empty!.name} was deleted.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${empty!.name}` })).toHaveCount(0);
});
