import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { startProviderTestServer, type ProviderTestServer } from '../helpers/provider-test-servers.ts';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 13's account boards, as people use them: an admin connects GitHub (a local GitHub started
// by the test: nothing leaves the machine), syncs, finds the members on the account board, assigns
// two of them to a person; the person is deactivated and their profile shows the offboarding
// checklist: one account is removed through GitHub, the other closed by hand.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

let github: ProviderTestServer;
test.beforeEach(async () => {
  github = await startProviderTestServer('GITHUB');
  github.seed({ members: 3 });
});
test.afterEach(async () => github.close());

async function assign(page: Page, row: Locator, search: string, name: RegExp) {
  await row.getByTestId('board-edit').click();
  const dialog = page.getByRole('dialog');
  await expect(async () => {
    await dialog.locator('#board-assignees').fill(search);
    await page.locator('.p-autocomplete-panel').getByText(name).first().click({ timeout: 3_000 });
    await expect(dialog.locator('.p-autocomplete-token')).toContainText(name, { timeout: 3_000 });
  }).toPass();
  await dialog.getByTestId('board-save').click();
  await expect(dialog).toBeHidden();
}

test('connect GitHub, sync, assign accounts on the board, deactivate, work the checklist', async ({
  page,
  createUser,
  signInAs,
}) => {
  const tag = randomBytes(3).toString('hex');
  const leaver = await createUser({ firstName: 'Lan', lastName: `Pham ${tag}` });
  const admin = await signInAs({ builtInRoles: ['admin'] });

  // Connect GitHub and sync.
  await page.goto('/setting-connections');
  await page.getByTestId('cx-new').click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });
  await dialog.locator('#cx-name').fill(`Acme GitHub ${tag}`);
  await expect(async () => {
    await dialog.locator('.p-dropdown:has(#cx-provider)').click();
    await page
      .locator('.p-dropdown-panel')
      .getByRole('option', { name: /^GitHub/ })
      .click({ timeout: 3_000 });
    await expect(page.locator('.p-dropdown-panel')).toBeHidden({ timeout: 3_000 });
  }).toPass();
  await dialog.getByTestId('cx-base-url').fill(github.baseUrl);
  await dialog.locator('#cx-path').fill(github.path);
  await dialog.getByTestId('cx-token').fill(github.token);
  await dialog.getByTestId('cx-submit').click();
  await expect(dialog).toBeHidden();
  const row = page
    .getByTestId('cx-table')
    .getByRole('row')
    .filter({ hasText: `Acme GitHub ${tag}` });
  await row.getByTestId('cx-sync').click();
  await expect(row.getByTestId('sync-state')).toHaveText('Up to date');

  // The board lists the members; two are assigned to Lan.
  await page.goto('/account-management');
  await expect(page.getByRole('heading', { name: 'Accounts' }).first()).toBeVisible();
  const accounts = page.locator('tr.board-account');
  const member = (login: string) =>
    accounts.filter({ hasText: `Acme GitHub ${tag}` }).filter({ hasText: login });
  await expect(member('member2')).toHaveCount(1);
  await assign(page, member('member2'), `Pham ${tag}`, new RegExp(`Pham ${tag} Lan`));
  await expect(member('member2').getByTestId('board-assignees')).toContainText(`Pham ${tag} Lan`);
  await assign(page, member('member3'), `Pham ${tag}`, new RegExp(`Pham ${tag} Lan`));
  await expect(member('member3').getByTestId('board-assignees')).toContainText(`Pham ${tag} Lan`);

  // Lan leaves: deactivated (through the API, as the admin), the checklist opens.
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: admin.email, password: DEFAULT_PASSWORD },
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const off = await page.request.put(`/api/users/${leaver.id}/status`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { status: 'INACTIVE' },
  });
  expect(off.ok(), await off.text()).toBe(true);

  await page.goto('/account-management?tab=offboarding');
  const open = page
    .getByTestId('open-checklists')
    .getByRole('row')
    .filter({ hasText: `Pham ${tag}` });
  await expect(open).toContainText('2 of 2 open');
  await open.getByRole('link').click();

  const checklist = page.getByTestId('offboarding-checklist');
  await expect(checklist.getByTestId('offboarding-open')).toHaveText('2 items open');
  const item = (login: string) => checklist.locator('tr.offboarding-item').filter({ hasText: login });
  await item('member2').getByTestId('offboarding-perform').click();
  const confirm = page.getByRole('dialog', { name: /Remove member2/ });
  await confirm.getByRole('button', { name: 'Remove at the service' }).click();
  await expect(item('member2').getByTestId('offboarding-state')).toContainText('Done');
  await expect.poll(() => github.removed).toContain('member2');

  await item('member3').getByTestId('offboarding-close').click();
  await expect(item('member3').getByTestId('offboarding-state')).toContainText('Done');
  await expect(item('member3').getByTestId('offboarding-state')).toContainText('Closed by hand');
  await expect(checklist.getByTestId('offboarding-open')).toHaveText('All closed');
});
