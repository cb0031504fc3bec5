import type { Department, DepartmentPage } from '../../../shared/departments.schemas.ts';
import { api } from '../../api/http.ts';
import { toQuery } from '../employees/employees.api.ts';

export interface DepartmentInput {
  name: string;
  description: string | null;
  memberIds: string[];
}

export const departmentsApi = {
  list: (params: { search?: string; status?: 'ACTIVE' | 'INACTIVE'; page?: number; perPage?: number } = {}) =>
    api<DepartmentPage>(`/departments${toQuery(params)}`),
  get: (id: string) => api<Department>(`/departments/${id}`),
  create: (input: DepartmentInput) => api<Department>('/departments', { method: 'POST', body: input }),
  update: (id: string, input: DepartmentInput) =>
    api<Department>(`/departments/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/departments/${id}`, { method: 'DELETE' }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<Department>(`/departments/${id}/status`, { method: 'PUT', body: { status } }),
};

export const departmentsKeys = {
  all: ['departments'] as const,
  list: (params: object) => ['departments', 'list', params] as const,
  one: (id: string) => ['departments', 'one', id] as const,
  /** Every department, for pickers and filters. */
  options: ['departments', 'options'] as const,
};

/** All departments (a company has tens, not thousands), for selects and filters. */
export const allDepartments = () => departmentsApi.list({ perPage: 100 });
