import type { AuditFinding, AuditRun, SecurityAuditCheck } from '../../../shared/security-audits.schemas.ts';
import { SECURITY_AUDIT_CHECKS } from '../../../shared/security-audits.schemas.ts';
import { validationError } from '../../core/errors.ts';
import type { listFindings, RunRecord } from './security-audits.repository.ts';

/** The API shapes of runs and findings, and the check names typed at the CLI. */

export function toAuditRun(row: RunRecord): AuditRun {
  return {
    id: row.id,
    check: row.check,
    trigger: row.trigger,
    result: row.result,
    findingCount: row.finding_count,
    error: row.error,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at.toISOString(),
    startedBy: row.started_by_email ?? null,
  };
}

type FindingRow = Awaited<ReturnType<typeof listFindings>>['rows'][number];

export function toAuditFinding(row: FindingRow): AuditFinding {
  return {
    id: row.id,
    userId: row.user_id,
    person: row.email ? { firstName: row.first_name!, lastName: row.last_name!, email: row.email } : null,
    summary: row.summary,
    data: (row.data ?? {}) as Record<string, unknown>,
  };
}

/** A check named as typed ('stale-access-requests', 'STALE_ACCESS_REQUESTS'); 422 when none is. */
export function parseCheck(name: string): SecurityAuditCheck {
  const normalized = name.trim().toUpperCase().replaceAll('-', '_');
  const check = SECURITY_AUDIT_CHECKS.find((candidate) => candidate === normalized);
  if (!check)
    throw validationError([
      { field: 'check', code: 'oneOf', params: { values: SECURITY_AUDIT_CHECKS.join(', ') } },
    ]);
  return check;
}
