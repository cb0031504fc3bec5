import { HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Bootstrap } from './bootstrap.ts';
import './i18n/primereact-locale.ts';
import { ToastProvider } from './layout/toast.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

/**
 * The providers of the whole UI; the router (the browser's, or the server's static one) is the
 * child the entry files give it.
 */
export function App({
  bootstrap,
  queryClient,
  i18n,
  children,
}: {
  bootstrap: Bootstrap;
  queryClient: QueryClient;
  i18n: I18n;
  children?: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={bootstrap.dehydratedState}>
          {/* PrimeReact's own texts start in the page's language (its provider sets it on mount). */}
          <PrimeReactProvider value={{ ripple: false, locale: bootstrap.language }}>
            <ToastProvider>{children}</ToastProvider>
          </PrimeReactProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
