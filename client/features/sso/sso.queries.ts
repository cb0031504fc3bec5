import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SsoRequestStatus } from '../../../shared/sso.schemas.ts';
import { ssoApi, type SsoListParams } from './sso.api.ts';

/** Single sign-on as React Query hooks; every key starts with 'sso'. */

export { ssoApi } from './sso.api.ts';
export type { SsoListParams } from './sso.api.ts';

export const ssoKeys = {
  all: ['sso'] as const,
  list: (params: SsoListParams) => ['sso', 'list', params] as const,
  one: (id: string) => ['sso', 'one', id] as const,
  requests: (params: { page: number; perPage: number; status?: SsoRequestStatus }) =>
    ['sso', 'requests', params] as const,
  mine: ['sso', 'mine'] as const,
  interaction: (id: string) => ['sso', 'interaction', id] as const,
};

export const useSsoConnections = (params: SsoListParams) =>
  useQuery({
    queryKey: ssoKeys.list(params),
    queryFn: () => ssoApi.list(params),
    placeholderData: keepPreviousData,
  });
export const useSsoConnection = (id: string | null) =>
  useQuery({ queryKey: ssoKeys.one(id ?? ''), queryFn: () => ssoApi.get(id!), enabled: !!id, retry: false });
export const useSsoRequests = (params: { page: number; perPage: number; status?: SsoRequestStatus }) =>
  useQuery({
    queryKey: ssoKeys.requests(params),
    queryFn: () => ssoApi.requests(params),
    placeholderData: keepPreviousData,
  });
export const useMySsoApps = () => useQuery({ queryKey: ssoKeys.mine, queryFn: ssoApi.mine });

/**
 * Where an app login stands. While the person waits for a manager's answer the page asks again
 * every few seconds, so an approval continues the same login without a reload.
 */
export const useOidcInteraction = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ssoKeys.interaction(id),
    queryFn: () => ssoApi.interaction(id),
    enabled: enabled && !!id,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.step === 'consent' &&
      !query.state.data.allowed &&
      query.state.data.request?.status === 'PENDING'
        ? 2000
        : false,
  });

/** Asks for access from the consent step; the login's state then says PENDING, and the page polls. */
export function useAskForAccess(id: string) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.setQueryData(ssoKeys.interaction(id), await ssoApi.requestAccess(id));
  }, [queryClient, id]);
}
