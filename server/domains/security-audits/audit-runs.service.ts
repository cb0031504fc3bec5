import type {
  AuditFindingPage,
  AuditFindingQuery,
  AuditRun,
  AuditRunPage,
  AuditRunQuery,
} from '../../../shared/security-audits.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { authorize } from '../../core/policy.ts';
import { executeAudit } from './audit-runner.ts';
import { parseCheck, toAuditFinding, toAuditRun } from './audit-views.ts';
import * as repo from './security-audits.repository.ts';

/** Security audit runs: on demand (UI, CLI), on schedule (worker), and the run log. */

async function requireRun(ctx: ServiceContext, id: string) {
  const row = await repo.findRun(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Runs a check now (the UI's "Run now", `backoffice audit run NAME`) and answers the recorded run. */
export async function runAuditNow(ctx: ServiceContext, checkName: string): Promise<AuditRun> {
  authorize(ctx.actor, 'platform-settings.manage');
  const check = parseCheck(checkName);
  const runId = await executeAudit(ctx, check, 'MANUAL');
  return toAuditRun(await requireRun(ctx, runId));
}

/** The worker's hourly job: runs every scheduled check whose period has passed, one after another. */
export async function runDueAudits(ctx: ServiceContext): Promise<{ ran: string[] }> {
  authorize(ctx.actor, 'platform-settings.manage');
  const due = await repo.claimDueSchedules(ctx.db, new Date());
  const ran: string[] = [];
  for (const schedule of due) ran.push(await executeAudit(ctx, schedule.check, 'SCHEDULE'));
  return { ran };
}

/** The run log, newest first. */
export async function listAuditRuns(ctx: ServiceContext, query: AuditRunQuery): Promise<AuditRunPage> {
  authorize(ctx.actor, 'platform-settings.manage');
  return paginate(
    query,
    (window) => repo.listRuns(ctx.db, { check: query.check, result: query.result }, window),
    toAuditRun,
  );
}

/** One run of the log. */
export async function getAuditRun(ctx: ServiceContext, id: string): Promise<AuditRun> {
  authorize(ctx.actor, 'platform-settings.manage');
  return toAuditRun(await requireRun(ctx, id));
}

/** A page of one run's findings, in the order the check found them. */
export async function listAuditFindings(
  ctx: ServiceContext,
  id: string,
  query: AuditFindingQuery,
): Promise<AuditFindingPage> {
  authorize(ctx.actor, 'platform-settings.manage');
  await requireRun(ctx, id);
  return paginate(query, (window) => repo.listFindings(ctx.db, id, window), toAuditFinding);
}
