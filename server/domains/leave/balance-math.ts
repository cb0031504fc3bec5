import type { AbsenceRules, LeaveBalance } from '../../../shared/leave.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { readAbsenceRules } from './absence-rules.ts';
import * as settings from './leave-settings.repository.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * Leave balances per absence type and year:
 *
 *   remaining = entitled + carriedOver - expired - used - pending
 *
 * - entitled: the type's days a year (or the company default), plus the seniority bonus (Vietnamese
 *   labour law: `seniorityBonusDays` for every `seniorityYears` full years of service on 1 January).
 *   UPFRONT types grant it all on 1 January, prorated by whole months for people who join that year;
 *   MONTHLY types grant a twelfth each month (the worker's ledger, `leave.accrue`).
 * - carriedOver / expired: the ledger rows of the year-end carry-forward and of its expiry.
 * - used / pending: approved and waiting requests of the year.
 */

export const halfDays = (value: number) => Math.floor(value * 2 + 1e-9) / 2;

/** Full years between two dates. */
function fullYears(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) >= from.slice(5) ? years : years - 1;
}

/** The yearly entitlement of a counting type for a person, before monthly accrual or proration. */
export function yearlyEntitlement(
  type: Pick<settings.AbsenceTypeRow, 'total_day' | 'seniority_bonus'>,
  onboardDate: string | null,
  year: number,
  rules: AbsenceRules,
): { base: number; seniority: number } {
  const base = type.total_day === null ? rules.defaultAnnualLeaveDays : Number(type.total_day);
  const service = onboardDate ? Math.max(0, fullYears(onboardDate, `${year}-01-01`)) : 0;
  const seniority = type.seniority_bonus
    ? Math.floor(service / rules.seniorityYears) * rules.seniorityBonusDays
    : 0;
  return { base, seniority };
}

/** Months of `year` a person who started on `onboardDate` works, counting the month they join. */
export function monthsWorked(onboardDate: string | null, year: number): number {
  if (!onboardDate || Number(onboardDate.slice(0, 4)) < year) return 12;
  if (Number(onboardDate.slice(0, 4)) > year) return 0;
  return 13 - Number(onboardDate.slice(5, 7));
}

/** What the monthly accrual has granted by the end of month `month` (1-12): rounded down to half days. */
export function accruedBy(yearly: number, month: number): number {
  return halfDays((yearly * month) / 12);
}

export interface PersonForBalance {
  id: string;
  onboard_date: string | null;
}

type UsageRow = Awaited<ReturnType<typeof repo.usedAndPending>>[number];
type GrantRow = Awaited<ReturnType<typeof repo.grantSums>>[number];

/** The balances of one person from rows already read (theirs, or a batch's: filtered by person). */
export function balancesFrom(
  person: PersonForBalance,
  year: number,
  rules: AbsenceRules,
  types: readonly settings.AbsenceTypeRow[],
  usage: readonly UsageRow[],
  grants: readonly GrantRow[],
): LeaveBalance[] {
  const requests = usage.filter((row) => row.user_id === person.id);
  const grant = (typeId: string, kind: string) =>
    Number(
      grants.find((g) => g.user_id === person.id && g.absence_type_id === typeId && g.kind === kind)?.days ??
        0,
    );
  return types
    .filter((type) => type.counts_against_balance)
    .filter((type) => type.active || requests.some((r) => r.absence_type_id === type.id))
    .map((type) => {
      const { base, seniority } = yearlyEntitlement(type, person.onboard_date, year, rules);
      const months = monthsWorked(person.onboard_date, year);
      const entitled =
        type.accrual === 'MONTHLY' ? grant(type.id, 'ACCRUAL') : halfDays(((base + seniority) * months) / 12);
      const carriedOver = grant(type.id, 'CARRY_FORWARD');
      const expired = grant(type.id, 'CARRY_EXPIRED');
      const usageOfType = requests.find((r) => r.absence_type_id === type.id);
      const used = Number(usageOfType?.used ?? 0);
      const pending = Number(usageOfType?.pending ?? 0);
      return {
        absenceType: { id: type.id, name: type.name },
        entitled,
        seniorityBonus: seniority,
        carriedOver,
        expired,
        used,
        pending,
        remaining: entitled + carriedOver - expired - used - pending,
      };
    });
}

/** The balances of every absence type that counts, for one person and year. */
export async function computeBalances(
  ctx: ServiceContext,
  person: PersonForBalance,
  year: number,
  options: { rules?: AbsenceRules; types?: settings.AbsenceTypeRow[] } = {},
): Promise<LeaveBalance[]> {
  const [rules, types, usage, grants] = await Promise.all([
    options.rules ?? readAbsenceRules(ctx),
    options.types ?? settings.listAbsenceTypes(ctx.db),
    repo.usedAndPending(ctx.db, person.id, year),
    repo.grantSums(ctx.db, person.id, year),
  ]);
  return balancesFrom(person, year, rules, types, usage, grants);
}
