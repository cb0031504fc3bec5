import { Value } from 'typebox/value';
import {
  DEFAULT_OT_REGULATIONS,
  OtRegulations,
  type OtLimits,
  type OtSettings,
} from '../../../shared/overtime.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { overtimeSettingsPolicy } from './overtime.policy.ts';
import * as repo from './overtime.repository.ts';

/** The overtime regulations and limits (spec section 7: GET|PUT /ot-regulations, /ot-settings). */

export async function readRegulations(ctx: ServiceContext): Promise<OtRegulations> {
  const stored = await repo.findRegulations(ctx.db);
  const merged = { ...DEFAULT_OT_REGULATIONS, ...(stored && typeof stored === 'object' ? stored : {}) };
  return Value.Check(OtRegulations, merged) ? merged : DEFAULT_OT_REGULATIONS;
}

/** The rules text shown to staff and the pay rates summaries use. */
export async function getRegulations(ctx: ServiceContext): Promise<OtRegulations> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  return readRegulations(ctx);
}

/** Changes the regulations. */
export async function updateRegulations(ctx: ServiceContext, input: OtRegulations): Promise<OtRegulations> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const before = await readRegulations(tx);
    await repo.saveRegulations(tx.db, input);
    await recordAudit(tx, {
      action: 'overtime_regulations.updated',
      entityType: 'overtime_regulations',
      before,
      after: input,
    });
    return input;
  });
}

const toSettings = (row: {
  effective_from: string;
  daily_minutes: number;
  monthly_minutes: number;
  yearly_minutes: number;
}): OtSettings => ({
  dailyHours: row.daily_minutes / 60,
  monthlyHours: row.monthly_minutes / 60,
  yearlyHours: row.yearly_minutes / 60,
  effectiveFrom: row.effective_from,
});

/** The limits in force today. */
export async function getLimits(ctx: ServiceContext): Promise<OtSettings> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  return toSettings(await repo.currentLimits(ctx.db, companyToday(ctx.config)));
}

/**
 * Sets the limits from today on. Days before keep the limits they had: approved history is never
 * re-judged, and the remaining-hours view uses the new limits from today.
 */
export async function updateLimits(ctx: ServiceContext, input: OtLimits): Promise<OtSettings> {
  overtimeSettingsPolicy.authorize(ctx.actor, 'manage', undefined);
  const today = companyToday(ctx.config);
  return inTransaction(ctx, async (tx) => {
    const before = toSettings(await repo.currentLimits(tx.db, today));
    await repo.saveLimits(tx.db, today, {
      daily_minutes: Math.round(input.dailyHours * 60),
      monthly_minutes: Math.round(input.monthlyHours * 60),
      yearly_minutes: Math.round(input.yearlyHours * 60),
    });
    const after = toSettings(await repo.currentLimits(tx.db, today));
    await recordAudit(tx, {
      action: 'overtime_limits.updated',
      entityType: 'overtime_limits',
      before,
      after,
    });
    return after;
  });
}
