import type {
  AccessRoleChoice,
  Aggregations,
  Bank,
  Employee,
  EmployeeFile,
  EmployeeFileKind,
  EmployeeFilters,
  EmployeePage,
  EmployeeRoleOptionList,
  EmployeeSummary,
  ExportFormat,
  PublicPerson,
} from '../../../shared/employees.schemas.ts';
import { formBlob, type FormFieldValue } from '../../api/form-blob.ts';
import { api, download, toQuery } from '../../api/http.ts';

export { formBlob };

export interface ListParams extends EmployeeFilters {
  page: number;
  perPage: number;
}

/** Values of the employee form: text fields as strings ('' is none), lists (access roles) as arrays. */
export type EmployeeFormValues = Record<string, FormFieldValue>;

export const employeesApi = {
  list: (params: ListParams) => api<EmployeePage>(`/users/employees${toQuery({ ...params })}`),
  aggregations: () => api<Aggregations>('/aggregations'),
  get: (id: string) => api<EmployeeSummary>(`/users/${id}`),
  getEmployee: (id: string) => api<Employee>(`/users/${id}/employee`),
  banks: () => api<{ items: Bank[] }>('/banks'),
  employeeRoles: () => api<EmployeeRoleOptionList>('/employee-roles'),
  accessRoleChoices: () => api<{ items: AccessRoleChoice[] }>('/employee-access-roles'),
  lookup: (search: string, ids?: string[]) =>
    api<{ items: PublicPerson[] }>(`/users/public-info${toQuery({ search, ids, limit: 30 })}`),
  create: (values: EmployeeFormValues, files: Record<string, File>) =>
    api<Employee>('/users', { method: 'POST', file: formBlob(values, files) }),
  update: (id: string, values: EmployeeFormValues, files: Record<string, File>) =>
    api<Employee>(`/users/${id}`, { method: 'PUT', file: formBlob(values, files) }),
  /** An external user's details as JSON (`null` clears a field). */
  updateExternal: (id: string, values: Record<string, string | null>) =>
    api<Employee>(`/users/${id}`, { method: 'PUT', body: values }),
  upload: (id: string, kind: EmployeeFileKind, file: File) =>
    api<EmployeeFile>(`/users/${id}/files`, { method: 'POST', file: formBlob({ kind }, { file }) }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<EmployeeSummary>(`/users/${id}/status`, { method: 'PUT', body: { status } }),
  remove: (id: string) => api<void>(`/users/${id}`, { method: 'DELETE' }),
  resendInvitation: (id: string) => api<void>(`/users/${id}/resend-invitation`, { method: 'POST' }),
  exportFile: (format: ExportFormat, filters: EmployeeFilters) =>
    download(`/users/export${toQuery({ ...filters, format })}`, `employees.${format}`),
  /** A stored document (the link the API gives is under /api). */
  downloadDocument: (url: string, fileName: string) => download(url.replace(/^\/api/, ''), fileName),
  externals: (params: { search?: string; page: number; perPage: number }) =>
    api<EmployeePage>(`/users/externals${toQuery(params)}`),
  createExternal: (body: Record<string, string | null>) =>
    api<Employee>('/users/external', { method: 'POST', body }),
};
