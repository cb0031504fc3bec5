import type { Page, Response } from '@playwright/test';

/**
 * Opens a page with its scripts held back, as on a slow connection: the server-rendered HTML is
 * there and can be typed into, but React has not taken over yet. Returns `hydrate()`, which lets the
 * scripts through and resolves once the page is hydrated (the fixtures' goto waits for that).
 */
export async function openBeforeHydration(
  page: Page,
  url: string,
): Promise<{ hydrate: () => Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const scripts = /\/assets\/.+\.js$/;
  await page.route(scripts, async (route) => {
    await gate;
    await route.continue();
  });
  // Not awaited here: the page's load (and hydration) waits for the held scripts.
  const opened: Promise<Response | null> = page.goto(url, { waitUntil: 'commit' });
  await page.locator('body').waitFor({ state: 'attached' });
  return {
    async hydrate() {
      release();
      await opened;
      await page.unroute(scripts);
    },
  };
}
