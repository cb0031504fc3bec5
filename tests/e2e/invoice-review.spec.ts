import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createVendor, insertInvoice } from '../helpers/invoice-factories.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// The payer's and the vendor keeper's screens of the invoices area, as people use them: the review
// queue with its keys, bulk payment and rejection in All invoices, and the vendors. Every test makes
// its own people, invoices and vendors and finds them by a unique tag (the lists are shared). Waits
// are for states, with room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const tagged = () => randomBytes(3).toString('hex');
// The invoices made here are of the category 'Other': invoices.spec.ts reads the report's total of
// 'Office supplies' across everyone's invoices.

test('the review queue: J/K move, P pays and the next comes up, R rejects; keys are kept for the reason field', async ({
  page,
  db,
  createUser,
  signIn,
}) => {
  const tag = tagged();
  const submitter = await createUser({
    permissions: ['invoices.submit'],
    firstName: 'Mai',
    lastName: `Tran ${tag}`,
  });
  const payer = await createUser({ permissions: ['invoices.pay'], firstName: 'Hoa', lastName: `Vu ${tag}` });
  // Oldest first: inserted one after the other, in this order.
  const names = [`Printer paper ${tag}`, `Taxi ${tag}`, `Cloud storage ${tag}`] as const;
  const ids: string[] = [];
  for (const name of names)
    ids.push((await insertInvoice(db, { userId: submitter.id, name, category: 'OTHER' })).id);

  await signIn(payer);
  await page.goto('/invoices?tab=INVOICE_MANAGEMENT');
  const queue = page.getByTestId('inv-queue');
  await queue.getByTestId('inv-queue-search').fill(tag);
  const items = queue.getByRole('list', { name: 'Invoices waiting for payment' }).getByRole('button');
  const count = queue.getByTestId('inv-queue-count');
  const detail = queue.getByTestId('inv-queue-detail');
  const shown = detail.getByTestId('inv-queue-name');
  await expect(items).toHaveCount(3);
  await expect(count).toHaveText('3 invoices wait for payment');
  await expect(items.nth(0)).toContainText(names[0]);
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(shown).toHaveText(names[0]);
  await expect(detail).toContainText(`Tran ${tag} Mai`);

  // The keys act while the focus is on the page, not in the search field.
  await shown.click();
  await page.keyboard.press('j');
  await expect(shown).toHaveText(names[1]);
  await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('k');
  await expect(shown).toHaveText(names[0]);
  await page.keyboard.press('ArrowDown');
  await expect(shown).toHaveText(names[1]);
  await page.keyboard.press('ArrowUp');
  await expect(shown).toHaveText(names[0]);
  // K at the top stays at the top.
  await page.keyboard.press('k');
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true');

  // P pays the selected one with today's date; the next one comes up and the paid one leaves.
  await page.keyboard.press('p');
  await expect(page.getByText(`Paid: ${names[0]}.`)).toBeVisible();
  await expect(shown).toHaveText(names[1]);
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: names[0] })).toHaveCount(0);
  await expect(count).toHaveText('2 invoices wait for payment');

  // R opens the reject dialog; r and j typed in the reason stay in the reason.
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: `Reject ${names[1]}` });
  await expect(dialog).toBeVisible();
  const reason = dialog.locator('#reject-reason');
  await expect(reason).toBeFocused();
  await page.keyboard.type('rj');
  await expect(reason).toHaveValue('rj');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await reason.pressSequentially('Not ours: a rejected journey');
  await expect(reason).toHaveValue('Not ours: a rejected journey');
  // With the focus out of the field (a click on the dimmed page around the dialog), the keys still
  // do nothing while the dialog is open: no move, no payment behind it.
  await page.mouse.click(5, 400);
  await expect(reason).not.toBeFocused();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('p');
  await page.keyboard.press('r');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(shown).toHaveText(names[1]);
  await expect(items).toHaveCount(2);
  await expect(count).toHaveText('2 invoices wait for payment');
  await expect(reason).toHaveValue('Not ours: a rejected journey');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(shown).toHaveText(names[2]);
  await expect(items).toHaveCount(1);
  await expect(items.filter({ hasText: names[1] })).toHaveCount(0);
  await expect(count).toHaveText('1 invoice waits for payment');

  // The database agrees: paid today (the payer's day), rejected with the reason, the third waits.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'status', 'payment_date', 'rejection_reason'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect(byId.get(ids[0]!)).toMatchObject({ status: 'PAID', payment_date: today, rejection_reason: null });
  expect(byId.get(ids[1]!)).toMatchObject({
    status: 'REJECTED',
    payment_date: null,
    rejection_reason: 'Not ours: a rejected journey',
  });
  expect(byId.get(ids[2]!)).toMatchObject({ status: 'PENDING', payment_date: null });
});

test('All invoices: bulk pay with one date, one paid by someone else meanwhile; bulk reject with one reason', async ({
  page,
  db,
  createUser,
  signIn,
}) => {
  const tag = tagged();
  const submitter = await createUser({
    permissions: ['invoices.submit'],
    firstName: 'Minh',
    lastName: `Do ${tag}`,
  });
  const payer = await createUser({ permissions: ['invoices.pay'] });
  const other = await createUser({ permissions: ['invoices.pay'] });
  const names = {
    fresh: `Monitor ${tag}`,
    stale: `Keyboard ${tag}`,
    first: `Team dinner ${tag}`,
    second: `Flight ${tag}`,
  };
  const ids: Record<keyof typeof names, string> = { fresh: '', stale: '', first: '', second: '' };
  for (const key of Object.keys(names) as Array<keyof typeof names>) {
    ids[key] = (await insertInvoice(db, { userId: submitter.id, name: names[key], category: 'OTHER' })).id;
  }

  await signIn(payer);
  await page.goto('/invoices?tab=INVOICE_MANAGEMENT&view=all');
  await page.getByTestId('inv-search').fill(tag);
  const table = page.getByTestId('inv-all');
  const row = (name: string) => table.getByRole('row').filter({ hasText: name });
  const tick = async (name: string) => {
    // PrimeReact draws the box over a native checkbox of the same name: tick the native one.
    const box = row(name).locator('input[type="checkbox"]');
    await box.check();
    await expect(box).toBeChecked();
  };
  // Pending invoices, the payer's filter by default.
  for (const name of Object.values(names)) await expect(row(name)).toContainText('Pending');

  await tick(names.fresh);
  await tick(names.stale);
  const bulk = page.getByTestId('inv-bulk');
  await expect(bulk).toContainText('2 invoices selected');
  await bulk.getByTestId('inv-bulk-pay').click();
  const payDialog = page.getByRole('dialog', { name: 'Pay 2 invoices' });
  await expect(payDialog).toBeVisible();
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  // Another payer pays one of them while this dialog is open.
  await db
    .updateTable('invoices')
    .set({
      status: 'PAID',
      payment_date: today,
      decided_by: other.id,
      decided_at: new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', ids.stale)
    .execute();
  await payDialog.getByTestId('inv-bulk-pay-confirm').click();
  await expect(payDialog).toBeHidden();

  const resultDialog = page.getByRole('dialog', { name: '1 done, 1 not done' });
  await expect(resultDialog).toBeVisible();
  const results = resultDialog.getByTestId('inv-bulk-result').getByRole('listitem');
  await expect(results).toHaveCount(2);
  const freshResult = results.filter({ hasText: names.fresh });
  const staleResult = results.filter({ hasText: names.stale });
  await expect(freshResult).toContainText('Done');
  await expect(freshResult).not.toContainText('Not done');
  await expect(staleResult).toContainText('Not done');
  await expect(staleResult).toContainText('only a pending invoice can be changed, deleted, paid or rejected');
  // The list has followed while the answer is open: the answer still names both invoices.
  await expect(row(names.fresh)).toHaveCount(0);
  await expect(freshResult).toBeVisible();
  await expect(staleResult).toBeVisible();
  await resultDialog.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
  await expect(resultDialog).toBeHidden();

  // Bulk reject with one reason.
  await expect(row(names.stale)).toHaveCount(0);
  await tick(names.first);
  await tick(names.second);
  await expect(bulk).toContainText('2 invoices selected');
  await bulk.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject 2 invoices' });
  await rejectDialog.locator('#reject-reason').fill('Outside the policy');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog).toBeHidden();
  const rejected = page.getByRole('dialog', { name: '2 done, 0 not done' });
  await expect(rejected.getByTestId('inv-bulk-result').getByRole('listitem')).toHaveCount(2);
  await expect(rejected.getByRole('listitem').filter({ hasText: names.first })).toContainText('Done');
  await expect(rejected.getByRole('listitem').filter({ hasText: names.second })).toContainText('Done');
  await rejected.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
  await expect(rejected).toBeHidden();
  await expect(table).toContainText('No invoices');

  // Paid ones show as paid, with the date.
  await page.getByTestId('inv-filter-status').click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await expect(row(names.fresh)).toContainText('Paid on');
  await expect(row(names.stale)).toContainText('Paid on');
  await page.getByTestId('inv-filter-status').click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  await expect(row(names.first)).toContainText('Rejected: Outside the policy');
  await expect(row(names.second)).toContainText('Rejected: Outside the policy');

  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'status', 'payment_date', 'rejection_reason', 'decided_by'])
    .where('id', 'in', Object.values(ids))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(byId.get(ids.fresh)).toMatchObject({ status: 'PAID', payment_date: today, decided_by: payer.id });
  expect(byId.get(ids.stale)).toMatchObject({ status: 'PAID', decided_by: other.id });
  for (const id of [ids.first, ids.second]) {
    expect(byId.get(id)).toMatchObject({ status: 'REJECTED', rejection_reason: 'Outside the policy' });
  }
});

test('Vendors: a bad tax code is refused, a good one saved, changed, deactivated and no longer offered', async ({
  page,
  db,
  signInAs,
}) => {
  const tag = tagged();
  await signInAs({ permissions: ['vendors.manage', 'invoices.submit'] });
  const name = `Saigon Paper ${tag}`;
  const renamed = `Saigon Paper & Print ${tag}`;
  // Another active vendor of the tag: the Submit dialog's list has answered once it shows.
  await createVendor(db, { name: `Hanoi Ink ${tag}` });
  const vendorsNamed = (text: string) =>
    db.selectFrom('vendors').selectAll().where('name', 'like', `%${text}%`).execute();

  await page.goto('/invoices?tab=VENDOR_MANAGEMENT');
  await page.getByTestId('vendor-new').click();
  const dialog = page.getByRole('dialog', { name: 'Add a vendor' });
  await dialog.locator('#vendor-name').fill(name);
  await dialog.locator('#vendor-tax-code').fill('01012345');
  await dialog.getByTestId('vendor-save').click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'A tax code has 10 digits, or 10 digits, a dash and 3 digits for a branch (0101234567 or 0101234567-001)',
  );
  await expect(dialog).toBeVisible();
  expect(await vendorsNamed(name)).toEqual([]);

  await dialog.locator('#vendor-tax-code').fill('0101234567-001');
  await expect(dialog.getByRole('alert')).toBeHidden();
  await dialog.locator('#vendor-website').fill('saigonpaper.vn');
  await dialog.getByTestId('vendor-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.getByLabel('Name or tax code').fill(tag);
  const vendors = page.getByTestId('vendors');
  const row = (text: string) => vendors.getByRole('row').filter({ hasText: text });
  await expect(row(name)).toContainText('0101234567-001');
  await expect(row(name)).toContainText('saigonpaper.vn');
  await expect(row(name)).toContainText('Active');
  await expect
    .poll(async () => (await vendorsNamed(name)).map((v) => v.tax_code))
    .toEqual(['0101234567-001']);

  // Change it.
  await row(name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const editing = page.getByRole('dialog', { name: 'Change the vendor' });
  await expect(editing.locator('#vendor-tax-code')).toHaveValue('0101234567-001');
  await editing.locator('#vendor-name').fill(renamed);
  await editing.locator('#vendor-address').fill('12 Lê Lợi, Quận 1');
  await editing.getByTestId('vendor-save').click();
  await expect(editing).toBeHidden();
  await expect(row(renamed)).toContainText('12 Lê Lợi, Quận 1');
  await expect
    .poll(async () => (await vendorsNamed(tag)).map((v) => v.name).sort())
    .toEqual([`Hanoi Ink ${tag}`, renamed]);

  // It is offered on a new invoice.
  const vendorOptions = async () => {
    await page.goto('/invoices?tab=MY_INVOICES');
    await page.getByTestId('inv-new').click();
    const submit = page.getByRole('dialog', { name: 'Submit an invoice or expense' });
    await submit.getByTestId('inv-vendor').click();
    await page.locator('.p-dropdown-filter').fill(tag);
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: `Hanoi Ink ${tag}` })).toBeVisible();
    return options;
  };
  let options = await vendorOptions();
  await expect(options.filter({ hasText: renamed })).toHaveText(`${renamed} · 0101234567-001`);

  // Deactivate it: it leaves the active list, shows as inactive, and is no longer offered.
  await page.goto('/invoices?tab=VENDOR_MANAGEMENT');
  await page.getByLabel('Name or tax code').fill(tag);
  await row(renamed).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Deactivated: no longer offered on new invoices.')).toBeVisible();
  await expect(row(renamed)).toHaveCount(0);
  await page.getByRole('button', { name: 'Inactive', exact: true }).click();
  await expect(row(renamed)).toContainText('Inactive');
  await expect.poll(async () => (await vendorsNamed(renamed)).map((v) => v.status)).toEqual(['INACTIVE']);

  options = await vendorOptions();
  await expect(options.filter({ hasText: renamed })).toHaveCount(0);
});
