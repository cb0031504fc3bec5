import {
  SECURITY_AUDIT_CHECKS,
  type AuditCheckList,
  type AuditCheckStatus,
  type AuditScheduleBody,
  type SecurityAuditCheck,
} from '../../../shared/security-audits.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as repo from './security-audits.repository.ts';

/** AUDIT_SCHEDULE: which checks run how often (platform-settings.manage). */

const scheduleView = (row: repo.ScheduleRecord | undefined) =>
  row
    ? {
        frequency: row.frequency,
        active: row.active,
        nextRunAt: row.next_run_at ? new Date(row.next_run_at).toISOString() : null,
        updatedAt: row.updated_at.toISOString(),
      }
    : null;

/** Every check of the registry with its schedule (or none) and its latest run. */
export async function listAuditChecks(ctx: ServiceContext): Promise<AuditCheckList> {
  authorize(ctx.actor, 'platform-settings.manage');
  const [schedules, latest] = await Promise.all([repo.listSchedules(ctx.db), repo.latestRuns(ctx.db)]);
  const items: AuditCheckStatus[] = SECURITY_AUDIT_CHECKS.map((check) => {
    const run = latest.find((row) => row.check === check);
    return {
      check,
      schedule: scheduleView(schedules.find((row) => row.check === check)),
      lastRun: run
        ? {
            id: run.id,
            result: run.result,
            findingCount: run.finding_count,
            finishedAt: run.finished_at.toISOString(),
          }
        : null,
    };
  });
  return { items };
}

/** Schedules a check (or changes its frequency, or switches it off); its first run is due at once. */
export async function saveAuditSchedule(
  ctx: ServiceContext,
  check: SecurityAuditCheck,
  input: AuditScheduleBody,
): Promise<AuditCheckList> {
  authorize(ctx.actor, 'platform-settings.manage');
  await inTransaction(ctx, async (tx) => {
    const before = await repo.findSchedule(tx.db, check, { lock: true });
    await repo.upsertSchedule(tx.db, {
      check,
      frequency: input.frequency,
      active: input.active,
      created_by: tx.actor.id,
    });
    await recordAudit(tx, {
      action: before ? 'security_audit_schedule.updated' : 'security_audit_schedule.created',
      entityType: 'security_audit_schedule',
      entityId: check,
      before: before ? { frequency: before.frequency, active: before.active } : undefined,
      after: { frequency: input.frequency, active: input.active },
    });
  });
  return listAuditChecks(ctx);
}

/** Unschedules a check: its past runs stay in the log, and it can still run on demand. */
export async function removeAuditSchedule(ctx: ServiceContext, check: SecurityAuditCheck): Promise<void> {
  authorize(ctx.actor, 'platform-settings.manage');
  await inTransaction(ctx, async (tx) => {
    const before = await repo.findSchedule(tx.db, check, { lock: true });
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteSchedule(tx.db, check);
    await recordAudit(tx, {
      action: 'security_audit_schedule.deleted',
      entityType: 'security_audit_schedule',
      entityId: check,
      before: { frequency: before.frequency, active: before.active },
    });
  });
}
