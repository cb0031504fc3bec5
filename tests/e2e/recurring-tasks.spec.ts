import { randomBytes } from 'node:crypto';
import { companyToday } from '../../server/core/company-date.ts';
import { loadConfig } from '../../server/config.ts';
import { runJobHandler } from '../helpers/jobs.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Issue 18, recurring tasks as people use them: an administrator creates a monthly task assigned to
// themselves, the worker generates its first child, and they complete it from My tasks.
// Waits are for states, with room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const slash = (date: string) => date.replaceAll('-', '/');

test('an administrator creates a monthly recurring task and completes its first child', async ({
  page,
  db,
  signInAs,
}) => {
  const tag = randomBytes(3).toString('hex');
  // The server's own settings (start-server.ts): the company's calendar decides what is due today.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
  });
  const today = companyToday(config);
  const admin = await signInAs({ builtInRoles: ['admin'], firstName: 'Thu', lastName: `Ha ${tag}` });
  const name = `Monthly report ${tag}`;

  await page.goto('/recurring-tasks');
  await expect(page.getByTestId('page-title')).toHaveText('Recurring tasks');
  await page.getByTestId('rt-tab-tasks').click();
  await page.getByTestId('rt-new').click();
  const dialog = page.getByRole('dialog', { name: 'New recurring task' });
  await dialog.getByTestId('rt-name').fill(name);
  await expect(dialog.getByTestId('rt-cycle')).toContainText('Monthly');
  await dialog.locator('#rt-start').fill(slash(today));
  await page.keyboard.press('Escape');
  await dialog.getByTestId('rt-deadline').fill('3');
  await expect(async () => {
    await dialog.getByTestId('rt-assignees').click();
    const panel = page.locator('.p-multiselect-panel');
    await panel.locator('.p-multiselect-filter').fill(`Ha ${tag}`);
    await panel.getByRole('option', { name: new RegExp(admin.email) }).click({ timeout: 3_000 });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden({ timeout: 3_000 });
  }).toPass();
  await expect(dialog.getByTestId('rt-assignees')).toContainText(`Ha ${tag}`);
  await expect(dialog.getByTestId('rt-preview')).toContainText(slash(today));
  await dialog.getByTestId('rt-task-submit').click();

  // Saved: the task's own page, with its schedule.
  await expect(page).toHaveURL(/\/recurring-tasks\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('rt-detail-name')).toHaveText(name);
  await expect(page.getByTestId('rt-detail-cycle')).toHaveText('Monthly');
  await expect(page.getByTestId('rt-detail-next')).toHaveText(slash(today));
  await expect(page.getByTestId('rt-children')).toContainText('Nothing here.');

  // The worker's hourly run generates the first child.
  await runJobHandler(db, config, 'recurring-tasks.generate');
  await page.goto('/recurring-tasks?tab=mine');
  const row = page.getByTestId('rt-mine').getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('rt-child-status')).toHaveText('Incomplete');
  await row.getByTestId('rt-complete').click();
  await expect(page.getByText('Marked completed.')).toBeVisible();
  await expect(row).toBeHidden();

  await page.goto('/recurring-tasks?tab=tasks');
  await page.getByTestId('rt-tasks').getByRole('link', { name }).click();
  const child = page
    .getByTestId('rt-children')
    .getByRole('row')
    .filter({ hasText: slash(today) });
  await expect(child.getByTestId('rt-child-status')).toHaveText('Completed');
  await expect(child).toContainText(`Completed by: Thu Ha ${tag}`);
  await expect(child.getByTestId('rt-incomplete')).toBeVisible();
});
