import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { secretsApi, type SecretListParams } from './secrets.api.ts';

/** Secrets as React Query hooks; every key starts with 'secrets'. */

export { secretsApi } from './secrets.api.ts';
export type { SecretListParams } from './secrets.api.ts';

export const secretKeys = {
  all: ['secrets'] as const,
  vault: ['secrets', 'vault'] as const,
  list: (params: SecretListParams) => ['secrets', 'list', params] as const,
  one: (id: string) => ['secrets', 'one', id] as const,
  recipients: (search: string) => ['secrets', 'recipients', search] as const,
};

export const useVaultStatus = () => useQuery({ queryKey: secretKeys.vault, queryFn: secretsApi.vault });
export const useSecrets = (params: SecretListParams, enabled: boolean) =>
  useQuery({
    queryKey: secretKeys.list(params),
    queryFn: () => secretsApi.list(params),
    placeholderData: keepPreviousData,
    enabled,
  });
/** One secret, opened: every fetch is an audited read, so it is not refetched behind the person's back. */
export const useSecret = (id: string | null) =>
  useQuery({
    queryKey: secretKeys.one(id ?? ''),
    queryFn: () => secretsApi.get(id!),
    enabled: Boolean(id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
export const useRecipients = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: secretKeys.recipients(search),
    queryFn: () => secretsApi.recipients(search),
    enabled,
  });
