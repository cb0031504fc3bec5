import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Chromium drives the real server (production build of the UI) on a real database.
 *
 * Run them with `npm run test:e2e`: scripts/with-test-database.ts provides a PostgreSQL server and a
 * migrated template (TEST_PG_ADMIN_URL, TEST_PG_TEMPLATE). This file is evaluated by the runner and
 * again by each worker, so the database name below is derived, not random: both sides agree on it.
 * tests/e2e/support/start-server.ts clones it from the template and starts the app on it; the
 * specs create their own users in it (tests/e2e/support/fixtures.ts).
 */
const adminUrl = process.env.TEST_PG_ADMIN_URL;
const template = process.env.TEST_PG_TEMPLATE;
if (!adminUrl || !template) {
  throw new Error('End-to-end tests need a database: run them with `npm run test:e2e`.');
}
// The `bo_test_<run>` prefix makes the wrapper drop this database at the end of the run.
const databaseName = `${template.replace(/^bo_tpl_/, 'bo_test_')}_e2e`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;
process.env.E2E_DATABASE_NAME = databaseName;
process.env.E2E_DATABASE_URL = databaseUrl.toString();

const port = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium where it is installed (`npx playwright install` is not possible everywhere);
// otherwise Playwright's own browser. CHROMIUM_PATH picks another executable.
const executablePath =
  process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A small machine: the server, the browser and the runner share it.
  workers: Number(process.env.E2E_WORKERS || (process.env.CI ? 1 : 2)),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath && { executablePath }),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx tests/e2e/support/start-server.ts',
    url: `${baseURL}/readyz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
