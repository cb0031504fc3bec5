import type {
  PersonOptionList,
  Risk,
  RiskBody,
  RiskHeatMap,
  RiskPage,
  RiskQuery,
  RiskTransitionBody,
  RiskUpdateBody,
} from '../../../shared/risks.schemas.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** The risk register's calls: thin functions over `api()` (docs/client-conventions.md). */

export type RiskListParams = RiskQuery & { page: number; perPage: number };

export const risksApi = {
  list: (params: RiskListParams) => api<RiskPage>(`/risks${toQuery({ ...params })}`),
  get: (id: string) => api<Risk>(`/risks/${id}`),
  create: (input: RiskBody) => api<Risk>('/risks', { method: 'POST', body: input }),
  update: (id: string, input: RiskUpdateBody) => api<Risk>(`/risks/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/risks/${id}`, { method: 'DELETE' }),
  transition: (id: string, input: RiskTransitionBody) =>
    api<Risk>(`/risks/${id}/transitions`, { method: 'POST', body: input }),
  heatMap: () => api<RiskHeatMap>('/risks/heat-map'),
  owners: (search: string) =>
    api<PersonOptionList>(`/risks/owners${toQuery({ search: search || undefined })}`),
  exportFile: (params: RiskQuery) =>
    download(`/risks/export${toQuery({ ...params, format: 'xlsx' })}`, 'risk-register.xlsx'),
};
