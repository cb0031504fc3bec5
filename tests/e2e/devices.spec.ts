import type { Page } from '@playwright/test';
import { DEFAULT_PASSWORD, expect, test, waitForHydration } from './support/fixtures.ts';

/** Forced updates (issue 19 part A): the admin raises a version, an open page of another person is blocked live. */

const LINUX_CHROME = (version: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;

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

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('an admin raises the required browser version: the open page of another person is blocked live, the update and recheck release it', async ({
  page,
  browser,
  createUser,
  signInAs,
  db,
}) => {
  // Two browsers, a declaration, an edit, a live block and a recheck: more than the default on a busy machine.
  test.setTimeout(120_000);
  const person = await createUser({ builtInRoles: ['user'], firstName: 'Lan', lastName: 'Do' });
  const personContext = await browser.newContext({ userAgent: LINUX_CHROME('120.0.6099.109') });
  try {
    const personPage = await personContext.newPage();
    const signedIn = await personPage.request.post('/api/auth/sign-in', {
      data: { email: person.email, password: DEFAULT_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);

    // The person declares this device on /settings: the versions come from the browser.
    await personPage.goto('/settings');
    await waitForHydration(personPage);
    const card = personPage.getByTestId('work-devices-card');
    await card.getByRole('button', { name: 'Add this device' }).click();
    const form = personPage.getByTestId('work-device-form');
    await form.getByLabel('Device name').fill('Work laptop');
    await form.getByLabel('Virus protection software').fill('ClamAV');
    await form.getByText('Firewall is on').click();
    await form.getByText('Disk encryption is on').click();
    await form.getByRole('button', { name: 'Save device' }).click();
    const device = card.getByTestId('work-device');
    await expect(device).toContainText('Work laptop');
    await expect(device).toContainText('Chrome 120.0.6099.109');
    await expect(device).toContainText('Up to date');
    // A checklist answer changed later: an auto-lock over the guidance shows as a gap, never a block.
    await device.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('Auto-lock after (minutes)').fill('10');
    await form.getByRole('button', { name: 'Save device' }).click();
    await expect(device).toContainText('auto-lock over 5 minutes');
    await expect(device).toContainText('Up to date');

    const joined = roomJoined(personPage, person.id);
    await personPage.goto('/');
    await waitForHydration(personPage);
    await joined;
    let navigations = 0;
    personPage.on('framenavigated', (frame) => frame === personPage.mainFrame() && navigations++);

    // The administrator raises Chrome to 130, released ten days ago, no grace period.
    await signInAs({ builtInRoles: ['admin'] });
    await page.goto('/platform-settings?category=WORK_DEVICE_UPDATE_MANAGEMENT');
    const section = page.getByTestId('device-updates-card');
    await section.getByLabel('Grace period (days)').fill('0');
    await section.getByRole('button', { name: 'Add a version' }).click();
    const row = section.getByTestId('device-requirement').last();
    await row.getByLabel('Latest version').fill('130.0');
    await row.getByLabel('Release date').fill(daysAgo(10));
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Work device updates saved')).toBeVisible();

    // The person's open page shows the outdated-device modal at once, without a reload.
    const modal = personPage.getByTestId('outdated-device-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('120.0.6099.109');
    await expect(modal).toContainText('130.0');
    expect(navigations, 'no reload').toBe(0);

    // The person updates the browser (a newer User-Agent) and rechecks: the modal goes away.
    await personContext.setExtraHTTPHeaders({ 'user-agent': LINUX_CHROME('131.0.6778.85') });
    await modal.getByRole('button', { name: 'Check again' }).click();
    await expect(modal).toBeHidden();
    await personPage.goto('/settings');
    await waitForHydration(personPage);
    await expect(personPage.getByTestId('work-device')).toContainText('Chrome 131.0.6778.85');
    await expect(personPage.getByTestId('work-device')).toContainText('Up to date');
  } finally {
    await personContext.close();
    // Other specs share the database: the rule goes away with this test.
    await db.deleteFrom('device_version_requirements').execute();
    await db.deleteFrom('security_enforcements').where('type', '=', 'OUTDATED_DEVICE').execute();
  }
});
