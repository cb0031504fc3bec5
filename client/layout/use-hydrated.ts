import { useEffect, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the page is server-rendered HTML and during hydration, true once React owns the page:
 * a form typed into before then would lose its input, so its submit waits.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Marks <html data-hydrated> once the page's screen is interactive (tests and monitoring wait for
 * it). Rendered after the <Outlet /> inside the innermost Suspense boundary of a page (the root's
 * for public pages, the shell's for the others): its effect runs only once the lazy screen beside
 * it has hydrated, not when an outer layer has.
 */
export function HydrationMarker(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
