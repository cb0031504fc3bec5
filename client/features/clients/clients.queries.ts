import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Client,
  ClientDetail,
  ClientFilters,
  ClientPage,
  ClientType,
  ListExportFormat,
} from '../../../shared/projects.schemas.ts';
import { api } from '../../api/http.ts';
import { downloadFile, toQuery } from '../projects/projects.queries.ts';

/** Clients as React Query hooks; every query key comes from `clientKeys`. */

export interface ClientListParams extends ClientFilters {
  page: number;
  perPage: number;
}

export interface ClientInput {
  name?: string;
  type?: ClientType;
  email?: string | null;
  description?: string | null;
}

export const clientKeys = {
  all: ['clients'] as const,
  list: (params: ClientListParams) => ['clients', 'list', params] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
  /** Every client by name, for filters. */
  options: ['clients', 'options'] as const,
};

export const clientsApi = {
  list: (params: ClientListParams) => api<ClientPage>(`/clients${toQuery(params)}`),
  get: (id: string) => api<ClientDetail>(`/clients/${id}`),
  create: (input: ClientInput) => api<Client>('/clients', { method: 'POST', body: input }),
  update: (id: string, input: ClientInput) => api<Client>(`/clients/${id}`, { method: 'PUT', body: input }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<Client>(`/clients/${id}/status`, { method: 'PUT', body: { status } }),
  remove: (id: string) => api<void>(`/clients/${id}`, { method: 'DELETE' }),
  exportFile: (format: ListExportFormat, filters: ClientFilters, language: string) =>
    downloadFile(`/clients/export${toQuery({ ...filters, format })}`, `clients.${format}`, language),
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
