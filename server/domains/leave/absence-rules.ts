import { Value } from 'typebox/value';
import { AbsenceRules, DEFAULT_ABSENCE_RULES } from '../../../shared/leave.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import * as repo from './leave-settings.repository.ts';

/** The absence rules as stored, completed with the defaults (a rule added later has its default). */
export async function readAbsenceRules(ctx: ServiceContext): Promise<AbsenceRules> {
  const stored = await repo.findRules(ctx.db);
  const merged = { ...DEFAULT_ABSENCE_RULES, ...(stored && typeof stored === 'object' ? stored : {}) };
  return Value.Check(AbsenceRules, merged) ? merged : DEFAULT_ABSENCE_RULES;
}
