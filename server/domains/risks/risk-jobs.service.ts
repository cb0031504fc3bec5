import type { RiskJobResult } from '../../../shared/risks.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { notifyEach } from '../notifications/notifications.service.ts';
import { risksPolicy } from './risks.policy.ts';
import * as repo from './risks.repository.ts';

/**
 * The risk register's worker flags, run as the system (and by `backoffice risks flag`):
 * - a mitigation plan past its expected completion date while the risk is still monitored tells its
 *   risk owner (RISK_TREATMENT_OVERDUE);
 * - an accepted risk whose acceptance is due for review (a year after it was accepted) tells its
 *   risk owner (RISK_REVIEW_DUE).
 * Each flags once per date: the date flagged is kept with the risk (`overdue_flagged_for`,
 * `review_flagged_for`), so a second run, or two workers at once (rows are locked with skip
 * locked), flag nothing twice; a new expected date is flagged again when it passes.
 */

const BATCH = 500;

export interface RiskJobOptions {
  today?: string;
}

async function flag(ctx: ServiceContext, kind: 'overdue' | 'review', today: string): Promise<number> {
  let flagged = 0;
  for (;;) {
    const count = await inTransaction(ctx, async (tx) => {
      const rows =
        kind === 'overdue'
          ? (await repo.lockOverduePlans(tx.db, today, BATCH)).map((r) => ({
              ...r,
              date: r.expected_completion_date!,
            }))
          : (await repo.lockReviewsDue(tx.db, today, BATCH)).map((r) => ({ ...r, date: r.review_due_date! }));
      if (rows.length === 0) return 0;
      const active = await repo.activePeople(
        tx.db,
        rows.flatMap((r) => (r.risk_owner_id ? [r.risk_owner_id] : [])),
      );
      await notifyEach(
        tx,
        kind === 'overdue' ? 'RISK_TREATMENT_OVERDUE' : 'RISK_REVIEW_DUE',
        rows.map((r) => ({
          recipientIds: r.risk_owner_id && active.has(r.risk_owner_id) ? [r.risk_owner_id] : [],
          data: { actor: null, risk: { id: r.id, name: r.name, date: r.date } },
        })),
      );
      await repo.markFlagged(
        tx.db,
        kind === 'overdue' ? 'overdue_flagged_for' : 'review_flagged_for',
        rows.map((r) => ({ id: r.id, date: r.date })),
      );
      await recordAudit(tx, {
        action: kind === 'overdue' ? 'risk.treatment_overdue_flagged' : 'risk.review_due_flagged',
        entityType: 'risk',
        after: { today, risks: rows.map((r) => r.id) },
      });
      return rows.length;
    });
    if (count === 0) return flagged;
    flagged += count;
  }
}

/** Flags mitigation plans past their expected completion date, once per date. */
export async function flagOverdueTreatmentPlans(
  ctx: ServiceContext,
  options: RiskJobOptions = {},
): Promise<RiskJobResult> {
  risksPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const today = options.today ?? companyToday(ctx.config);
  return { today, flagged: await flag(ctx, 'overdue', today) };
}

/** Flags acceptances due for review, once per review date. */
export async function flagAcceptanceReviewsDue(
  ctx: ServiceContext,
  options: RiskJobOptions = {},
): Promise<RiskJobResult> {
  risksPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const today = options.today ?? companyToday(ctx.config);
  return { today, flagged: await flag(ctx, 'review', today) };
}
