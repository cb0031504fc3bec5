import { randomBytes } from 'node:crypto';
import { startProviderTestServer, type ProviderTestServer } from '../helpers/provider-test-servers.ts';
import { projectWithMembers } from '../helpers/worklog-factories.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Issue 13's project links, as a project manager uses them: repositories synced from a local
// GitHub (started by the test: nothing leaves the machine) are linked to a project, and a cloud
// account is added — a wrong AWS ID is refused on its field, the right one is kept.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

let github: ProviderTestServer;
test.beforeEach(async () => {
  github = await startProviderTestServer('GITHUB');
  github.seed({ members: 3, repos: 4, collaboratorsPerRepo: 2 });
});
test.afterEach(async () => github.close());

test('a project manager links two synced repositories and adds a cloud account', async ({
  page,
  db,
  signInAs,
}) => {
  const tag = randomBytes(3).toString('hex');
  const project = await projectWithMembers(db, [], ['projects.view'], `Orion ${tag}`);

  // An admin connects the local GitHub and syncs it (the connections screens have their own spec).
  await signInAs({ builtInRoles: ['admin'] });
  await page.goto('/setting-connections');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByTestId('cx-new').click();
  const connect = page.getByRole('dialog', { name: 'Connect an account' });
  await connect.locator('#cx-name').fill(`Acme GitHub ${tag}`);
  await expect(async () => {
    await connect
      .locator('.p-dropdown')
      .filter({ has: page.locator('#cx-provider') })
      .click();
    await page
      .locator('.p-dropdown-panel')
      .getByRole('option', { name: /^GitHub/ })
      .click({ timeout: 3_000 });
    await expect(page.locator('.p-dropdown-panel')).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await connect.getByTestId('cx-base-url').fill(github.baseUrl);
  await connect.locator('#cx-path').fill(github.path);
  await connect.getByTestId('cx-token').fill(github.token);
  await connect.getByTestId('cx-submit').click();
  await expect(connect).toBeHidden();
  const row = page
    .getByTestId('cx-table')
    .getByRole('row')
    .filter({ hasText: `Acme GitHub ${tag}` });
  await row.getByTestId('cx-sync').click();
  await expect(row.getByTestId('sync-state')).toHaveText('Up to date');

  await signInAs({ permissions: ['projects.view', 'projects.manage'] });
  await page.goto(`/client-management/project/${project.id}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  const git = page.getByTestId('project-git');
  await expect(git).toContainText('No repository is linked to this project');
  await git.getByTestId('git-link-open').click();
  const link = page.getByRole('dialog', { name: 'Link repositories' });
  await link.getByTestId('git-option-repo-1').click();
  await link.getByTestId('git-option-repo-2').click();
  await expect(link.getByTestId('git-link-submit')).toHaveText('Link 2 repositories');
  await link.getByTestId('git-link-submit').click();
  await expect(link).toBeHidden();
  const rows = git.getByTestId('git-links').getByRole('row');
  await expect(rows.filter({ hasText: 'repo-1' })).toContainText('Repository 1');
  await expect(rows.filter({ hasText: 'repo-2' })).toContainText('GitHub');
  await expect(rows.filter({ hasText: 'repo-2' })).toContainText(`Acme GitHub ${tag}`);

  // The picker now shows them as already linked, not pickable.
  await git.getByTestId('git-link-open').click();
  await expect(link.getByText('Already linked')).toBeVisible();
  await expect(link.getByTestId('git-option-repo-1')).toHaveCount(0);
  await link.getByRole('button', { name: 'Cancel' }).click();
  await expect(link).toBeHidden();

  const cloud = page.getByTestId('project-cloud');
  await cloud.getByTestId('cloud-add-open').click();
  const add = page.getByRole('dialog', { name: 'Add cloud account' });
  await add.locator('#cloud-account-id').fill('12345');
  await add.locator('#cloud-name').fill(`Production ${tag}`);
  await add.getByTestId('cloud-save').click();
  await expect(add.getByTestId('cloud-account-id-error')).toHaveText('An AWS account ID has 12 digits');
  await add.locator('#cloud-account-id').fill('123456789012');
  await expect(add.getByTestId('cloud-account-id-error')).toHaveCount(0);
  await add.getByTestId('cloud-save').click();
  await expect(add).toBeHidden();
  const account = cloud
    .getByTestId('cloud-accounts')
    .getByRole('row')
    .filter({ hasText: `Production ${tag}` });
  await expect(account).toContainText('123456789012');
  await expect(account).toContainText('AWS');
  await expect(account).toContainText('Developer');
});
