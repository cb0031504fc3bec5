import { expect as baseExpect, test } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('access roles read as cards and the tabs scroll with arrows', async ({ page, signInAs }) => {
    await signInAs({ builtInRoles: ['admin'] });
    await page.goto('/access-control-management');
    const table = page.getByTestId('roles-table');
    const admin = table.getByRole('row').filter({ hasText: 'Admin' }).first();
    await expect(admin).toBeVisible();
    // Each role is a card: its values come with their column names, nothing wider than the screen.
    await expect(admin.locator('.p-column-title').first()).toBeVisible();
    await expect(admin).toContainText('All permissions');
    await expect(table.locator('thead')).toBeHidden();
    const box = (await admin.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scrolling of the page').toBeLessThanOrEqual(1);

    // The tabs do not fit: an arrow shows there is more, and takes one there.
    const next = page.locator('.scroll-tabs .p-tabview-nav-next');
    await expect(next).toBeVisible();
    await next.click();
    await expect(page.getByRole('tab', { name: 'Access requests' })).toBeInViewport();
  });

  test('at 1280 px the same roles are a table', async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs({ builtInRoles: ['admin'] });
    await page.goto('/access-control-management');
    await expect(page.getByTestId('roles-table').locator('thead')).toBeVisible();
    await expect(page.locator('.scroll-tabs .p-tabview-nav-next')).toBeHidden();
  });
});
