import type { Department, DepartmentPage } from '../../../shared/departments.schemas.ts';
import { MAX_PER_PAGE } from '../../../shared/paging.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

export interface DepartmentInput {
  name: string;
  description: string | null;
  memberIds: string[];
}

export interface DepartmentListParams {
  search?: string;
  status?: 'ACTIVE' | 'INACTIVE';
  page?: number;
  perPage?: number;
}

export const departmentsApi = {
  list: (params: DepartmentListParams = {}) => api<DepartmentPage>(`/departments${toQuery({ ...params })}`),
  /** Every department, page after page (a company has tens, so usually one request). */
  async listAll(): Promise<Department[]> {
    const items: Department[] = [];
    for (let page = 1; ; page++) {
      const answer = await departmentsApi.list({ page, perPage: MAX_PER_PAGE });
      items.push(...answer.items);
      if (page >= answer.lastPage) return items;
    }
  },
  get: (id: string) => api<Department>(`/departments/${id}`),
  create: (input: DepartmentInput) => api<Department>('/departments', { method: 'POST', body: input }),
  update: (id: string, input: DepartmentInput) =>
    api<Department>(`/departments/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/departments/${id}`, { method: 'DELETE' }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<Department>(`/departments/${id}/status`, { method: 'PUT', body: { status } }),
};
