import type {
  Aggregations,
  Bank,
  Employee,
  EmployeeFile,
  EmployeeFileKind,
  EmployeeFilters,
  EmployeePage,
  EmployeeSummary,
  ExportFormat,
  PublicPerson,
} from '../../../shared/employees.schemas.ts';
import { ApiError, api, getAccessToken, refreshAccessToken } from '../../api/http.ts';

/** Query parameters with repeated keys for lists (`status=A&status=B`), empty values left out. */
export function toQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A multipart form as a Blob that carries its boundary in its type: the API wrapper sends a Blob as
 * the raw body with that type, so forms need no second request helper. The body is built here rather
 * than by FormData because a Blob's type is lower-cased by the browser: the boundary must be too.
 */
export function formBlob(
  fields: Record<string, string | null | undefined>,
  files: Record<string, File>,
): Blob {
  const boundary = `----backoffice${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')}`;
  // As browsers do: quotes and line breaks in names are percent-encoded.
  const quote = (value: string) => value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const parts: BlobPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="${quote(name)}"\r\n\r\n${value ?? ''}\r\n`,
    );
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

/** Fetches a protected file (documents, exports) with the access token and hands it to the browser. */
export async function downloadFile(path: string, fallbackName: string, language: string): Promise<void> {
  if (!getAccessToken()) await refreshAccessToken();
  const send = () =>
    fetch(`/api${path}`, {
      credentials: 'same-origin',
      headers: { authorization: `Bearer ${getAccessToken() ?? ''}`, 'accept-language': language },
    });
  let response = await send();
  if (response.status === 440 && (await refreshAccessToken())) response = await send();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? response.statusText);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface ListParams extends EmployeeFilters {
  page: number;
  perPage: number;
}

/** Values of the employee form: text fields as strings ('' is none), documents as chosen files. */
export type EmployeeFormValues = Record<string, string | null>;

export const employeesApi = {
  list: (params: ListParams) => api<EmployeePage>(`/users/employees${toQuery({ ...params })}`),
  aggregations: () => api<Aggregations>('/aggregations'),
  get: (id: string) => api<EmployeeSummary>(`/users/${id}`),
  getEmployee: (id: string) => api<Employee>(`/users/${id}/employee`),
  banks: () => api<{ items: Bank[] }>('/banks'),
  lookup: (search: string, ids?: string[]) =>
    api<{ items: PublicPerson[] }>(`/users/public-info${toQuery({ search, ids, limit: 30 })}`),
  create: (values: EmployeeFormValues, files: Record<string, File>) =>
    api<Employee>('/users', { method: 'POST', file: formBlob(values, files) }),
  update: (id: string, values: EmployeeFormValues, files: Record<string, File>) =>
    api<Employee>(`/users/${id}`, { method: 'PUT', file: formBlob(values, files) }),
  upload: (id: string, kind: EmployeeFileKind, file: File) =>
    api<EmployeeFile>(`/users/${id}/files`, { method: 'POST', file: formBlob({ kind }, { file }) }),
  setStatus: (id: string, status: 'ACTIVE' | 'DEACTIVATE') =>
    api<EmployeeSummary>(`/users/${id}/status`, { method: 'PUT', body: { status } }),
  remove: (id: string) => api<void>(`/users/${id}`, { method: 'DELETE' }),
  resendInvitation: (id: string) => api<void>(`/users/${id}/resend-invitation`, { method: 'POST' }),
  exportFile: (format: ExportFormat, filters: EmployeeFilters, language: string) =>
    downloadFile(`/users/export${toQuery({ ...filters, format })}`, `employees.${format}`, language),
  externals: (params: { search?: string; page: number; perPage: number }) =>
    api<EmployeePage>(`/users/externals${toQuery(params)}`),
  createExternal: (body: Record<string, string | null>) =>
    api<Employee>('/users/external', { method: 'POST', body }),
};

export const employeesKeys = {
  all: ['employees'] as const,
  list: (params: ListParams) => ['employees', 'list', params] as const,
  aggregations: ['employees', 'aggregations'] as const,
  one: (id: string) => ['employees', 'one', id] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
  banks: ['banks'] as const,
  lookup: (search: string) => ['people', 'lookup', search] as const,
  externals: (params: object) => ['employees', 'externals', params] as const,
};

/** The message of a failed call and its field errors, by field. */
export function describeFailure(error: unknown, t: (key: string) => string) {
  if (error instanceof ApiError) {
    const fields = Object.fromEntries(error.fieldErrors.map((f) => [f.field.split('.')[0]!, f.message]));
    return { message: error.message || t(`errors:codes.${error.code}`), fields };
  }
  return { message: t('errors:codes.INTERNAL'), fields: {} as Record<string, string> };
}
