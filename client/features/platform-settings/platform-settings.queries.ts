import { useQuery } from '@tanstack/react-query';
import type { PasswordExpiryQuery } from '../../../shared/platform-settings.schemas.ts';
import type { AuditRunQuery } from '../../../shared/security-audits.schemas.ts';
import { platformSettingsApi, securityAuditsApi } from './platform-settings.api.ts';

export const platformSettingsKeys = {
  expiries: ['platform-settings', 'password-expiries'] as const,
  expiryPage: (query: PasswordExpiryQuery) => ['platform-settings', 'password-expiries', query] as const,
  utilities: ['platform-settings', 'utilities'] as const,
};

export const securityAuditKeys = {
  all: ['security-audits'] as const,
  checks: ['security-audits', 'checks'] as const,
  runs: (query: AuditRunQuery) => ['security-audits', 'runs', query] as const,
  run: (id: string) => ['security-audits', 'run', id] as const,
  findings: (id: string, page: number) => ['security-audits', 'findings', id, page] as const,
};

/** A page of people by password expiry (SECURITY). */
export function usePasswordExpiries(query: PasswordExpiryQuery) {
  return useQuery({
    queryKey: platformSettingsKeys.expiryPage(query),
    queryFn: () => platformSettingsApi.passwordExpiries(query),
    placeholderData: (previous) => previous,
  });
}

/** The UTILITIES settings. */
export function useUtilitySettings() {
  return useQuery({ queryKey: platformSettingsKeys.utilities, queryFn: platformSettingsApi.utilities });
}

/** Every audit check with its schedule and latest run. */
export function useAuditChecks() {
  return useQuery({ queryKey: securityAuditKeys.checks, queryFn: securityAuditsApi.checks });
}

/** A page of the audit run log. */
export function useAuditRuns(query: AuditRunQuery) {
  return useQuery({
    queryKey: securityAuditKeys.runs(query),
    queryFn: () => securityAuditsApi.runs(query),
    placeholderData: (previous) => previous,
  });
}

/** One run, and a page of its findings. */
export function useAuditRun(id: string) {
  return useQuery({ queryKey: securityAuditKeys.run(id), queryFn: () => securityAuditsApi.run(id) });
}
export function useAuditFindings(id: string, page: number) {
  return useQuery({
    queryKey: securityAuditKeys.findings(id, page),
    queryFn: () => securityAuditsApi.findings(id, page),
    placeholderData: (previous) => previous,
  });
}
