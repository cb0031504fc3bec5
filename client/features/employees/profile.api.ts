import type {
  HistoryPage,
  ImportReport,
  InvitationLink,
  InvitationState,
  PersonRoles,
  SelectionResult,
} from '../../../shared/employee-profile.schemas.ts';
import type { ExportFormat } from '../../../shared/employees.schemas.ts';
import type { TwoFactorStatus } from '../../../shared/account.schemas.ts';
import { ApiError, api, getAccessToken, refreshAccessToken } from '../../api/http.ts';
import { formBlob, toQuery } from './employees.api.ts';

/** The calls of the employee profile, the import dialog and the list's bulk actions. */
export const profileApi = {
  history: (id: string, page: number, perPage: number) =>
    api<HistoryPage>(`/users/${id}/history${toQuery({ page, perPage })}`),
  roles: (id: string) => api<PersonRoles>(`/users/${id}/roles`),
  invitation: (id: string) => api<InvitationState>(`/users/${id}/invitation`),
  invitationLink: (id: string) => api<InvitationLink>(`/users/${id}/invitation-link`, { method: 'POST' }),
  twoFactor: (id: string) => api<TwoFactorStatus>(`/users/${id}/two-factor`),
  resetTwoFactor: (id: string) => api<void>(`/users/${id}/two-factor`, { method: 'DELETE' }),
  importFile: (file: File, options: { dryRun: boolean; sendInvitations: boolean }) =>
    api<ImportReport>(`/users/import${toQuery(options)}`, { method: 'POST', file: formBlob({}, { file }) }),
  inviteSelected: (ids: string[]) =>
    api<SelectionResult>('/users/bulk/invite', { method: 'POST', body: { ids } }),
  deactivateSelected: (ids: string[]) =>
    api<SelectionResult>('/users/bulk/deactivate', { method: 'POST', body: { ids } }),
  exportSelected: (ids: string[], format: ExportFormat, language: string) =>
    postDownload('/users/bulk/export', { ids, format }, `employees.${format}`, language),
};

export const profileKeys = {
  history: (id: string, page: number) => ['employees', 'history', id, page] as const,
  roles: (id: string) => ['employees', 'roles', id] as const,
  invitation: (id: string) => ['employees', 'invitation', id] as const,
  twoFactor: (id: string) => ['employees', 'two-factor', id] as const,
};

/** Posts JSON and hands the file of the answer to the browser (a download that needs a body). */
async function postDownload(path: string, body: unknown, fallbackName: string, language: string) {
  if (!getAccessToken()) await refreshAccessToken();
  const send = () =>
    fetch(`/api${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        authorization: `Bearer ${getAccessToken() ?? ''}`,
        'accept-language': language,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  let response = await send();
  if (response.status === 440 && (await refreshAccessToken())) response = await send();
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as {
      code?: string;
      message?: string;
      details?: never;
    } | null;
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? response.statusText,
      error?.details,
    );
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
