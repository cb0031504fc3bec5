import { HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { PrimeReactProvider } from 'primereact/api';
import { Suspense, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useRoutes } from 'react-router';
import type { Bootstrap } from './bootstrap.ts';
import { PageLoading } from './layout/PageLoading.tsx';
import { useHydrationMarker } from './layout/use-hydrated.ts';
import { buildRoutes } from './routes.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

function AppRoutes({ environment }: { environment: string }) {
  useHydrationMarker();
  const routes = useMemo(() => buildRoutes(environment), [environment]);
  return useRoutes(routes);
}

/** The whole UI; the router (browser or static) wraps it in the entry files. */
export function App({
  bootstrap,
  queryClient,
  i18n,
}: {
  bootstrap: Bootstrap;
  queryClient: QueryClient;
  i18n: I18n;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={bootstrap.dehydratedState}>
          <PrimeReactProvider value={{ ripple: false }}>
            <Suspense fallback={<PageLoading />}>
              <AppRoutes environment={bootstrap.environment} />
            </Suspense>
          </PrimeReactProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
