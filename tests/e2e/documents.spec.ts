import { randomBytes } from 'node:crypto';
import { PDF } from '../helpers/invoice-factories.ts';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 21, as people use it: HR publishes a policy that staff must acknowledge; an employee finds it
// in their to-read list (and the sidebar's count), previews the PDF in the page and acknowledges it;
// HR sees who has acknowledged and who has not. Waits are for states, with room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

test('HR publishes a policy to acknowledge; an employee previews and acknowledges it; HR sees who has not', async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  const tag = randomBytes(3).toString('hex');
  const hr = await createUser({
    permissions: ['documents.view', 'documents.manage'],
    firstName: 'Hoa',
    lastName: `Vu ${tag}`,
  });
  const employee = await createUser({
    permissions: ['documents.view'],
    firstName: 'Lan',
    lastName: `Pham ${tag}`,
  });
  const late = await createUser({
    permissions: ['documents.view'],
    firstName: 'Minh',
    lastName: `Tran ${tag}`,
  });
  const title = `Code of conduct ${tag}`;

  await signIn(hr);
  await page.goto('/document-management');
  await page.getByTestId('doc-new').click();
  const form = page.getByRole('dialog', { name: 'New document' });
  await form.locator('#doc-title').fill(title);
  await expect(form.locator('#doc-ack')).toBeChecked();
  await form
    .getByTestId('doc-file')
    .setInputFiles({ name: 'conduct.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByTestId('doc-submit').click();
  await expect(form).toBeHidden();
  const opened = page.getByTestId('doc-dialog');
  await expect(opened).toContainText(title);
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();

  const context = await browser.newContext();
  try {
    const employeePage = await context.newPage();
    const signedIn = await employeePage.request.post('/api/auth/sign-in', {
      data: { email: employee.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await employeePage.goto('/document-management');
    await expect(employeePage.getByTestId('doc-to-read-badge')).toBeVisible();
    const row = employeePage.getByTestId('doc-table').getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('To acknowledge');
    await row.getByTestId('doc-open').click();
    const dialog = employeePage.getByTestId('doc-dialog');
    await expect(dialog.getByTestId('doc-preview-pdf')).toHaveAttribute('src', /^blob:/);
    await dialog.getByTestId('doc-acknowledge').click();
    await expect(dialog.getByTestId('doc-acknowledged')).toBeVisible();
    await employeePage.keyboard.press('Escape');
    await expect(
      employeePage.getByTestId('doc-table').getByRole('row').filter({ hasText: title }),
    ).toHaveCount(0);
  } finally {
    await context.close();
  }

  await page.getByTestId('doc-tab-all').click();
  const hrRow = page.getByTestId('doc-table').getByRole('row').filter({ hasText: title });
  await expect(hrRow.getByTestId('doc-progress')).toContainText('1 of');
  await hrRow.getByTestId('doc-open').click();
  const detail = page.getByTestId('doc-dialog');
  await detail.getByTestId('doc-tracking-tab').click();
  const tracking = detail.getByTestId('doc-tracking-table');
  await expect(tracking).toContainText(late.email);
  await expect(tracking).not.toContainText(employee.email);
  await detail.getByRole('button', { name: /^Acknowledged \(1\)/ }).click();
  await expect(tracking).toContainText(employee.email);
  await detail.getByRole('button', { name: /^Not yet/ }).click();
  await detail.getByTestId('doc-remind').click();
  await expect(page.getByText(/people reminded|person reminded/)).toBeVisible();
});
