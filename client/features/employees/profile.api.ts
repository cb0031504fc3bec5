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
import { api, download, toQuery } from '../../api/http.ts';
import { formBlob } from './employees.api.ts';

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
  exportSelected: (ids: string[], format: ExportFormat) =>
    download('/users/bulk/export', `employees.${format}`, { method: 'POST', body: { ids, format } }),
};
