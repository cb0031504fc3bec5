import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startJiraTestServer, type JiraTestServer } from '../helpers/jira-test-server.ts';
import { projectWithMembers } from '../helpers/worklog-factories.ts';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 13's Jira slice, as people use it: an admin connects Jira (a local Jira started by the
// test: nothing leaves the machine), syncs, links a Jira project to a project and syncs its tasks;
// a member logs work on a Jira task, pushes it to Jira and sees the result.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

let jira: JiraTestServer;
test.beforeEach(async () => {
  jira = await startJiraTestServer();
  jira.seed({ projects: 3, users: 2, issuesPerProject: 3 });
});
test.afterEach(async () => jira.close());

async function choose(page: Page, trigger: ReturnType<Page['getByTestId']>, option: string) {
  await expect(async () => {
    await trigger.click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: option }).click({ timeout: 3_000 });
    await expect(page.locator('.p-dropdown-panel')).toBeHidden({ timeout: 3_000 });
  }).toPass();
}

test('connect Jira, sync, link a Jira project, log work on a Jira task and push it', async ({
  page,
  browser,
  db,
  createUser,
  signInAs,
}) => {
  const tag = randomBytes(3).toString('hex');
  const dev = await createUser({ permissions: ['worklogs.log'], firstName: 'Lan', lastName: `Pham ${tag}` });
  const project = await projectWithMembers(db, [dev.id], ['projects.view'], `Nova ${tag}`);
  await signInAs({ builtInRoles: ['admin'] });

  // Connect: the Test button asks the provider first; the token is shown masked afterwards.
  await page.goto('/setting-connections');
  await page.getByTestId('cx-new').click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });
  await dialog.locator('#cx-name').fill(`Acme Jira ${tag}`);
  await dialog.getByTestId('cx-base-url').fill(jira.url);
  await dialog.locator('#cx-path').fill(`acme-${tag}`);
  await dialog.getByTestId('cx-email').fill(jira.email);
  await dialog.getByTestId('cx-token').fill('a-token-jira-refuses-000000');
  await dialog.getByTestId('cx-test').click();
  await expect(dialog.getByText('Jira refused this email and token (HTTP 401)')).toBeVisible();
  await dialog.getByTestId('cx-token').fill(jira.token);
  await dialog.getByTestId('cx-test').click();
  await expect(dialog.getByTestId('cx-test-ok')).toHaveText(
    /Jira accepts this token: it belongs to Backoffice bot\./,
  );
  await dialog.getByTestId('cx-submit').click();
  await expect(dialog).toBeHidden();
  const row = page
    .getByTestId('cx-table')
    .getByRole('row')
    .filter({ hasText: `Acme Jira ${tag}` });
  await expect(row).toContainText(`••••••••${jira.token.slice(-4)}`);
  await expect(row).not.toContainText(jira.token);
  await expect(row.getByTestId('sync-state')).toHaveText('Not synced yet');

  await row.getByTestId('cx-sync').click();
  await expect(row.getByTestId('sync-state')).toHaveText('Up to date');
  await expect(row.getByTestId('last-sync')).toContainText('Synced');

  // Link P1 to the project from the project's page.
  await page.goto(`/client-management/project/${project.id}`);
  const card = page.getByTestId('project-jira');
  await expect(card).toContainText('No Jira project is linked');
  await card.getByTestId('jira-link-open').click();
  const link = page.getByRole('dialog', { name: 'Link Jira projects' });
  await link.getByTestId('jira-option-P1').click();
  await link.getByTestId('jira-link-submit').click();
  await expect(link).toBeHidden();
  await expect(
    card.getByTestId('jira-links').getByRole('row').filter({ hasText: 'Project 1' }),
  ).toContainText(`Acme Jira ${tag}`);

  // The next sync brings the linked project's tasks: seen on the connection's page.
  await page.goto('/setting-connections');
  await page.getByRole('link', { name: `Acme Jira ${tag}` }).click();
  const detail = page.getByTestId('connection-detail');
  await detail.getByTestId('cx-sync').click();
  await expect(detail.getByTestId('cx-counts')).toHaveText(
    '3 Jira projects, 2 accounts, 3 issues; linked to 1 projects',
  );
  await expect(detail.getByTestId('cx-runs').getByRole('row')).toHaveCount(3); // header and two runs

  // The member logs work on a Jira task and pushes it.
  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    expect(
      (
        await member.request.post('/api/auth/sign-in', {
          data: { email: dev.email, password: DEFAULT_PASSWORD },
        })
      ).status(),
    ).toBe(200);
    await member.goto('/work-logs?tab=mine');
    await member.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await member.getByTestId('wl-new').click();
    const log = member.getByRole('dialog', { name: 'Log work' });
    await log.getByTestId('wl-hours').fill('1.5');
    await choose(member, log.getByTestId('wl-project'), `Nova ${tag}`);
    await log.getByTestId('wl-description').fill('Payment API');
    await expect(async () => {
      await log.locator('#wl-jira').fill('P1-2');
      await member
        .locator('.p-autocomplete-panel')
        .getByText('Task 2 of Project 1')
        .click({ timeout: 3_000 });
    }).toPass();
    await expect(log.locator('.p-autocomplete-token')).toHaveText(['P1-2']);
    await log.getByTestId('wl-submit').click();
    await expect(log).toBeHidden();

    const logged = member.getByTestId('wl-mine').getByRole('row').filter({ hasText: 'Payment API' });
    await expect(logged).toContainText('P1-2');
    await expect(logged.getByTestId('wl-jira-state')).toHaveText('Not in Jira');
    await logged.getByTestId('wl-push').click();
    await expect(logged.getByTestId('wl-jira-state')).toHaveText('In Jira');
    await expect(logged.getByTestId('wl-jira-state')).toHaveAttribute(
      'title',
      /^P1-2: pushed .* \(1\.5 h\)$/,
    );
    expect([...jira.worklogs.values()].map((w) => [w.issueKey, w.timeSpentSeconds])).toEqual([
      ['P1-2', 5400],
    ]);

    // Jira refuses the next push: the log says so, with the reason on hover.
    await logged.getByRole('button', { name: 'Edit' }).click();
    const edit = member.getByRole('dialog', { name: 'Change the log' });
    await edit.getByTestId('wl-hours').fill('2');
    await edit.getByTestId('wl-submit').click();
    await expect(edit).toBeHidden();
    await expect(logged.getByTestId('wl-jira-state')).toHaveText('Changed since push');
    jira.failNext('PUT /rest/api/3/issue/P1-2/worklog', { status: 401 });
    await logged.getByTestId('wl-push').click();
    await expect(logged.getByTestId('wl-jira-state')).toHaveText('Push failed');
    await expect(logged.getByTestId('wl-jira-state')).toHaveAttribute(
      'title',
      'P1-2: the provider refused the token (HTTP 401)',
    );
    await logged.getByTestId('wl-push').click();
    await expect(logged.getByTestId('wl-jira-state')).toHaveText('In Jira');
    expect([...jira.worklogs.values()].map((w) => w.timeSpentSeconds)).toEqual([7200]);
  } finally {
    await context.close();
  }
});
