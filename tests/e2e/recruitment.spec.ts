import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { tinyPdf } from '../helpers/recruitment-factories.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Issue 21, as HR uses it: a campaign is created, three candidates apply with PDF resumes, two are
// moved and scored, compared side by side, and one is hired into a pending employee.
// Waits are for states, with room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

async function choose(page: Page, trigger: ReturnType<Page['getByTestId']>, option: string) {
  await expect(async () => {
    await trigger.click();
    await page
      .locator('.p-dropdown-panel')
      .getByRole('option', { name: option, exact: true })
      .click({ timeout: 3_000 });
    await expect(page.locator('.p-dropdown-panel')).toBeHidden({ timeout: 3_000 });
  }).toPass();
}

test('HR runs a campaign: candidates with resumes, moved, scored, compared, one hired', async ({
  page,
  signInAs,
}) => {
  const tag = randomBytes(3).toString('hex');
  await signInAs({
    permissions: ['recruitment.view', 'recruitment.manage', 'employees.view', 'employees.manage'],
    firstName: 'Hà',
    lastName: `Trần ${tag}`,
  });

  await page.goto('/hiring-campaigns');
  await page.getByTestId('campaign-add').click();
  await page.getByTestId('campaign-position').fill(`Backend developer ${tag}`);
  await page.getByTestId('campaign-form-submit').click();
  await expect(page).toHaveURL(/\/hiring-campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('campaign-title')).toContainText(`Backend developer ${tag}`);

  const people = [
    { first: 'An', last: 'Nguyễn', lines: ['An Nguyen', 'Go developer, 5 years'] },
    { first: 'Bình', last: 'Lê', lines: ['Binh Le', 'TypeScript engineer, 3 years'] },
    { first: 'Chi', last: 'Phạm', lines: ['Chi Pham', 'Java developer'] },
  ];
  for (const [index, person] of people.entries()) {
    await page.getByTestId('candidate-add').click();
    await page.getByTestId('candidate-firstName').fill(person.first);
    await page.getByTestId('candidate-lastName').fill(person.last);
    await page.getByTestId('candidate-email').fill(`cand${index}-${tag}@example.com`);
    await page
      .getByTestId('candidate-resume')
      .setInputFiles({ name: `cv-${index}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf(person.lines) });
    await page.getByTestId('candidate-form-submit').click();
    await expect(page.getByTestId('candidate-form-submit')).toBeHidden();
    await expect(page.getByTestId('candidate-card')).toHaveCount(index + 1);
  }

  const open = async (name: string) => {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByTestId('application-panel')).toBeVisible();
  };
  const closePanel = async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('application-panel')).toBeHidden();
  };
  for (const [name, first, second] of [
    ['Nguyễn An', 4, 5],
    ['Lê Bình', 3, 2],
  ] as const) {
    await open(name);
    await page.getByTestId('action-move').click();
    await choose(page, page.getByTestId('move-stage'), 'Screening');
    await page.getByTestId('move-reason').fill('Strong resume');
    await page.getByTestId('move-form-submit').click();
    await expect(page.getByTestId('application-stage')).toHaveText('Screening');
    await page.getByTestId('action-feedback').click();
    await choose(page, page.getByTestId('feedback-score-0'), String(first));
    await choose(page, page.getByTestId('feedback-score-1'), String(second));
    await page.getByTestId('feedback-comment').fill(`Notes on ${name}`);
    await page.getByTestId('feedback-form-submit').click();
    await expect(page.getByTestId('application-panel').getByText(`Notes on ${name}`)).toBeVisible();
    await closePanel();
  }
  await expect(page.getByTestId('stage-Screening').getByTestId('candidate-card')).toHaveCount(2);

  await page.getByRole('checkbox', { name: 'Compare Nguyễn An' }).click();
  await page.getByRole('checkbox', { name: 'Compare Lê Bình' }).click();
  await page.getByTestId('compare-selected').click();
  await expect(page).toHaveURL(/\/compare\?ids=/);
  await expect(page.getByTestId('compare-candidate')).toHaveText(['Nguyễn An', 'Lê Bình']);
  // 4/5 and 5/5 → 75 % and 100 %; 3/5 and 2/5 → 50 % and 25 %.
  await expect(page.getByTestId('compare-average')).toHaveText(['87.5%', '37.5%']);
  await expect(page.getByTestId('compare-table')).toContainText('Notes on Lê Bình');
  await expect(page.getByTestId('compare-table')).toContainText('5 years of experience mentioned');

  await page.getByRole('link', { name: `Backend developer ${tag}` }).click();
  await open('Nguyễn An');
  await page.getByTestId('action-hire').click();
  await page.getByTestId('hire-form-submit').click();
  await expect(page.getByTestId('application-stage')).toHaveText('Hired');
  await page.getByTestId('hired-employee').click();
  await expect(page).toHaveURL(/\/employee-management\/employee\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('employee-status')).toHaveText('Pending');
  await expect(page.getByText(`cand0-${tag}@example.com`).first()).toBeVisible();
});
