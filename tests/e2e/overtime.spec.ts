import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { workWeek } from '../helpers/leave-factories.ts';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 12, as people use it: the remaining hours before asking, a request, a live approval, the
// summary reflecting it. Waits are for states, with room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const slash = (date: string) => date.replaceAll('-', '/');

async function choose(page: Page, inputId: string, option: string) {
  await page
    .locator('.p-dropdown')
    .filter({ has: page.locator(`#${inputId}`) })
    .click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await expect(page.locator('.p-dropdown-panel')).toBeHidden();
}

test('an employee sees the hours left, asks for overtime, the approver approves live, the summary shows it', async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  const tag = randomBytes(3).toString('hex');
  const employee = await createUser({
    permissions: ['overtime.request'],
    firstName: 'Son',
    lastName: `Ha ${tag}`,
  });
  const approver = await createUser({
    permissions: ['overtime.approve', 'overtime.report'],
    firstName: 'Nga',
    lastName: `Lam ${tag}`,
  });
  const week = workWeek(3);

  await signIn(employee);
  await page.goto('/overtime-management');
  await expect(page.getByTestId('ot-meter-day').getByTestId('ot-meter-left')).toHaveText('4 of 4 h left');
  await page.getByTestId('ot-new').click();
  const dialog = page.getByRole('dialog', { name: 'Request overtime' });
  await dialog.locator('#ot-date').fill(slash(week.tuesday));
  await page.keyboard.press('Escape');
  await choose(page, 'ot-start', '18:00');
  await choose(page, 'ot-end', '21:00');
  await expect(dialog.getByTestId('ot-duration')).toHaveText('3 hours');
  await expect(dialog.getByTestId('ot-meter-day').getByTestId('ot-meter-left')).toHaveText('4 of 4 h left');
  await dialog.getByTestId('ot-approvers').click();
  const panel = page.locator('.p-multiselect-panel');
  await panel.locator('input.p-multiselect-filter').fill(`Lam ${tag}`);
  await panel.getByRole('option', { name: new RegExp(`Nga Lam ${tag}`) }).click();
  await page.keyboard.press('Escape');
  await dialog.getByTestId('ot-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('ot-mine').getByRole('row').filter({ hasText: '18:00–21:00' });
  await expect(row.getByTestId('ot-status')).toHaveText('Waiting for approval');

  const context = await browser.newContext();
  try {
    const approverPage = await context.newPage();
    const signedIn = await approverPage.request.post('/api/auth/sign-in', {
      data: { email: approver.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await approverPage.goto('/overtime-management?tab=approvals');
    const waiting = approverPage
      .getByTestId('ot-approvals')
      .getByRole('row')
      .filter({ hasText: `Son Ha ${tag}` });
    await waiting.getByTestId('ot-approve').click();
    await expect(approverPage.getByText('Approved.')).toBeVisible();
    await approverPage.goto('/overtime-management/summary-reporting');
    const summaryRow = approverPage
      .getByTestId('ot-summary')
      .getByRole('row')
      .filter({ hasText: `Son Ha ${tag}` });
    if (week.tuesday.slice(0, 7) === new Date().toISOString().slice(0, 7))
      await expect(summaryRow).toContainText('3');
    const reportRow = approverPage
      .getByTestId('ot-report-table')
      .getByRole('row')
      .filter({ hasText: `Son Ha ${tag}` });
    await expect(reportRow.getByRole('cell').last()).toHaveText('4.5', { timeout: 20_000 });
  } finally {
    await context.close();
  }
  // The employee's page follows the live notification.
  await expect(row.getByTestId('ot-status')).toHaveText('Approved');
});
