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

/** Marks <html data-hydrated> once the page is interactive (tests and monitoring wait for it). */
export function useHydrationMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
