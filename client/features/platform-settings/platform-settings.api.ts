import type {
  PasswordExpiryPage,
  PasswordExpiryQuery,
  PasswordRemindersSent,
  SecureShareSettings,
  UtilitySettings,
} from '../../../shared/platform-settings.schemas.ts';
import type {
  AuditCheckList,
  AuditFindingPage,
  AuditRun,
  AuditRunPage,
  AuditRunQuery,
  AuditScheduleBody,
  SecurityAuditCheck,
} from '../../../shared/security-audits.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

/** The calls of /platform-settings' SECURITY, UTILITIES and AUDIT_SCHEDULE sections. */
export const platformSettingsApi = {
  passwordExpiries: (query: PasswordExpiryQuery) =>
    api<PasswordExpiryPage>(`/platform-settings/password-expiries${toQuery(query)}`),
  remind: (userId: string) =>
    api<PasswordRemindersSent>(`/platform-settings/password-expiries/${userId}/reminders`, {
      method: 'POST',
    }),
  remindAll: () =>
    api<PasswordRemindersSent>('/platform-settings/password-expiries/reminders', { method: 'POST' }),
  utilities: () => api<UtilitySettings>('/platform-settings/utilities'),
  saveSecureShare: (body: SecureShareSettings) =>
    api<UtilitySettings>('/platform-settings/utilities/secure-share', { method: 'PUT', body }),
};

export const securityAuditsApi = {
  checks: () => api<AuditCheckList>('/security-audits'),
  saveSchedule: (check: SecurityAuditCheck, body: AuditScheduleBody) =>
    api<AuditCheckList>(`/security-audits/${check}/schedule`, { method: 'PUT', body }),
  removeSchedule: (check: SecurityAuditCheck) =>
    api<void>(`/security-audits/${check}/schedule`, { method: 'DELETE' }),
  runNow: (check: SecurityAuditCheck) => api<AuditRun>(`/security-audits/${check}/runs`, { method: 'POST' }),
  runs: (query: AuditRunQuery) => api<AuditRunPage>(`/security-audits/runs${toQuery(query)}`),
  run: (id: string) => api<AuditRun>(`/security-audits/runs/${id}`),
  findings: (id: string, page: number) =>
    api<AuditFindingPage>(`/security-audits/runs/${id}/findings${toQuery({ page, perPage: 20 })}`),
};
