/**
 * Fixtures for the end-to-end specs. Import `test` and `expect` from here, not from '@playwright/test':
 *
 *   import { expect, test } from './support/fixtures.ts';
 *
 *   test('an administrator opens leave management', async ({ page, signInAs }) => {
 *     const admin = await signInAs({ builtInRoles: ['admin'] }); // a new user, signed in
 *     await page.goto('/leave-management');
 *     await expect(page.getByTestId('page-title')).toHaveText('Leave management');
 *   });
 *
 * What they give:
 * - `db` (one per worker): Kysely on the very database the server under test uses. Make the data a
 *   spec needs with the factories of tests/helpers/factories.ts (`createUser`, `createRole`,
 *   `grantProjectRole`) or your own domain's factories, called with this `db`.
 * - `createUser(options)`: `createUser(db, options)`: an active user, password `DEFAULT_PASSWORD`,
 *   with a unique email. Options: builtInRoles ['admin' | 'hr' | 'user'], permissions, language, names…
 * - `signIn(user, { through: 'form', next })`: signs the page in as that user. By default through the
 *   API (fast, sets the refresh cookie in the browser); `through: 'form'` fills the sign-in form
 *   and waits until the page has left /sign-in.
 * - `signInAs(options)`: `createUser` then `signIn`; returns the user.
 *
 * Rules for specs: tests run in parallel (two workers) against one server and one database, so
 * every test makes its own users and records and never depends on, counts or changes what others
 * made (no "exactly N rows" on shared lists; filter by your own unique names). The database is
 * dropped at the end of the run.
 *
 * A test fails when the page logs a console error or throws (a hydration mismatch shows up this
 * way). Responses with an error status are expected in many flows and do not count. A spec that
 * expects console errors opts out with `test.use({ failOnConsoleErrors: false })`.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { connectDatabase, type Db } from '../../../server/db/connect.ts';
import type { UserRow } from '../../../server/db/database.ts';
import { createUser, DEFAULT_PASSWORD, type UserOptions } from '../../helpers/factories.ts';

export { expect, DEFAULT_PASSWORD };
export type { UserRow };

export interface SignInOptions {
  /** 'api' (default) or 'form' (types into the sign-in page, as a person would). */
  through?: 'api' | 'form';
  /** With 'form': the path to open first (a protected page sends the browser to sign-in). */
  next?: string;
}

interface TestFixtures {
  failOnConsoleErrors: boolean;
  consoleErrors: string[];
  createUser(options?: UserOptions): Promise<UserRow>;
  signIn(user: UserRow, options?: SignInOptions): Promise<void>;
  signInAs(options?: UserOptions, signIn?: SignInOptions): Promise<UserRow>;
}

interface WorkerFixtures {
  db: Db;
}

/** Fills the sign-in form; the caller is already on /sign-in. */
export async function fillSignInForm(page: Page, email: string, password: string): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits until React owns the page (<html data-hydrated>): typing into server-rendered HTML before
 * then is lost when React hydrates it, as it would be for a person on a slow connection.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every navigation of a spec waits for hydration, so specs act on an interactive page.
  page: async ({ page }, use) => {
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
      (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const response = await original(...args);
        if (response?.headers()['content-type']?.startsWith('text/html')) await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },

  db: [
    // Playwright reads the fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const url = process.env.E2E_DATABASE_URL;
      if (!url) throw new Error('E2E_DATABASE_URL is not set: run the specs with `npm run test:e2e`.');
      const handle = connectDatabase(url, 2);
      await use(handle.db);
      await handle.destroy();
    },
    { scope: 'worker' },
  ],

  failOnConsoleErrors: [true, { option: true }],

  consoleErrors: [
    async ({ page, failOnConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        // The browser logs every 4xx/5xx response; flows expect some (401 before sign-in, 404 pages).
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(`console: ${message.text()}`);
        }
      });
      await use(errors);
      if (failOnConsoleErrors) expect(errors, 'console errors and uncaught exceptions').toEqual([]);
    },
    { auto: true },
  ],

  createUser: async ({ db }, use) => {
    await use((options = {}) => createUser(db, options));
  },

  signIn: async ({ page }, use) => {
    await use(async (user, options = {}) => {
      if (options.through === 'form') {
        await page.goto(options.next ?? '/sign-in');
        await expect(page).toHaveURL(/\/sign-in/);
        await fillSignInForm(page, user.email, DEFAULT_PASSWORD);
        await expect(page).not.toHaveURL(/\/sign-in/);
        return;
      }
      // page.request shares the browser context's cookies: the refresh cookie lands in the browser.
      const response = await page.request.post('/api/auth/sign-in', {
        data: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(response.status(), await response.text()).toBe(200);
    });
  },

  signInAs: async ({ createUser, signIn }, use) => {
    await use(async (options = {}, signInOptions = {}) => {
      const user = await createUser(options);
      await signIn(user, signInOptions);
      return user;
    });
  },
});
