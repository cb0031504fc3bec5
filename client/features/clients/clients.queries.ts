import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clientsApi, type ClientListParams } from './clients.api.ts';

/** Clients as React Query hooks; every query key comes from `clientKeys`. The calls are in clients.api.ts. */

export type { ClientInput, ClientListParams } from './clients.api.ts';
export { clientsApi } from './clients.api.ts';

export const clientKeys = {
  all: ['clients'] as const,
  list: (params: ClientListParams) => ['clients', 'list', params] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
  /** Every client by name, for filters. */
  options: ['clients', 'options'] as const,
};

export function useClientList(params: ClientListParams) {
  return useQuery({
    queryKey: clientKeys.list(params),
    queryFn: () => clientsApi.list(params),
    placeholderData: (previous) => previous,
  });
}

export function useClient(id: string) {
  return useQuery({ queryKey: clientKeys.detail(id), queryFn: () => clientsApi.get(id), retry: false });
}

/** Every client by name (at most 100), for the project list's client filter. */
export function useClientOptions(enabled = true) {
  return useQuery({
    queryKey: clientKeys.options,
    queryFn: () => clientsApi.list({ page: 1, perPage: 100, sortField: 'name' }),
    enabled,
    staleTime: 60_000,
  });
}

/** Any change to clients reloads what shows clients and projects (counts, names, statuses). */
export function useClientChange<Variables, Result>(change: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'clients' || query.queryKey[0] === 'projects',
      }),
  });
}
