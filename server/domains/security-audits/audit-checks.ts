import {
  AUDIT_FINDINGS_KEPT,
  INACTIVE_ACCOUNT_DAYS,
  STALE_ACCESS_REQUEST_DAYS,
  type SecurityAuditCheck,
} from '../../../shared/security-audits.schemas.ts';
import type { Db } from '../../db/connect.ts';
import { findDeviceComplianceFindings } from '../devices/index.ts';
import * as checks from './audit-checks.repository.ts';

/**
 * The registry of security audit checks: a check reads the database as of `now` and answers its
 * findings; it writes nothing (the runner records the run). A new check is one name in
 * SECURITY_AUDIT_CHECKS (shared/security-audits.schemas.ts) and one line in AUDIT_CHECKS below, as
 * the work-devices area's device-compliance check joins.
 */

/** One thing an audit found: whom it is about (null when nobody in particular), a line, the facts. */
export type AuditFinding = { userId: string | null; summary: string; data: Record<string, unknown> };
export type AuditCheck = (db: Db, now: Date) => Promise<AuditFinding[]>;

const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** Deactivated accounts still holding roles, and long-unused ones holding more than the User role. */
export async function findInactiveAccountsWithRoles(db: Db, now: Date): Promise<AuditFinding[]> {
  const rows = await checks.listInactiveAccountsWithRoles(
    db,
    now,
    INACTIVE_ACCOUNT_DAYS,
    AUDIT_FINDINGS_KEPT,
  );
  return rows.map((row) => {
    const reason = row.status === 'INACTIVE' ? 'DEACTIVATED' : 'NOT_SIGNED_IN';
    return {
      userId: row.id,
      summary:
        reason === 'DEACTIVATED'
          ? `${row.email} is deactivated but still holds ${row.roles.join(', ')}`
          : `${row.email} has not signed in for ${INACTIVE_ACCOUNT_DAYS} days and holds ${row.roles.join(', ')}`,
      data: { reason, roles: row.roles, lastSignInAt: iso(row.last_sign_in_at), days: INACTIVE_ACCOUNT_DAYS },
    };
  });
}

/** Active people who sign in with a password alone. */
export async function findPeopleWithoutTwoFactor(db: Db): Promise<AuditFinding[]> {
  const rows = await checks.listPeopleWithoutTwoFactor(db, AUDIT_FINDINGS_KEPT);
  return rows.map((row) => ({
    userId: row.id,
    summary: `${row.email} has not turned on two-factor authentication`,
    data: { lastSignInAt: iso(row.last_sign_in_at) },
  }));
}

/** Access requests pending longer than STALE_ACCESS_REQUEST_DAYS. */
export async function findStaleAccessRequests(db: Db, now: Date): Promise<AuditFinding[]> {
  const rows = await checks.listStaleAccessRequests(db, now, STALE_ACCESS_REQUEST_DAYS, AUDIT_FINDINGS_KEPT);
  return rows.map((row) => {
    const pendingDays = Math.floor((now.getTime() - new Date(row.created_at).getTime()) / DAY_MS);
    return {
      userId: row.requester_id,
      summary: `${row.email} has waited ${pendingDays} days for access to ${row.path}`,
      data: { accessRequestId: row.id, path: row.path, requestedAt: iso(row.created_at), pendingDays },
    };
  });
}

export const AUDIT_CHECKS: Record<SecurityAuditCheck, AuditCheck> = {
  INACTIVE_ACCOUNTS_WITH_ROLES: findInactiveAccountsWithRoles,
  USERS_WITHOUT_TWO_FACTOR: findPeopleWithoutTwoFactor,
  STALE_ACCESS_REQUESTS: findStaleAccessRequests,
  // People without a declared device (when declaring is required), devices below the required
  // versions (in their grace period or blocked), and devices whose security checklist has gaps.
  DEVICE_COMPLIANCE: findDeviceComplianceFindings,
};
