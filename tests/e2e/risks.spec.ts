import { randomBytes } from 'node:crypto';
import { companyToday } from '../../server/core/company-date.ts';
import { loadConfig } from '../../server/config.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { createAsset, createRisk } from '../helpers/asset-factories.ts';
import { DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Issue 16, the risk workflow as people use it: a risk manager submits each of the three steps and a
// second person, the reviewer, in another browser, approves the assessment, approves the mitigation
// and confirms no residual risk. The submitter is never offered the review. Waits are for states.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

test('a risk goes through its three steps with a second person reviewing', async ({
  page,
  browser,
  db,
  signInAs,
  createUser,
}) => {
  const tag = randomBytes(3).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
  });
  const manager = await signInAs({
    permissions: ['risks.view', 'risks.manage', 'risks.review'],
    firstName: 'Lan',
    lastName: `Pham ${tag}`,
  });
  const reviewer = await createUser({
    permissions: ['risks.view', 'risks.review'],
    firstName: 'Hoa',
    lastName: `Le ${tag}`,
  });
  const asset = await createAsset(db, { name: `Laptop ${tag}` });
  const risk = await createRisk(db, {
    assetId: asset.id,
    name: `Stolen laptop ${tag}`,
    impact: 3,
    likelihood: 2,
    riskOwnerId: manager.id,
    treatmentMethod: 'MITIGATE',
    expectedCompletionDate: addDays(companyToday(config), 30),
  });

  const reviewerContext = await browser.newContext();
  try {
    const reviewerPage = await reviewerContext.newPage();
    const signedIn = await reviewerPage.request.post('/api/auth/sign-in', {
      data: { email: reviewer.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const status = (p: typeof page, step: string) => p.getByTestId(`risk-step-${step}-status`);

    const submitAndReview = async (step: string, decision: string) => {
      await page.goto(`/risk-management/${risk.id}`);
      await expect(status(page, step)).toHaveText('In progress');
      await page.getByTestId('risk-action-submit').click();
      await expect(status(page, step)).toHaveText('Awaiting reviewer result');
      // Separation of duties: the submitter, though a reviewer too, is not offered the decision.
      await expect(page.getByTestId(`risk-action-${decision}`)).toHaveCount(0);
      await expect(page.getByTestId('risk-action-revoke')).toBeVisible();

      await reviewerPage.goto(`/risk-management/${risk.id}`);
      await expect(status(reviewerPage, step)).toHaveText('Awaiting reviewer result');
      await reviewerPage.getByTestId(`risk-action-${decision}`).click();
      await expect(status(reviewerPage, step)).toHaveText('Done');
    };

    await page.goto('/risk-management');
    await page.getByTestId('risks-search').fill(tag);
    await expect(page.getByTestId('risks-table')).toContainText(`Stolen laptop ${tag}`);
    await expect(page.getByTestId('risks-table')).toContainText('12 · Medium');

    await submitAndReview('IDENTIFICATION', 'approve');
    await submitAndReview('TREATMENT', 'mitigate');
    await submitAndReview('MONITORING', 'confirmNoResidual');

    await page.goto(`/risk-management/${risk.id}`);
    for (const step of ['IDENTIFICATION', 'TREATMENT', 'MONITORING'])
      await expect(status(page, step)).toHaveText('Done');
    await expect(page.getByTestId('risk-state')).toHaveText('closed');
  } finally {
    await reviewerContext.close();
  }
});
