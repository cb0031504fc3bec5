import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { useSession } from '../api/session.ts';
import { applyLanguage } from '../i18n/language.ts';
import { PageLoading } from './PageLoading.tsx';
import { HydrationMarker } from './use-hydrated.ts';

/**
 * The root of every page: marks hydration, keeps the UI in the signed-in person's language (a
 * person whose language is Vietnamese signs in to a Vietnamese UI), and waits for lazy screens.
 */
export function RootLayout() {
  // Pages in the shell mark hydration in the shell's own boundary (see HydrationMarker).
  const inShell = useMatches().some((match) => (match.handle as { shell?: boolean } | undefined)?.shell);
  const { i18n } = useTranslation();
  const language = useSession()?.user.language;
  useEffect(() => {
    if (language && language !== i18n.language) void applyLanguage(i18n, language);
  }, [language, i18n]);
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
      {!inShell && <HydrationMarker />}
    </Suspense>
  );
}
