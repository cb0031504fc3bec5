import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEFAULT_PASSWORD, expect as baseExpect, test } from './support/fixtures.ts';

// Issue 15, as people use it: set up a passcode, store an SSH key, lock, unlock, share it with a
// colleague who opens it; a secure share link made in one browser and opened in another.
// The passcode's PBKDF2 (600 000 rounds) runs in the browser: waits leave room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

async function setUpPasscode(page: Page, passcode: string) {
  await page.goto('/password-management');
  await page.locator('#passcode').fill(passcode);
  await page.locator('#confirmPasscode').fill(passcode);
  await page.getByRole('button', { name: 'Set up passcode' }).click();
  const recoveryKey = (await page.getByTestId('recovery-key').textContent())!;
  await page.locator('#recoveryKey').fill('WRONG');
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByText('Input must be 32 characters long')).toBeVisible();
  await page.locator('#recoveryKey').fill(recoveryKey);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByRole('button', { name: 'New secret' })).toBeVisible();
}

async function unlock(page: Page, passcode: string) {
  await page.locator('#passcode').fill(passcode);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

test('set up, store an SSH key, lock, unlock, share with a colleague who opens it', async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  const tag = randomBytes(3).toString('hex');
  const owner = await createUser({ permissions: ['secrets.use'], firstName: 'Lan', lastName: `Pham ${tag}` });
  const colleague = await createUser({
    permissions: ['secrets.use'],
    firstName: 'Minh',
    lastName: `Tran ${tag}`,
  });

  // The colleague sets up a vault first: sharing wraps the key for their public key.
  const context = await browser.newContext();
  const other = await context.newPage();
  const signedIn = await other.request.post('/api/auth/sign-in', {
    data: { email: colleague.email, password: DEFAULT_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  await setUpPasscode(other, '975310');

  await signIn(owner);
  await setUpPasscode(page, '135791');
  await page.getByRole('button', { name: 'New secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'New secret' });
  await dialog.locator('#secret-name').fill(`Bastion ${tag}`);
  await dialog.locator('#secret-host').fill('bastion.internal');
  await dialog.locator('#secret-port').fill('22');
  await dialog.locator('#secret-longText').fill(`-----BEGIN OPENSSH PRIVATE KEY----- ${tag}`);
  await dialog.locator('#secret-otp').fill('not-base32!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Invalid OTP secret')).toBeVisible();
  await dialog.locator('#secret-otp').fill('JBSWY3DPEHPK3PXPJBSWY3DP');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: `Bastion ${tag}` })).toBeVisible();

  await page.getByRole('button', { name: 'Lock' }).click();
  await unlock(page, '000000');
  await expect(page.getByText('Incorrect passcode. Attempts remaining: 4')).toBeVisible();
  await unlock(page, '135791');
  await page.getByRole('link', { name: `Bastion ${tag}` }).click();
  const view = page.getByTestId('secret-view');
  await expect(view.getByTestId('secret-longText')).toHaveText(`-----BEGIN OPENSSH PRIVATE KEY----- ${tag}`);
  await expect(view.getByTestId('otp-code').locator('strong')).toHaveText(/^\d{6}$/);

  await view.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: `Share “Bastion ${tag}”` });
  await share.locator('#share-search').fill(`Tran ${tag}`);
  await expect(async () => {
    await share.locator('.p-dropdown').first().click();
    await page
      .locator('.p-dropdown-panel')
      .getByRole('option', { name: new RegExp(`Minh Tran ${tag}`) })
      .click({ timeout: 3_000 });
  }).toPass();
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText(`Shared with Minh Tran ${tag}`)).toBeVisible();

  // The colleague: a reload locked the vault; unlock, open, read.
  await other.reload();
  await unlock(other, '975310');
  await other.getByRole('link', { name: `Bastion ${tag}` }).click();
  await expect(other.getByTestId('secret-view').getByTestId('secret-longText')).toHaveText(
    `-----BEGIN OPENSSH PRIVATE KEY----- ${tag}`,
  );
  await expect(other.getByTestId('secret-view').getByRole('button', { name: 'Share' })).toHaveCount(0);
  await context.close();
});

test('a secure share link made in one browser is opened in another; a truncated link burns nothing', async ({
  page,
  browser,
  signInAs,
}) => {
  await signInAs({ permissions: ['secure-share.create'] });
  await page.goto('/');
  await page.getByRole('button', { name: 'Utilities' }).hover();
  await page.getByRole('menuitem', { name: 'Secure share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Secure share' });
  await dialog.locator('#secure-share-text').fill('wifi password: correct horse');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByTestId('secure-share-link').inputValue();
  expect(link).toMatch(/\/secure-share\?id=[0-9a-f-]{36}#[A-Za-z0-9_-]{43}$/);

  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    // Cut short: the page loads (no view used), reveal is refused before anything is used.
    await visitor.goto(link.slice(0, -10));
    await expect(visitor.getByText('Views left: 1')).toBeVisible();
    await visitor.getByRole('button', { name: 'Reveal' }).click();
    await expect(
      visitor.getByText('The link is incomplete or incorrect, and the content could not be decrypted'),
    ).toBeVisible();

    await visitor.goto('about:blank');
    await visitor.goto(link);
    await expect(visitor.getByText('Views left: 1')).toBeVisible();
    await visitor.getByRole('button', { name: 'Reveal' }).click();
    await expect(visitor.getByTestId('secure-share-content')).toHaveText('wifi password: correct horse');

    await visitor.goto('about:blank');
    await visitor.goto(link);
    await expect(
      visitor.getByText('This link has expired or has been viewed as many times as it allows.'),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
