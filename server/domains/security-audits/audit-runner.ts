import {
  AUDIT_FINDINGS_KEPT,
  type AuditRunTrigger,
  type SecurityAuditCheck,
} from '../../../shared/security-audits.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { AUDIT_CHECKS, type AuditFinding } from './audit-checks.ts';
import * as repo from './security-audits.repository.ts';

/**
 * Runs one check and records the run (not a use case: the services that call it have authorized).
 * The check runs outside any transaction, so a check that throws — even on a failed query — is
 * still recorded as a FAILED run with its error, audited, and reported; it is never lost.
 */

const reasonOf = (error: unknown) =>
  error instanceof AppError
    ? error.code
    : error instanceof Error
      ? error.message || error.name
      : String(error);

export async function executeAudit(
  ctx: ServiceContext,
  check: SecurityAuditCheck | string,
  trigger: AuditRunTrigger,
): Promise<string> {
  const startedAt = new Date();
  let findings: AuditFinding[] = [];
  let error: string | null = null;
  try {
    const run = AUDIT_CHECKS[check as SecurityAuditCheck];
    if (!run) throw new Error(`unknown check ${check}`);
    findings = await run(ctx.db, startedAt);
  } catch (caught) {
    error = reasonOf(caught).slice(0, 2000);
  }
  const result = error ? 'FAILED' : 'SUCCEED';
  return inTransaction(ctx, async (tx) => {
    const runId = await repo.insertRun(tx.db, {
      check,
      trigger,
      result,
      finding_count: findings.length,
      error,
      started_by: tx.actor.id,
      started_at: startedAt,
    });
    await repo.insertFindings(tx.db, runId, findings.slice(0, AUDIT_FINDINGS_KEPT));
    await recordAudit(tx, {
      action: error ? 'security_audit.failed' : 'security_audit.completed',
      entityType: 'security_audit_run',
      entityId: runId,
      after: { check, trigger, result, findingCount: findings.length, error },
    });
    // A clean run asks nothing of anyone: the administrators hear of findings and failures only.
    if (error || findings.length > 0) {
      const admins = await listPermissionHolders(tx, 'platform-settings.manage', { limit: 200 });
      await notify(
        tx,
        admins.map((admin) => admin.id),
        'SECURITY_AUDIT_FINDINGS',
        {
          actor: null,
          audit: { runId, check, result, findingCount: findings.length, error: error?.slice(0, 500) ?? null },
        },
      );
    }
    return runId;
  });
}
