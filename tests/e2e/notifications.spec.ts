import type { Page } from '@playwright/test';
import { loadConfig } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import type { Db } from '../../server/db/connect.ts';
import { notify } from '../../server/domains/notifications/notifications.service.ts';
import { DEFAULT_PASSWORD, expect, test } from './support/fixtures.ts';

/** Resolves once the page's live channel has joined the person's room. */
function roomJoined(page: Page, userId: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"room-joined"') && String(payload).includes(`user:${userId}`))
          resolve();
      });
    });
  });
}

async function seedPayments(db: Db, userId: string, count: number) {
  const ctx = createContext({ db, config: loadConfig({}) }, SYSTEM_ACTOR);
  for (let i = 1; i <= count; i++) {
    await notify(ctx, [userId], 'PAYMENT_MADE', {
      actor: { id: null, firstName: 'Thu', lastName: 'Pham', avatarUrl: null },
      invoice: { id: `inv-${i}`, name: `Invoice ${i}`, firstName: 'Thu', lastName: 'Pham' },
    });
  }
}

test("one person's announcement appears live in another's page: toast and badge, no reload", async ({
  browser,
  createUser,
}) => {
  const recipient = await createUser({ builtInRoles: ['user'], firstName: 'Mai', lastName: 'Vo' });
  const admin = await createUser({
    permissions: ['notifications.announce'],
    firstName: 'Hoa',
    lastName: 'Tran',
  });

  const recipientContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const page = await recipientContext.newPage();
    const joined = roomJoined(page, recipient.id);
    const signedIn = await page.request.post('/api/auth/sign-in', {
      data: { email: recipient.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await page.goto('/');
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await joined;
    let navigations = 0;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);

    // The other person acts: an announcement through the API, from their own browser context.
    const adminSignIn = await adminContext.request.post('/api/auth/sign-in', {
      data: { email: admin.email, password: DEFAULT_PASSWORD },
    });
    const { accessToken } = (await adminSignIn.json()) as { accessToken: string };
    const sent = await adminContext.request.post('/api/notifications/announcements', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { message: 'The office closes at 4 pm today', userIds: [recipient.id] },
    });
    expect(sent.status()).toBe(201);

    const toast = page.getByTestId('notification-toast');
    await expect(toast).toContainText('Tran Hoa: The office closes at 4 pm today');
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    expect(navigations, 'no reload').toBe(0);

    // The pushed notification is on top of the list.
    await page.getByTestId('notification-bell').click();
    const first = page.getByTestId('notification-item').first();
    await expect(first).toContainText('The office closes at 4 pm today');
    await expect(first).toHaveAttribute('data-read', 'false');
    await page.keyboard.press('Escape');

    // Clicking the toast marks it read and closes it.
    await toast.click();
    await expect(toast).toHaveCount(0);
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  } finally {
    await recipientContext.close();
    await adminContext.close();
  }
});

test('the bell: pages, only unread, toggles, mark all as read, click to its screen', async ({
  page,
  db,
  signInAs,
}) => {
  const person = await signInAs({ builtInRoles: ['user'] });
  await page.goto('/connected-account');
  const bell = page.getByTestId('notification-bell');

  await bell.click();
  await expect(page.getByTestId('notifications-empty')).toHaveText('No notifications');
  await page.keyboard.press('Escape');

  await seedPayments(db, person.id, 12);
  await page.reload();
  await expect(page.getByTestId('notification-badge')).toHaveText('12');
  await bell.click();
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('Pham Thu paid the invoice Invoice 12');
  await expect(items.first()).toContainText('just now');

  // Scrolling near the bottom loads the next page.
  await page
    .locator('.notification-popover__list')
    .evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  await expect(items).toHaveCount(12);

  // The per-item toggle: read, then unread again; the badge follows at once.
  await items.first().getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveText('11');
  await items.first().getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveText('12');

  // Only unread.
  await items.nth(1).getByRole('button', { name: 'Mark as read' }).click();
  await page.getByText('Only show unread').click();
  await expect(items).toHaveCount(10);
  await expect(page.getByTestId('notification-item').filter({ hasText: 'Invoice 11' })).toHaveCount(0);
  await page.getByText('Only show unread').click();

  // Mark all as read from the menu.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(items.first()).toHaveAttribute('data-read', 'true');

  // A click goes to the notification's screen and closes the popover.
  await items
    .first()
    .getByRole('button', { name: /Invoice 12/ })
    .click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.locator('.notification-popover')).toHaveCount(0);
});

test('a failed toggle rolls back with a toast', async ({ page, db, signInAs }) => {
  const person = await signInAs({ builtInRoles: ['user'] });
  await seedPayments(db, person.id, 1);
  await page.route('**/api/notifications/*/is-read', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 500,
        code: 'INTERNAL',
        message: 'Something went wrong on our side.',
      }),
    }),
  );
  await page.goto('/connected-account');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').first();
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('Something went wrong on our side.')).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
});
