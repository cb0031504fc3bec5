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
import { api, download, toQuery } from '../../api/http.ts';

/**
 * A multipart form as a Blob that carries its boundary in its type: the API wrapper sends a Blob as
 * the raw body with that type, so forms need no second request helper. The body is built here rather
 * than by FormData because a Blob's type is lower-cased by the browser: the boundary must be too.
 * A list value becomes repeated parts; an empty list one empty part (the server reads it as none).
 */
export function formBlob(fields: Record<string, FormFieldValue>, files: Record<string, File>): Blob {
  const boundary = `----backoffice${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')}`;
  // As browsers do: quotes and line breaks in names are percent-encoded.
  const quote = (value: string) => value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const parts: BlobPart[] = [];
  const part = (name: string, value: string) =>
    parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`);
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) part(name, '');
      for (const item of value) part(name, item);
    } else part(name, value ?? '');
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="${quote(name)}"; filename="${quote(file.name)}"\r\n` +
        `content-type: ${file.type || 'application/octet-stream'}\r\n\r\n`,
      file,
      '\r\n',
    );
  }
  parts.push(`--${boundary}--\r\n`);
  return new Blob(parts, { type: `multipart/form-data; boundary=${boundary}` });
}

export interface ListParams extends EmployeeFilters {
  page: number;
  perPage: number;
}

type FormFieldValue = string | string[] | null | undefined;
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
