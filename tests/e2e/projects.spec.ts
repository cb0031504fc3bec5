import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createRole } from '../helpers/factories.ts';
import { createClient, createProject } from '../helpers/project-factories.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Each step loads a screen's chunk and calls the API; on a busy shared machine that can take longer
// than the suite's default, so states are waited for a little longer here (never a fixed sleep).
const expect = baseExpect.configure({ timeout: 20_000 });

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
  await expect(panel).toBeHidden();
}

/** Adds a member through the dialog: the person found by name, then the project role. */
async function addMember(page: Page, search: string, email: string, role: string) {
  await page.getByTestId('add-member').click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await expect(dialog).toBeVisible();
  await dialog.locator('#member-person').fill(search);
  // The suggestion (the search is unique: one person) is picked with the keyboard once it shows, and
  // the field then names the person. A click would make Playwright scroll the page behind the dialog
  // to reach the list, which closes it (PrimeReact hides overlays on scroll) now that the project page
  // is taller; on a busy machine a late answer can also redraw the list: then it is tried again.
  const suggestion = page.locator('.p-autocomplete-panel').getByRole('option').filter({ hasText: email });
  const field = dialog.locator('#member-person');
  await expect(async () => {
    if (!new RegExp(email.replaceAll('.', '\\.')).test(await field.inputValue())) {
      if (!(await suggestion.isVisible())) {
        await field.fill('');
        await field.fill(search);
      }
      await expect(suggestion).toBeVisible({ timeout: 5_000 });
      await field.press('ArrowDown');
      await field.press('Enter');
    }
    await expect(field).toHaveValue(new RegExp(email.replaceAll('.', '\\.')), { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await choose(page, 'member-role', role);
  await dialog.getByTestId('member-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`member-status-${email}`)).toHaveText('Active');
}

test('a client, a project under it, members with roles, a stage move, then the project deactivated with its members', async ({
  page,
  db,
  createUser,
  signInAs,
}) => {
  test.setTimeout(180_000);
  const unique = randomBytes(3).toString('hex');
  const role = await createRole(db, {
    name: `Tech lead ${unique}`,
    type: 'PROJECT',
    permissions: ['projects.view', 'projects.members.manage'],
  });
  const lan = await createUser({
    firstName: `Lan${unique}`,
    lastName: 'Nguyễn',
    email: `lan.${unique}@example.com`,
  });
  const minh = await createUser({
    firstName: `Minh${unique}`,
    lastName: 'Trần',
    email: `minh.${unique}@example.com`,
  });
  await signInAs({ builtInRoles: ['admin'] });

  // A client.
  await page.goto('/client-management');
  await expect(page.getByTestId('clients-panel')).toBeVisible();
  await page.getByTestId('create-client').click();
  const clientDialog = page.getByRole('dialog', { name: 'New client' });
  await clientDialog.getByTestId('client-save').click();
  await expect(clientDialog.getByText('This field is required')).toBeVisible();
  const clientName = `Công ty Sao Mai ${unique}`;
  await clientDialog.getByLabel('Name').fill(clientName);
  await clientDialog.getByLabel('Email').fill(`contact.${unique}@saomai.example`);
  await clientDialog.getByTestId('client-save').click();
  await expect(clientDialog).toBeHidden();
  await expect(page.getByText(`Client ${clientName} was created.`)).toBeVisible();
  await page.getByTestId('client-search').fill(`sao mai ${unique}`);
  await page.getByRole('link', { name: clientName }).click();
  await expect(page.getByTestId('client-name')).toHaveText(clientName);

  // A project under it.
  await page.getByTestId('create-project').click();
  await expect(page).toHaveURL(/\/client-management\/[0-9a-f-]{36}\/project$/);
  const projectName = `Cổng thanh toán ${unique}`;
  await page.getByLabel('Name').fill(projectName);
  await page.locator('#project-startDate').fill('2026/01/05');
  await page.keyboard.press('Escape');
  await page.locator('#project-endDate').fill('2026/01/01');
  await page.keyboard.press('Escape');
  await page.getByTestId('project-save').click();
  await expect(page.getByText('End date must be after start date')).toBeVisible();
  await page.locator('#project-endDate').fill('2026/12/31');
  await page.keyboard.press('Escape');
  await page.getByTestId('project-save').click();
  await expect(page).toHaveURL(/\/client-management\/[0-9a-f-]{36}\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('project-name')).toHaveText(projectName);
  await expect(page.getByText(`Project ${projectName} was created.`)).toBeVisible();
  const projectId = page.url().split('/').pop()!;

  // Members with their project role.
  await addMember(page, `Lan${unique}`, lan.email, role.name);
  await addMember(page, `minh.${unique}`, minh.email, role.name);
  await expect(page.getByTestId('project-members').getByRole('heading')).toHaveText('Members · 2 members');

  // The stage moves on; the timeline keeps the move.
  await choose(page, 'project-next-stage', 'Development');
  await page.getByTestId('move-stage').click();
  await expect(page.getByTestId('project-stepper').locator('[aria-current="step"]')).toHaveText(
    'Development',
  );
  await expect(page.getByTestId('stage-history').locator('li').first()).toContainText(
    'Negotiation → Development',
  );

  // Deactivating the project deactivates its members.
  await page.getByTestId('project-deactivate').click();
  await expect(page.getByText('All 2 active members are deactivated too')).toBeVisible();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Deactivate project' }).click();
  await expect(page.getByTestId('project-status')).toHaveText('Inactive');
  await expect(page.getByTestId(`member-status-${lan.email}`)).toHaveText('Inactive');
  await expect(page.getByTestId(`member-status-${minh.email}`)).toHaveText('Inactive');
  await expect(page.getByTestId('add-member')).toHaveCount(0);

  const members = await db
    .selectFrom('project_members')
    .select('status')
    .where('project_id', '=', projectId)
    .execute();
  expect(members.map((m) => m.status)).toEqual(['INACTIVE', 'INACTIVE']);
  const grants = await db.selectFrom('user_roles').select('id').where('project_id', '=', projectId).execute();
  expect(grants, 'their project roles no longer apply').toEqual([]);

  // The project list shows it among the inactive projects in its stage.
  await page.goto('/client-management?tab=projects');
  await page.getByTestId('project-search').fill(`thanh toan ${unique}`);
  await expect(page.getByRole('link', { name: projectName })).toBeVisible();
  await expect(page.getByTestId('stage-count-DEVELOPMENT')).toContainText('1');
});

test('a client with a live project cannot be deleted: the dialog says why; without projects it goes', async ({
  page,
  db,
  signInAs,
}) => {
  const unique = randomBytes(3).toString('hex');
  const client = await createClient(db, { name: `Công ty Hải Âu ${unique}` });
  const project = await createProject(db, client.id, { name: `Kho dữ liệu ${unique}` });
  await signInAs({ builtInRoles: ['admin'] });

  await page.goto(`/client-management/${client.id}`);
  await expect(page.getByTestId('client-name')).toHaveText(client.name);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('This client still has 1 project');
  await expect(dialog.getByRole('button', { name: 'Delete client' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Once its project is gone, the same button deletes the client.
  await db.updateTable('projects').set({ deleted_at: new Date() }).where('id', '=', project.id).execute();
  await page.reload();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete client' }).click();
  await expect(page).toHaveURL(/\/client-management$/);
  const gone = await db
    .selectFrom('clients')
    .select('deleted_at')
    .where('id', '=', client.id)
    .executeTakeFirstOrThrow();
  expect(gone.deleted_at).not.toBeNull();
});
