import type { Db } from '../../server/db/connect.ts';
import { DEFAULT_PASSWORD, expect, fillSignInForm, test } from './support/fixtures.ts';

const NEW_PASSWORD = 'Res3t-Passw0rd!';

async function resetLink(db: Db, email: string): Promise<string> {
  const mail = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .where('template', '=', 'password-reset')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /\/reset-password\?token=[\w%-]+/.exec(mail.text_body)![0];
}

test('forgot and reset password: a link by mail, a new password, sign-in with it', async ({
  page,
  db,
  createUser,
}) => {
  const user = await createUser({ builtInRoles: ['user'] });
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('reset-link-sent')).toContainText(`If an account exists for ${user.email}`);

  const link = await resetLink(db, user.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Password must be 8 to 40 characters')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password was changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await fillSignInForm(page, user.email, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Password Reset Link Expired' })).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the sent-link notice is the same for an unknown email', async ({ page }) => {
  const email = `nobody-${Date.now()}@example.com`;
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('reset-link-sent')).toContainText(`If an account exists for ${email}`);
});

test('an expired password sends the person to change it before anything else', async ({
  page,
  db,
  createUser,
}) => {
  const user = await createUser({ builtInRoles: ['user'] });
  await db
    .updateTable('users')
    .set({ password_changed_at: new Date(Date.now() - 400 * 86_400_000) })
    .where('id', '=', user.id)
    .execute();
  await page.goto('/sign-in');
  await fillSignInForm(page, user.email, DEFAULT_PASSWORD);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Your password has expired' })).toBeVisible();

  await page.getByLabel('Current password').fill('Wrong-passw0rd!');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is incorrect')).toBeVisible();

  await page.getByLabel('Current password').fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-changed')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Backoffice' }).click();
  await expect(page.getByTestId('page-title')).toBeVisible();
});
