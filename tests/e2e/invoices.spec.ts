import { randomBytes } from 'node:crypto';
import { PDF, PNG } from '../helpers/invoice-factories.ts';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 17, as people use it: an employee submits an expense with two attachments, a payer previews
// them in the review queue and pays with a key, the employee's open page shows it paid; the report
// sums it and exports it. Waits are for states, with room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const todayLocal = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}/${pad(now.getMonth() + 1)}/${pad(now.getDate())}`;
};

test('submit with two attachments, a payer previews and pays, the submitter sees PAID live; the report and its export', async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  const tag = randomBytes(3).toString('hex');
  const employee = await createUser({
    permissions: ['invoices.submit'],
    firstName: 'Lan',
    lastName: `Pham ${tag}`,
  });
  const payer = await createUser({
    permissions: ['invoices.pay', 'invoices.report'],
    firstName: 'Hoa',
    lastName: `Vu ${tag}`,
  });
  const name = `Team lunch ${tag}`;

  await signIn(employee);
  await page.goto('/invoices');
  await page.getByTestId('inv-new').click();
  const dialog = page.getByRole('dialog', { name: 'Submit an invoice or expense' });
  await dialog.locator('#inv-name').fill(name);
  await dialog.locator('#inv-date').fill(todayLocal());
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('inv-amount').fill('1.250.000');
  await expect(dialog.getByTestId('inv-amount-preview')).toHaveText('= 1.250.000 ₫');
  await dialog.getByTestId('inv-files').setInputFiles([
    { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(dialog.getByTestId('inv-new-file')).toHaveCount(2);
  await dialog.getByTestId('inv-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('inv-mine').getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('inv-status')).toHaveText('Pending');
  await expect(row).toContainText('1.250.000 ₫');
  await expect(row).toContainText('2 files');

  const context = await browser.newContext();
  try {
    const payerPage = await context.newPage();
    const signedIn = await payerPage.request.post('/api/auth/sign-in', {
      data: { email: payer.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await payerPage.goto('/invoices?tab=INVOICE_MANAGEMENT');
    const queue = payerPage.getByTestId('inv-queue');
    await queue.getByTestId('inv-queue-search').fill(tag);
    await queue.getByRole('button', { name: new RegExp(name) }).click();
    const detail = queue.getByTestId('inv-queue-detail');
    await expect(detail.getByTestId('inv-queue-name')).toHaveText(name);
    // The PDF is previewed in the page, then the image.
    await expect(detail.getByTestId('inv-preview-pdf')).toHaveAttribute('src', /^blob:/);
    await detail.getByRole('button', { name: /photo\.png/ }).click();
    await expect(detail.getByTestId('inv-preview-image')).toBeVisible();
    await expect
      .poll(() =>
        detail.getByTestId('inv-preview-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(1);
    await expect(detail.getByText('P', { exact: true })).toBeVisible();
    // Pay with the keyboard: focus is on the page, not in a field.
    await detail.getByTestId('inv-queue-name').click();
    await payerPage.keyboard.press('p');
    await expect(payerPage.getByText(`Paid: ${name}.`)).toBeVisible();

    // The report sums it, as a table and as bars, and exports it.
    await payerPage.goto('/invoices/reporting');
    const reportRow = payerPage
      .getByTestId('inv-report-table')
      .getByRole('row')
      .filter({ hasText: 'Office supplies' });
    await expect(reportRow).toContainText('1.250.000 ₫');
    await expect(payerPage.getByTestId('inv-chart-groups')).toContainText('Office supplies');
    const downloading = payerPage.waitForEvent('download');
    await payerPage.getByTestId('inv-report-xlsx').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^invoices-category-month-\d{4}-01-01-\d{4}-12-31\.xlsx$/);
  } finally {
    await context.close();
  }

  // The employee's open page follows the live notification.
  await expect(row.getByTestId('inv-status')).toHaveText('Paid');
  await expect(row).toContainText('Paid on');
});
