import { useQuery } from '@tanstack/react-query';
import type { LegalKind } from '../../../shared/legal.schemas.ts';
import { legalApi } from './legal.api.ts';

export const legalKeys = {
  all: ['legal'] as const,
  page: (kind: LegalKind, language: string) => ['legal', kind, language] as const,
};

/** A legal page in a language, for anyone (the sign-up links to it). */
export function useLegalPage(kind: LegalKind, language: string) {
  return useQuery({
    queryKey: legalKeys.page(kind, language),
    queryFn: () => legalApi.get(kind, language),
    // Fetched in the browser: the server renders the frame, the text follows.
    enabled: typeof window !== 'undefined',
    staleTime: 60_000,
  });
}

/** Both pages in both languages, for editing in platform settings. */
export function useLegalPages() {
  return useQuery({ queryKey: legalKeys.all, queryFn: legalApi.list });
}
