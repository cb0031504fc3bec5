/**
 * Issue 9, defect 7: the whole UI follows the person's language — rows switch at once, a Vietnamese
 * speaker signs in to a Vietnamese UI, an invitation opens in the invitee's language, and
 * PrimeReact's own texts (date picker, paginator) are Vietnamese from the first server render.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/connect.ts';
import { expect as baseExpect, fillSignInForm, test } from './support/fixtures.ts';

// These flows load several screens and lists on a machine the whole team shares: waits are for
// states, with room for a slow moment.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const unique = () => randomBytes(3).toString('hex');

async function inviteLink(db: Db, email: string): Promise<string> {
  const mail = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /\/invite-account\?token=[^\s]+/.exec(mail.text_body)![0];
}

test('list rows follow a language switch without a reload', async ({ page, db, createUser, signInAs }) => {
  const lastName = `Hàng${unique()}`;
  const person = await createUser({ lastName, firstName: 'Ngọc' });
  await db
    .updateTable('users')
    .set({ contract_type: 'FULLTIME', user_type: 'EMPLOYEE' })
    .where('id', '=', person.id)
    .execute();
  await signInAs({ builtInRoles: ['admin'] });
  await page.goto(`/employee-management?search=${lastName}`);
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText('Full-time');
  await expect(row).toContainText('Active');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'VI' }).click();
  await expect(row).toContainText('Toàn thời gian');
  await expect(row).toContainText('Đang hoạt động');
  await expect(page.getByRole('columnheader', { name: 'Loại hợp đồng' })).toBeVisible();
});

test('a person whose language is Vietnamese signs in to a Vietnamese UI', async ({ page, createUser }) => {
  const user = await createUser({ builtInRoles: ['user'], language: 'vi' });
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await fillSignInForm(page, user.email, 'Passw0rd!test');
  await expect(page.getByTestId('page-title')).toHaveText('Quản lý nhân viên');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
});

test('the invitation page speaks the invitee’s language, like the mail', async ({ page, db, signInAs }) => {
  await signInAs({ builtInRoles: ['hr'] });
  const email = `vi.invitee.${unique()}@example.com`;
  const created = await page.request.post('/api/auth/refresh');
  const { accessToken } = (await created.json()) as { accessToken: string };
  const response = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { firstName: 'Thu', lastName: 'Lý', email, language: 'vi' },
  });
  expect(response.status()).toBe(201);
  const link = await inviteLink(db, email);
  expect(link).toContain('&lang=vi');

  await page.context().clearCookies();
  // The link's language: the first server render is already Vietnamese.
  const html = await (await page.request.get(link)).text();
  expect(html).toContain('<html lang="vi"');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Thiết lập tài khoản' })).toBeVisible();

  // A link without `lang` (an older mail) switches once the invitation is known.
  await page.context().clearCookies();
  await page.goto(link.replace('&lang=vi', ''));
  await expect(page.getByRole('heading', { name: 'Thiết lập tài khoản' })).toBeVisible();
});

test('PrimeReact’s own texts are Vietnamese, from the first server render on', async ({ page, signInAs }) => {
  await signInAs({ builtInRoles: ['admin'], language: 'vi' });
  // The server renders the date pickers' buttons with PrimeReact's Vietnamese labels.
  const html = await (await page.request.get('/employee-management/employee')).text();
  expect(html).toContain('aria-label="Chọn ngày"');
  expect(html).not.toContain('aria-label="Choose Date"');

  await page.goto('/employee-management/employee');
  await page.locator('#employee-onboardDate').click();
  const panel = page.locator('.p-datepicker');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Hôm nay' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Xóa' })).toBeVisible();
  await expect(panel).toContainText(/Tháng \d+/);
  await expect(panel).toContainText('T2');
  await page.keyboard.press('Escape');

  await page.goto('/employee-management');
  // The paginator's buttons (its rows-per-page list keeps an English label PrimeReact hard-codes).
  await expect(page.getByRole('button', { name: 'Trang sau' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trang đầu' })).toBeVisible();
});
