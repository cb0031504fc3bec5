import { randomBytes } from 'node:crypto';
import { createAsset } from '../helpers/asset-factories.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Issue 16, assets as people use them: a manager assigns an asset to a person and sees the assignee
// history, then checks it in and sees the period closed. Waits are for states.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('a manager assigns an asset and sees its assignee history', async ({
  page,
  db,
  signInAs,
  createUser,
}) => {
  const tag = randomBytes(3).toString('hex');
  await signInAs({
    permissions: ['assets.view', 'assets.manage', 'risks.view'],
    firstName: 'Lan',
    lastName: `Pham ${tag}`,
  });
  const holder = await createUser({ firstName: 'Minh', lastName: `Tran ${tag}` });
  const asset = await createAsset(db, { name: `ThinkPad ${tag}`, serialNumber: `TP-${tag}` });

  await page.goto('/asset-management');
  await page.getByTestId('assets-search-COMPANY_ASSET').fill(tag);
  const table = page.getByTestId('assets-table-COMPANY_ASSET');
  await table.getByRole('link', { name: `ThinkPad ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/asset-management/${asset.id}$`));
  await expect(page.getByTestId('asset-history')).toContainText('Nobody has held this asset yet');

  await page.getByTestId('asset-assign-open').click();
  const dialog = page.getByRole('dialog', { name: 'Assign the asset' });
  await expect(async () => {
    await dialog.getByTestId('asset-assignee').click();
    const panel = page.locator('.p-dropdown-panel');
    await panel.locator('input.p-dropdown-filter').fill(`Tran ${tag}`);
    await panel.getByRole('option', { name: new RegExp(holder.email) }).click({ timeout: 3_000 });
  }).toPass();
  await dialog.getByTestId('asset-assign-submit').click();
  await expect(page.getByText('Asset assigned')).toBeVisible();
  await expect(page.getByTestId('asset-assignee-name')).toHaveText(`Tran ${tag} Minh`);
  const history = page.getByTestId('asset-history');
  await expect(history.getByRole('row').filter({ hasText: `Tran ${tag} Minh` })).toContainText('Now');

  await page.getByTestId('asset-check-in').click();
  await expect(page.getByText('Asset checked in')).toBeVisible();
  await expect(page.getByTestId('asset-assignee-name')).toHaveText('');
  const period = history.getByRole('row').filter({ hasText: `Tran ${tag} Minh` });
  await expect(period).not.toContainText('Now');
  await expect(period).toContainText(/\d{4}\/\d{2}\/\d{2}.*\d{4}\/\d{2}\/\d{2}/);
});
