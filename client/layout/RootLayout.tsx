import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../api/session.ts';
import { applyLanguage } from '../i18n/language.ts';
import { PageLoading } from './PageLoading.tsx';
import { useHydrationMarker } from './use-hydrated.ts';

/**
 * The root of every page: marks hydration, keeps the UI in the signed-in person's language (a
 * person whose language is Vietnamese signs in to a Vietnamese UI), and waits for lazy screens.
 */
export function RootLayout() {
  useHydrationMarker();
  const { i18n } = useTranslation();
  const language = useSession()?.user.language;
  useEffect(() => {
    if (language && language !== i18n.language) void applyLanguage(i18n, language);
  }, [language, i18n]);
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
