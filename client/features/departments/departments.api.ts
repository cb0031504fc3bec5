import type { Department, DepartmentPage } from '../../../shared/departments.schemas.ts';
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
  get: (id: string) => api<Department>(`/departments/${id}`),
  create: (input: DepartmentInput) => api<Department>('/departments', { method: 'POST', body: input }),
  update: (id: string, input: DepartmentInput) =>
    api<Department>(`/departments/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/departments/${id}`, { method: 'DELETE' }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<Department>(`/departments/${id}/status`, { method: 'PUT', body: { status } }),
};
