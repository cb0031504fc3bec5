import {
  type AbsenceRules,
  type AbsenceType,
  type AbsenceTypeList,
  type AbsenceTypesBody,
} from '../../../shared/leave.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { leaveSettingsPolicy } from './leave.policy.ts';
import * as repo from './leave-settings.repository.ts';
import { readAbsenceRules } from './absence-rules.ts';
import { toAbsenceType } from './leave-views.ts';

/** Absence types and the company's absence rules (spec section 7: GET|PUT /absence-types, /absence-rules). */

/** The absence types in display order, inactive ones included (old requests name them). */
export async function listAbsenceTypes(ctx: ServiceContext): Promise<AbsenceTypeList> {
  leaveSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  return { items: (await repo.listAbsenceTypes(ctx.db)).map(toAbsenceType) };
}

/**
 * Replaces the catalogue: listed types are added or changed, in the order given; a type left out
 * is deleted, or only deactivated when requests use it (their history keeps its name).
 */
export async function replaceAbsenceTypes(
  ctx: ServiceContext,
  input: AbsenceTypesBody,
): Promise<AbsenceTypeList> {
  leaveSettingsPolicy.authorize(ctx.actor, 'manage', undefined);
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  input.items.forEach((item, index) => {
    const key = item.name.trim().toLowerCase();
    if (seen.has(key))
      problems.push({
        field: `items.${index}.name`,
        code: 'duplicateName',
        params: { name: item.name.trim() },
      });
    seen.set(key, index);
    if (!item.countsAgainstBalance && item.carryForwardMaxDays > 0)
      problems.push({ field: `items.${index}.carryForwardMaxDays`, code: 'maximum', params: { max: 0 } });
  });
  return inTransaction(ctx, async (tx) => {
    await repo.lockAbsenceTypes(tx.db);
    const before = await repo.listAbsenceTypes(tx.db);
    const known = new Map(before.map((row) => [row.id, row]));
    input.items.forEach((item, index) => {
      if (item.id && !known.has(item.id))
        problems.push({ field: `items.${index}.id`, code: 'unknownAbsenceType' });
    });
    if (problems.length > 0) throw validationError(problems);
    const kept = new Set<string>();
    // Rename through a placeholder first: swapping two names must not trip the unique index.
    for (const item of input.items)
      if (item.id) await repo.updateAbsenceType(tx.db, item.id, { ...values(item, 0), name: `~${item.id}` });
    for (const [position, item] of input.items.entries()) {
      if (item.id) {
        await repo.updateAbsenceType(tx.db, item.id, values(item, position));
        kept.add(item.id);
      } else kept.add(await repo.insertAbsenceType(tx.db, values(item, position)));
    }
    const dropped = before.filter((row) => !kept.has(row.id));
    await repo.deleteAbsenceTypes(
      tx.db,
      dropped.filter((row) => !row.in_use).map((row) => row.id),
    );
    for (const row of dropped.filter((row) => row.in_use))
      await repo.updateAbsenceType(tx.db, row.id, {
        ...values(toAbsenceType(row), 1000 + row.position),
        active: false,
      });
    const after = await repo.listAbsenceTypes(tx.db);
    await recordAudit(tx, {
      action: 'absence_types.replaced',
      entityType: 'absence_type',
      before: before.map(toAbsenceType),
      after: after.map(toAbsenceType),
    });
    return { items: after.map(toAbsenceType) };
  });
}

function values(item: Omit<AbsenceType, 'id' | 'inUse'>, position: number): repo.AbsenceTypeValues {
  return {
    name: item.name.trim(),
    total_day: item.totalDay,
    counts_against_balance: item.countsAgainstBalance,
    accrual: item.accrual,
    seniority_bonus: item.seniorityBonus,
    carry_forward_max_days: item.carryForwardMaxDays,
    carry_forward_expires: item.carryForwardExpires,
    min_notice_days: item.minNoticeDays,
    allow_half_day: item.allowHalfDay,
    attachment_after_days: item.attachmentAfterDays,
    paid: item.paid,
    active: item.active,
    position,
  };
}

/** The company's absence rules: default annual leave days, seniority, clash warning, reminders. */
export async function getAbsenceRules(ctx: ServiceContext): Promise<AbsenceRules> {
  leaveSettingsPolicy.authorize(ctx.actor, 'view', undefined);
  return readAbsenceRules(ctx);
}

/** Changes the absence rules. */
export async function updateAbsenceRules(ctx: ServiceContext, input: AbsenceRules): Promise<AbsenceRules> {
  leaveSettingsPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const before = await readAbsenceRules(tx);
    await repo.saveRules(tx.db, input);
    await recordAudit(tx, {
      action: 'absence_rules.updated',
      entityType: 'absence_rules',
      before,
      after: input,
    });
    return input;
  });
}
