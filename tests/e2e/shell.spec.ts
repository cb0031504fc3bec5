import en from '../../shared/i18n/en/common.json' with { type: 'json' };
import vi from '../../shared/i18n/vi/common.json' with { type: 'json' };
import { titleKeyForPath } from '../../shared/rules/titles.ts';
import { expect, fillSignInForm, test, DEFAULT_PASSWORD } from './support/fixtures.ts';

/** The header title the spec asks for, read from the same sources the UI uses. */
function expectedTitle(pathname: string, language: typeof en = en): string {
  const key = titleKeyForPath(pathname).replace(/^titles\./, '') as keyof typeof en.titles;
  return language.titles[key];
}

/** One path per route of spec section 2's authenticated area (with a child where it has one). */
const SHELL_PATHS = [
  '/',
  '/employee-management',
  '/employee-management/employee',
  '/client-management',
  '/client-management/some-client/project',
  '/administrative-management',
  '/access-control-management',
  '/asset-management',
  '/leave-management',
  '/leave-management/summary-reporting',
  '/overtime-management',
  '/overtime-management/summary-reporting',
  '/account-management',
  '/account-management/sso-connection/1',
  '/recurring-tasks',
  '/invoices',
  '/invoices/reporting',
  '/settings',
  '/document-management',
  '/work-logs',
  '/setting-connections',
  '/sso-connections',
  '/connected-account',
  '/risk-management',
  '/risk-management/42',
  '/platform-settings',
  '/password-management',
  '/external-users',
  '/hiring-campaigns',
  '/hiring-campaigns/all-resume',
  '/hiring-campaigns/7/compare',
];

test('an administrator signs in and sees the shell: title, sidebar and user menu', async ({
  page,
  createUser,
  signIn,
}) => {
  const admin = await createUser({ builtInRoles: ['admin'], firstName: 'Lan', lastName: 'Nguyen' });
  await signIn(admin, { through: 'form' });

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-title')).toHaveText('Employee management');
  await expect(page).toHaveTitle('Employee management · Backoffice');

  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar).toBeInViewport();
  // An administrator holds every permission: every area of the route table is in the sidebar.
  for (const label of ['Employees', 'Leave', 'Invoices', 'Recruitment', 'Platform settings']) {
    await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await sidebar.getByRole('link', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/leave-management$/);
  await expect(page.getByTestId('page-title')).toHaveText('Leave management');

  // The user menu opens on hover: full name (last name, then first name) and email.
  await page.getByRole('button', { name: 'Account menu' }).hover();
  const menu = page.getByRole('menu');
  await expect(menu.getByTestId('user-full-name')).toHaveText('Nguyen Lan');
  await expect(menu.getByTestId('user-email')).toHaveText(admin.email);
  await menu.getByRole('menuitem', { name: 'Profile details' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('page-title')).toHaveText('Settings');
});

test('a protected page sends a signed-out visitor to sign in, and back after it', async ({
  page,
  createUser,
}) => {
  const user = await createUser({ builtInRoles: ['admin'] });
  const response = await page.goto('/leave-management/summary-reporting?year=2025');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(
    `/sign-in?next=${encodeURIComponent('/leave-management/summary-reporting?year=2025')}`,
  );
  await fillSignInForm(page, user.email, DEFAULT_PASSWORD);
  await expect(page).toHaveURL('/leave-management/summary-reporting?year=2025');
  await expect(page.getByTestId('page-title')).toHaveText('Leave management');
});

test('the header title follows the path prefix for every route of the shell', async ({ page, signInAs }) => {
  test.setTimeout(90_000);
  await signInAs({ builtInRoles: ['admin'] });

  // The examples of the issue, spelled out, so a wrong source table cannot pass unnoticed.
  expect(expectedTitle('/leave-management')).toBe('Leave management');
  expect(expectedTitle('/hiring-campaigns/1')).toBe('Recruitment');
  expect(expectedTitle('/connected-account')).toBe('Connected account');
  expect(expectedTitle('/account-management')).toBe('Accounts management');
  expect(expectedTitle('/connections')).toBe('Connected account');
  expect(expectedTitle('/')).toBe('Employee management');

  for (const pathname of SHELL_PATHS) {
    await test.step(pathname, async () => {
      const response = await page.goto(pathname);
      expect(response?.status(), pathname).toBe(200);
      await expect(page.getByTestId('page-title')).toHaveText(expectedTitle(pathname));
    });
  }

  // A path under the shell that the route table does not know is the not-found page, not a screen.
  const response = await page.goto('/whatever-unknown-in-shell');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('status-404')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveCount(0);
});

test('switching to Vietnamese translates the shell, survives a reload, and switches back', async ({
  page,
  signInAs,
}) => {
  await signInAs({ builtInRoles: ['admin'] });
  await page.goto('/leave-management');
  const title = page.getByTestId('page-title');
  // The sidebar's accessible name is translated too.
  const sidebar = page.getByRole('navigation', { name: new RegExp(`^(${en.nav.main}|${vi.nav.main})$`) });
  await expect(title).toHaveText('Leave management');

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/me/language') && response.ok(),
  );
  await page.getByRole('button', { name: 'VI', exact: true }).click();
  await saved;
  await expect(title).toHaveText(vi.titles.leaveManagement);
  await expect(title).toHaveText('Quản lý nghỉ phép');
  await expect(sidebar).toHaveAccessibleName(vi.nav.main);
  await expect(sidebar.getByRole('link', { name: vi.nav.leave, exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Nghỉ phép', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.getByRole('button', { name: vi.userMenu.label }).hover();
  await expect(page.getByRole('menuitem', { name: vi.userMenu.profileDetails })).toBeVisible();

  await page.reload();
  await expect(title).toHaveText('Quản lý nghỉ phép');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(sidebar.getByRole('link', { name: vi.nav.invoices, exact: true })).toBeVisible();

  const savedBack = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/me/language') && response.ok(),
  );
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await savedBack;
  await expect(title).toHaveText('Leave management');
  await page.reload();
  await expect(title).toHaveText('Leave management');
  await expect(sidebar.getByRole('link', { name: en.nav.leave, exact: true })).toBeVisible();
});

test('signing out returns to sign-in, and protected pages redirect again', async ({ page, signInAs }) => {
  await signInAs({ builtInRoles: ['admin'] });
  await page.goto('/invoices');
  await expect(page.getByTestId('page-title')).toHaveText('Invoices');

  await page.getByRole('button', { name: 'Account menu' }).hover();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to Backoffice' })).toBeVisible();

  await page.goto('/invoices');
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent('/invoices')}`);
  // The refresh session is revoked on the server, not only forgotten by the page.
  const refresh = await page.request.post('/api/auth/refresh');
  expect(refresh.status()).toBe(401);
});

test('a failed sign-in shows why and stays on the sign-in page', async ({ page, createUser }) => {
  const user = await createUser({ builtInRoles: ['admin'] });
  await page.goto('/sign-in');
  await fillSignInForm(page, user.email, 'Wrong-passw0rd!');
  await expect(page.getByTestId('sign-in-error')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL('/sign-in');

  // An unknown email answers exactly the same.
  await fillSignInForm(page, `nobody-${Date.now()}@example.com`, DEFAULT_PASSWORD);
  await expect(page.getByTestId('sign-in-error')).toHaveText('The email or password is incorrect.');
});

test('an unknown path shows the not-found page with status 404', async ({ page, signInAs }) => {
  const anonymous = await page.goto('/no/such/page');
  expect(anonymous?.status()).toBe(404);
  await expect(page.getByTestId('status-404')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await signInAs({ builtInRoles: ['user'] });
  const signedIn = await page.goto('/no/such/page');
  expect(signedIn?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('page-title')).toHaveText('Employee management');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sidebar hides behind the menu button, which opens it', async ({ page, signInAs }) => {
    await signInAs({ builtInRoles: ['admin'] });
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(page.getByTestId('page-title')).toHaveText('Employee management');
    await expect(sidebar).not.toBeInViewport();

    // Nothing is wider than the screen.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Open menu' }).tap();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('link', { name: 'Invoices', exact: true }).tap();
    await expect(page).toHaveURL('/invoices');
    await expect(page.getByTestId('page-title')).toHaveText('Invoices');
    await expect(sidebar).not.toBeInViewport();

    // The user menu opens with a tap (a touch, not a mouse hover followed by a click).
    await page.getByRole('button', { name: 'Account menu' }).tap();
    await expect(page.getByRole('menuitem', { name: 'Profile details' })).toBeVisible();
  });
});
