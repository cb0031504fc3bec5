import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Issue 20, as an administrator uses it: in /platform-settings, BACKUP, they configure a backup,
// run it now, and see its log entry (the e2e server runs no worker: the run stays queued).
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('configure a backup, run it now, see its log entry', async ({ page, createUser, signIn }) => {
  const tag = randomBytes(3).toString('hex');
  const admin = await createUser({ permissions: ['platform-settings.manage', 'backups.manage'] });
  await signIn(admin);
  await page.goto('/platform-settings?category=BACKUP');
  const card = page.getByTestId('backups-card');
  await expect(card).toBeVisible();

  await card.getByTestId('backup-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(`Nightly ${tag}`);
  await dialog.getByLabel('Note').fill('Kept for a week');
  await dialog.getByTestId('backup-save').click();
  await expect(dialog).toBeHidden();
  const row = card.getByRole('row', { name: new RegExp(`Nightly ${tag}`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Local folder');

  await row.getByTestId('backup-run').click();
  await expect(row.getByTestId('backup-last-status')).toContainText('Queued');

  await row.getByTestId('backup-logs').click();
  const logs = page.getByTestId('backup-log-table');
  await expect(logs.getByRole('row').nth(1)).toContainText('Queued');
  await expect(logs.getByRole('row').nth(1)).toContainText('Run now');
});
