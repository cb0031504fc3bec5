import type {
  Client,
  ClientDetail,
  ClientFilters,
  ClientPage,
  ClientType,
  ListExportFormat,
} from '../../../shared/projects.schemas.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** The clients' calls: thin functions over `api()` (docs/client-conventions.md). */

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

export const clientsApi = {
  list: (params: ClientListParams) => api<ClientPage>(`/clients${toQuery({ ...params })}`),
  get: (id: string) => api<ClientDetail>(`/clients/${id}`),
  create: (input: ClientInput) => api<Client>('/clients', { method: 'POST', body: input }),
  update: (id: string, input: ClientInput) => api<Client>(`/clients/${id}`, { method: 'PUT', body: input }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<Client>(`/clients/${id}/status`, { method: 'PUT', body: { status } }),
  remove: (id: string) => api<void>(`/clients/${id}`, { method: 'DELETE' }),
  exportFile: (format: ListExportFormat, filters: ClientFilters) =>
    download(`/clients/export${toQuery({ ...filters, format })}`, `clients.${format}`),
};
