/**
 * Issue 9: the first day, as staff and HR meet it. Each test here failed on the code the issue
 * describes: typed text wiped by hydration, a new employee's "Access denied" loop, a grant seen only
 * after a reload, field errors one round at a time with raw field keys, wrong files accepted, a
 * deactivated page leaving without a word, and forms left without asking.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { Db } from '../../server/db/connect.ts';
import { createUser } from '../helpers/factories.ts';
import { openBeforeHydration } from './support/hold-scripts.ts';
import { DEFAULT_PASSWORD, expect as baseExpect, fillSignInForm, test } from './support/fixtures.ts';

// These flows load several screens and lists on a machine the whole team shares: waits are for
// states, with room for a slow moment.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const unique = () => randomBytes(3).toString('hex');
const PASSWORD = 'F1rst-day!pass';

/** A second person's browser (an administrator acting while the first person's page is open). */
async function adminSession(browser: Browser, db: Db) {
  const admin = await createUser(db, { builtInRoles: ['admin'] });
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await context.request.post('/api/auth/sign-in', {
    data: { email: admin.email, password: DEFAULT_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  return { admin, context, headers, request: context.request };
}

async function latestLink(db: Db, email: string, path: string): Promise<string> {
  const mail = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return new RegExp(`${path}\\?token=[^\\s]+`).exec(mail.text_body)![0];
}

async function openCreateForm(page: Page) {
  await page.goto('/employee-management/employee');
  await expect(page.getByTestId('employee-form')).toBeVisible();
}

test.describe('typed text survives hydration (defect 1)', () => {
  test('sign-in: what was typed before the script ran is kept, and Enter signs in', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ builtInRoles: ['user'] });
    const { hydrate } = await openBeforeHydration(page, '/sign-in');
    await page.locator('#email').fill(user.email);
    await page.locator('#password').fill(DEFAULT_PASSWORD);
    await hydrate();
    // Hydration re-renders the form (the submit button turns on): the text is still there.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(page.locator('#email')).toHaveValue(user.email);
    await expect(page.locator('#password')).toHaveValue(DEFAULT_PASSWORD);
    await page.locator('#password').press('Enter');
    await expect(page).not.toHaveURL(/\/sign-in/);
  });

  test('the new-employee form keeps what HR typed while the page was loading', async ({
    page,
    db,
    signInAs,
  }) => {
    await signInAs({ builtInRoles: ['hr'] });
    const email = `typed.${unique()}@example.com`;
    const { hydrate } = await openBeforeHydration(page, '/employee-management/employee');
    await page.locator('#employee-lastName').fill('Trần');
    await page.locator('#employee-firstName').fill('Hạnh');
    await page.locator('#employee-email').fill(email);
    await page.locator('#employee-phoneNumber').fill('+84 912 000 111');
    await hydrate();
    // The form's lists load after hydration and re-render it: the typed values stay.
    await expect(page.getByTestId('access-roles-section')).toContainText('User');
    await expect(page.locator('#employee-firstName')).toHaveValue('Hạnh');
    await page.getByTestId('employee-save').click();
    await expect(page).toHaveURL(/\/employee-management\/employee\/[0-9a-f-]{36}$/);
    const stored = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.first_name).toBe('Hạnh');
    expect(stored.phone_number).toBe('+84 912 000 111');
  });
});

test('a new employee starts with the User role and a real first screen (defect 2)', async ({
  page,
  db,
  signIn,
}) => {
  const hr = await createUser(db, { builtInRoles: ['hr'] });
  await signIn(hr);
  const email = `first.${unique()}@example.com`;
  await openCreateForm(page);
  // HR sees the access roles; the default one is chosen already.
  await expect(page.getByTestId('access-roles-section')).toContainText('User · default');
  await page.getByLabel('Last name').fill('Võ');
  await page.getByLabel('First name').fill('Minh');
  await page.getByLabel('Email').fill(email);
  await page.getByTestId('employee-save').click();
  await expect(page).toHaveURL(/\/employee-management\/employee\/[0-9a-f-]{36}$/);

  // The person accepts the invitation and signs in: the employee list, not "Access denied".
  await page.context().clearCookies();
  await page.goto(await latestLink(db, email, '/invite-account'));
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByLabel('I agree to the terms of service and privacy policy').check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await page.goto('/sign-in');
  await fillSignInForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('employee-list')).toBeVisible();
  await expect(page.getByTestId('status-403')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).not.toHaveCount(
    2,
  );
});

test('someone with no screen is told what to do; a grant arrives live, naming the screen (defects 2, 3)', async ({
  page,
  db,
  browser,
  signIn,
}) => {
  const person = await createUser(db, { firstName: 'Lan', lastName: 'Đặng' });
  await signIn(person);
  await page.goto('/');
  await expect(page.getByTestId('no-screen-yet')).toBeVisible();
  await expect(page.getByTestId('status-403')).toHaveCount(0);

  // A 403 page's "Back to the home page" leads here, not to the same 403 again.
  await page.goto('/administrative-management');
  await expect(page.getByTestId('status-403')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByTestId('no-screen-yet')).toBeVisible();

  // The reviewers are told when the request is made: an administrator is there already.
  const { context, headers, request } = await adminSession(browser, db);

  // The person asks for the employee screen.
  await page.getByRole('button', { name: 'Request access' }).click();
  await page.getByLabel('Why do you need access? (optional)').fill('I start in HR today');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('access-requested')).toBeVisible();

  // An administrator sees the screen named, and grants it.
  try {
    const list = await request.get('/api/access-requests?status=PENDING', { headers });
    const asked = (
      (await list.json()) as { items: Array<{ id: string; path: string; requester: { email: string } }> }
    ).items.find((item) => item.requester.email === person.email)!;
    expect(asked.path).toBe('/employee-management');
    const adminPage = await context.newPage();
    await adminPage.goto('/access-control-management?tab=requests');
    await expect(
      adminPage.getByTestId('access-requests').getByRole('row', { name: /Đặng Lan/ }),
    ).toContainText('Employee management');
    await adminPage.getByTestId('notification-bell').click();
    await expect(adminPage.getByTestId('notification-item').first()).toContainText(
      'Đặng Lan asked for access to Employee management',
    );
    const userRole = await db
      .selectFrom('roles')
      .select('id')
      .where('built_in_key', '=', 'user')
      .executeTakeFirstOrThrow();
    const granted = await request.put(`/api/access-requests/${asked.id}/grant`, {
      headers,
      data: { roleId: userRole.id },
    });
    expect(granted.status()).toBe(200);
    // Without a reload: the toast names the screen, the sidebar and the home page follow.
    await expect(page.getByText('You can now open Employee management (role User).')).toBeVisible();
  } finally {
    await context.close();
  }

  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Employees' }),
  ).toBeVisible();
  await expect(page.getByTestId('employee-list')).toBeVisible();
});

test('the form shows every field error at once, each named by its label (defects 4, 5)', async ({
  page,
  signInAs,
}) => {
  await signInAs({ builtInRoles: ['hr'] });
  await openCreateForm(page);
  await page.getByLabel('Last name').fill('Phan');
  await page.getByLabel('First name').fill('Quân');
  await page.getByLabel('Email').fill(`all.at.once.${unique()}@example.com`);
  await page.getByLabel('Phone number').fill('call me');
  await page.locator('#employee-birthday').fill('2999/01/01');
  await page.keyboard.press('Escape');
  await page.getByTestId('employee-save').click();
  await expect(page.getByText('Phone number is not valid')).toBeVisible();
  await expect(page.getByText('This date must be in the past')).toBeVisible();
  await expect(page.getByText(/phoneNumber/)).toHaveCount(0);

  // The server says the same, in the same words, for what only it can check.
  await page.getByLabel('Phone number').fill('+84 912 345 678');
  await page.locator('#employee-birthday').fill('1990/01/01');
  await page.keyboard.press('Escape');
  await page.getByLabel('Email').fill('first-admin@e2e.test');
  await page.getByTestId('employee-save').click();
  await expect(page.getByText('This value is already in use')).toBeVisible();
});

test('documents are checked before upload: type by content and size (defect 6)', async ({
  page,
  signInAs,
}) => {
  await signInAs({ builtInRoles: ['hr'] });
  await openCreateForm(page);
  const nda = page.getByTestId('file-ndaFile');
  await nda.setInputFiles({ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('file-ndaFile-error')).toHaveText('Unsupported file type.');
  await nda.setInputFiles({
    name: 'contract.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('not really a pdf, just text'),
  });
  await expect(page.getByTestId('file-ndaFile-error')).toHaveText('Unsupported file type.');
  await expect(page.getByText('contract.pdf')).toHaveCount(0);
  const contract = page.getByTestId('file-contractFile');
  await contract.setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1)]),
  });
  await expect(page.getByTestId('file-contractFile-error')).toHaveText(
    'File size exceeds the maximum limit of 10MB.',
  );
  await nda.setInputFiles({
    name: 'NDA.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(page.getByTestId('file-ndaFile-error')).toHaveCount(0);
  await expect(page.getByText('NDA.pdf')).toBeVisible();
});

test('a deactivated person’s open page says why before sign-in (defect 10)', async ({
  page,
  db,
  browser,
  signIn,
}) => {
  const person = await createUser(db, { builtInRoles: ['user'] });
  await signIn(person);
  await page.goto('/settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  const { context, headers, request } = await adminSession(browser, db);
  try {
    const response = await request.put(`/api/users/${person.id}/status`, {
      headers,
      data: { status: 'DEACTIVATE' },
    });
    expect(response.status()).toBe(200);
  } finally {
    await context.close();
  }
  const notice = page.getByTestId('session-ended');
  await expect(notice).toContainText('Your account was deactivated');
  await expect(notice).toContainText('Contact HR or an administrator');
  await expect(page).toHaveURL(/\/settings$/);
  await notice.getByRole('button', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings/);
});

test('leaving a form with unsaved changes asks first (defect 11)', async ({ page, signInAs }) => {
  await signInAs({ builtInRoles: ['hr'] });
  await openCreateForm(page);
  await page.getByLabel('Last name').fill('Unsaved');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Administration' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Leave without saving?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/employee-management\/employee$/);
  await expect(page.getByLabel('Last name')).toHaveValue('Unsaved');

  // Closing the tab asks the browser's own question.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  expect(page.isClosed()).toBe(false);

  await nav.getByRole('link', { name: 'Administration' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/administrative-management$/);
});
