import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

test.describe('sign-up for a person in Ho Chi Minh City', () => {
  test.use({ timezoneId: 'Asia/Ho_Chi_Minh' });

  test('the sign-up form links to the real terms and privacy pages; the expiry is in the local time zone', async ({
    page,
    db,
    createUser,
  }) => {
    const unique = randomBytes(3).toString('hex');
    const admin = await createUser({ builtInRoles: ['admin'] });
    const token = (
      await (
        await page.request.post('/api/auth/sign-in', {
          data: { email: admin.email, password: 'Passw0rd!test' },
        })
      ).json()
    ).accessToken as string;
    const headers = { authorization: `Bearer ${token}` };
    const person = await (
      await page.request.post('/api/users', {
        headers,
        data: { firstName: 'Nga', lastName: 'Lý', email: `nga.${unique}@example.com` },
      })
    ).json();
    const { url, expiresAt } = await (
      await page.request.post(`/api/users/${person.id}/invitation-link`, { headers })
    ).json();
    // The sign-in above left a refresh cookie: the invitee's browser has none.
    await page.context().clearCookies();

    await page.goto(new URL(url).pathname + new URL(url).search);
    await expect(page.getByTestId('invite-account')).toBeVisible();
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Ho_Chi_Minh',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(expiresAt))
      .replace(', ', ' ')
      .replaceAll('-', '/');
    // Chromium names the zone by its older alias on some systems: either name is the same zone.
    await expect(page.getByTestId('invitation-expiry')).toHaveText(
      new RegExp(`^This invitation works until ${local} \\(Asia/(Ho_Chi_Minh|Saigon)\\)\\.$`),
    );
    await expect(page.getByTestId('terms-link')).toHaveAttribute('href', '/terms');
    await expect(page.getByTestId('privacy-link')).toHaveAttribute('href', '/privacy');
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('terms-link').click(),
    ]);
    await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    await expect(terms.getByRole('heading', { name: 'Acceptable use' })).toBeVisible();
    await terms.close();
    expect(
      await db.selectFrom('users').select('status').where('id', '=', person.id).executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'PENDING',
    });
  });
});

test('an administrator edits the privacy policy in platform settings; everyone reads it, in each language', async ({
  page,
  browser,
  signInAs,
}) => {
  const unique = randomBytes(3).toString('hex');
  await signInAs({ builtInRoles: ['admin'] });
  await page.goto('/platform-settings?category=LEGAL');
  const card = page.getByTestId('legal-pages-card');
  await card.getByRole('button', { name: 'Privacy policy' }).click();
  await card.getByRole('button', { name: 'Vietnamese' }).click();
  const text = card.getByLabel('Text');
  await expect(text).toHaveValue(/Chúng tôi lưu gì về bạn/);
  await text.fill('   ');
  await card.getByTestId('legal-save').click();
  await expect(card.getByText('This field cannot contain only spaces')).toBeVisible();
  await text.fill(`# Quyền riêng tư ${unique}\n\nChúng tôi giữ <b>ít</b> thông tin nhất có thể.`);
  await card.getByTestId('legal-save').click();
  await expect(page.getByText('Privacy policy saved.')).toBeVisible();
  await expect(card.getByTestId('legal-page-state')).toContainText('Last changed on');

  const visitor = await browser.newContext({ locale: 'vi-VN' });
  const anonymous = await visitor.newPage();
  await anonymous.goto('/privacy');
  await anonymous.getByRole('button', { name: 'VI', exact: true }).click();
  await expect(anonymous.getByRole('heading', { name: `Quyền riêng tư ${unique}` })).toBeVisible();
  // Written as text: markup in it is shown, never run.
  await expect(anonymous.getByText('Chúng tôi giữ <b>ít</b> thông tin nhất có thể.')).toBeVisible();
  await anonymous.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(anonymous.getByRole('heading', { name: 'What we keep about you' })).toBeVisible();
  await visitor.close();
});

test('people without platform-settings.manage cannot open the settings', async ({ page, signInAs }) => {
  await signInAs({ builtInRoles: ['hr'] });
  await page.goto('/platform-settings');
  await expect(page.getByTestId('legal-pages-card')).toHaveCount(0);
  await expect(page.getByTestId('status-403')).toBeVisible();
});
