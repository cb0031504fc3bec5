import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addDays, mondayOf } from '../../shared/rules/periods.ts';
import { grantProjectRole } from '../helpers/factories.ts';
import { projectWithMembers } from '../helpers/worklog-factories.ts';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 18, as people use it: a person fills last week in the grid and saves it, their project's
// manager locks that week, and the person's next change is refused with the lock's message.
// Waits are for states, with room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const slash = (date: string) => date.replaceAll('-', '/');

async function choose(page: Page, trigger: ReturnType<Page['getByTestId']>, option: string) {
  await expect(async () => {
    await trigger.click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: option }).click({ timeout: 3_000 });
    await expect(page.locator('.p-dropdown-panel')).toBeHidden({ timeout: 3_000 });
  }).toPass();
}

test('a person logs a week, the manager locks it, a later change is refused', async ({
  page,
  browser,
  db,
  createUser,
  signIn,
}) => {
  const tag = randomBytes(3).toString('hex');
  const dev = await createUser({ permissions: ['worklogs.log'], firstName: 'Khoa', lastName: `Do ${tag}` });
  const lead = await createUser({ firstName: 'Mai', lastName: `Vo ${tag}` });
  const project = await projectWithMembers(db, [dev.id], ['projects.view'], `Orion ${tag}`);
  await grantProjectRole(db, lead.id, project.id, ['worklogs.manage', 'projects.view']);
  const today = new Date().toISOString().slice(0, 10);
  const monday = addDays(mondayOf(today), -7);

  await signIn(dev);
  await page.goto('/work-logs');
  await page.getByTestId('wl-prev-week').click();
  await expect(page.getByTestId('wl-week-range')).toHaveText(
    `${slash(monday)} – ${slash(addDays(monday, 6))}`,
  );
  await page.getByTestId('wl-add-row').click();
  const row = page.getByTestId('wl-row').first();
  await choose(page, row.getByTestId('wl-row-project'), `Orion ${tag}`);
  await row.getByTestId('wl-row-description').fill('Search API');
  await row.getByTestId(`wl-cell-${monday}`).fill('8');
  await row.getByTestId(`wl-cell-${addDays(monday, 1)}`).fill('7.5');
  await expect(row.getByTestId('wl-row-total')).toHaveText('15.5');
  await expect(page.getByTestId(`wl-day-total-${addDays(monday, 1)}`)).toHaveText('7.5');
  await page.getByTestId('wl-save-week').click();
  await expect(page.getByText('Week saved.')).toBeVisible();
  await expect(page.getByTestId('wl-week-total')).toHaveText('15.5');

  const context = await browser.newContext();
  try {
    const leadPage = await context.newPage();
    const signedIn = await leadPage.request.post('/api/auth/sign-in', {
      data: { email: lead.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await leadPage.goto('/work-logs?tab=team');
    await expect(
      leadPage
        .getByTestId('wl-team')
        .getByRole('row')
        .filter({ hasText: `Khoa Do ${tag}` }),
    ).toHaveCount(2);
    await leadPage.getByTestId('wl-tab-locks').click();
    await leadPage.getByTestId('wl-new-lock').click();
    const dialog = leadPage.getByRole('dialog', { name: 'Lock a period' });
    await choose(leadPage, dialog.getByTestId('wl-lock-project'), `Orion ${tag}`);
    await dialog.locator('#wl-lock-from').fill(slash(monday));
    await leadPage.keyboard.press('Escape');
    await dialog.locator('#wl-lock-to').fill(slash(addDays(monday, 6)));
    await leadPage.keyboard.press('Escape');
    await dialog.getByTestId('wl-lock-submit').click();
    await expect(dialog).toBeHidden();
    await expect(
      leadPage
        .getByTestId('wl-locks')
        .getByRole('row')
        .filter({ hasText: `Orion ${tag}` }),
    ).toBeVisible();
  } finally {
    await context.close();
  }

  // The person's page was open all along: their next change meets the lock.
  await row.getByTestId(`wl-cell-${addDays(monday, 2)}`).fill('6');
  await page.getByTestId('wl-save-week').click();
  await expect(page.getByRole('alert').filter({ hasText: 'This period is locked' }).first()).toBeVisible();
  await page.reload();
  await page.getByTestId('wl-prev-week').click();
  await expect(page.getByTestId('wl-row').first().getByTestId(`wl-cell-${monday}`)).toBeDisabled();
  await page.getByTestId('wl-tab-mine').click();
  await expect(page.getByTestId('wl-mine').getByText('Locked').first()).toBeVisible();
});
