import { workingDaysBetween } from '../../../shared/rules/leave-duration.ts';
import { addDays } from '../../../shared/rules/periods.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { readAbsenceRules } from './absence-rules.ts';
import { accruedBy, computeBalances, monthsWorked, yearlyEntitlement } from './balance-math.ts';
import { leaveSettingsPolicy } from './leave.policy.ts';
import { remindApprover } from './leave-notify.ts';
import * as settings from './leave-settings.repository.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * The leave area's scheduled work, run by the worker as the system. Every grant goes through the
 * ledger's unique key (person, type, kind, period): running a job twice, or again after a crash
 * half-way, grants nothing twice. People are handled a batch at a time, one transaction each.
 */

const BATCH = 500;

async function forEachEmployee(
  ctx: ServiceContext,
  work: (tx: ServiceContext, people: Awaited<ReturnType<typeof repo.listActiveEmployees>>) => Promise<number>,
): Promise<number> {
  let after: string | null = null;
  let total = 0;
  for (;;) {
    const people = await repo.listActiveEmployees(ctx.db, after, BATCH);
    if (people.length === 0) return total;
    total += await inTransaction(ctx, (tx) => work(tx, people));
    after = people.at(-1)!.id;
    if (people.length < BATCH) return total;
  }
}

/**
 * Monthly accrual: for MONTHLY types, each month of this year up to the current one gets its
 * twelfth of the yearly entitlement (seniority included), from the month the person joined. A month
 * missed (the worker was down) is caught up.
 */
export async function accrueLeave(
  ctx: ServiceContext,
  today = companyToday(ctx.config),
): Promise<{ granted: number }> {
  leaveSettingsPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [rules, types] = await Promise.all([readAbsenceRules(ctx), settings.listAbsenceTypes(ctx.db)]);
  const monthly = types.filter(
    (type) => type.active && type.counts_against_balance && type.accrual === 'MONTHLY',
  );
  if (monthly.length === 0) return { granted: 0 };
  const granted = await forEachEmployee(ctx, async (tx, people) => {
    const grants = people.flatMap((person) =>
      monthly.flatMap((type) => {
        const { base, seniority } = yearlyEntitlement(type, person.onboard_date, year, rules);
        const first = 13 - monthsWorked(person.onboard_date, year);
        const yearly = base + seniority;
        return Array.from({ length: Math.max(0, month - first + 1) }, (_, i) => first + i).map((m) => ({
          user_id: person.id,
          absence_type_id: type.id,
          year,
          kind: 'ACCRUAL' as const,
          period: `${year}-${String(m).padStart(2, '0')}`,
          // What is due by the end of month m, less what was due by the month before: no drift.
          days: accruedBy(yearly, m - first + 1) - accruedBy(yearly, m - first),
        }));
      }),
    );
    const count = await repo.insertGrants(tx.db, grants);
    if (count > 0)
      await recordAudit(tx, {
        action: 'leave.accrued',
        entityType: 'leave_balance',
        after: { year, month, grants: count },
      });
    return count;
  });
  return { granted };
}

/**
 * Year-end carry-forward: what a person had left of last year's counting types (waiting requests
 * not counted), up to each type's cap, is carried into this year once.
 */
export async function carryForwardLeave(
  ctx: ServiceContext,
  today = companyToday(ctx.config),
): Promise<{ granted: number }> {
  leaveSettingsPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const year = Number(today.slice(0, 4));
  const [rules, types] = await Promise.all([readAbsenceRules(ctx), settings.listAbsenceTypes(ctx.db)]);
  const carrying = types.filter(
    (type) => type.counts_against_balance && Number(type.carry_forward_max_days) > 0,
  );
  if (carrying.length === 0) return { granted: 0 };
  const granted = await forEachEmployee(ctx, async (tx, people) => {
    const grants = [];
    for (const person of people) {
      const balances = await computeBalances(tx, person, year - 1, { rules, types: carrying });
      for (const balance of balances) {
        const type = carrying.find((t) => t.id === balance.absenceType.id)!;
        const left = balance.remaining + balance.pending;
        const days = Math.min(Number(type.carry_forward_max_days), Math.max(0, left));
        if (days > 0)
          grants.push({
            user_id: person.id,
            absence_type_id: type.id,
            year,
            kind: 'CARRY_FORWARD' as const,
            period: String(year),
            days,
          });
      }
    }
    const count = await repo.insertGrants(tx.db, grants);
    if (count > 0)
      await recordAudit(tx, {
        action: 'leave.carried_forward',
        entityType: 'leave_balance',
        after: { year, grants: count },
      });
    return count;
  });
  return { granted };
}

/**
 * Expiry of carried-over days: after a type's expiry day ('03-31'), what was carried in and not
 * taken since 1 January lapses, once.
 */
export async function expireCarriedLeave(
  ctx: ServiceContext,
  today = companyToday(ctx.config),
): Promise<{ expired: number }> {
  leaveSettingsPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const year = Number(today.slice(0, 4));
  const types = (await settings.listAbsenceTypes(ctx.db)).filter(
    (type) => type.carry_forward_expires && `${year}-${type.carry_forward_expires}` < today,
  );
  if (types.length === 0) return { expired: 0 };
  const expired = await forEachEmployee(ctx, async (tx, people) => {
    const grants = [];
    for (const person of people) {
      const sums = await repo.grantSums(tx.db, person.id, year);
      for (const type of types) {
        const carried = Number(
          sums.find(
            (s) => s.user_id === person.id && s.absence_type_id === type.id && s.kind === 'CARRY_FORWARD',
          )?.days ?? 0,
        );
        if (carried <= 0) continue;
        const taken = await repo.approvedDaysBetween(
          tx.db,
          person.id,
          type.id,
          `${year}-01-01`,
          `${year}-${type.carry_forward_expires}`,
        );
        const days = Math.max(0, carried - taken);
        if (days > 0)
          grants.push({
            user_id: person.id,
            absence_type_id: type.id,
            year,
            kind: 'CARRY_EXPIRED' as const,
            period: String(year),
            days,
          });
      }
    }
    const count = await repo.insertGrants(tx.db, grants);
    if (count > 0)
      await recordAudit(tx, {
        action: 'leave.carry_expired',
        entityType: 'leave_balance',
        after: { year, grants: count },
      });
    return count;
  });
  return { expired };
}

/**
 * Reminds approvers of requests that have waited more than the rules' working days (two by
 * default): one mail per approver, at most once per that many days per approval.
 */
export async function remindApprovers(ctx: ServiceContext, now = new Date()): Promise<{ reminded: number }> {
  leaveSettingsPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const rules = await readAbsenceRules(ctx);
  const today = companyToday(ctx.config, now);
  // Go back day by day until that many working days lie between then and today.
  let cutoffDay = today;
  while (workingDaysBetween(cutoffDay, today) < rules.reminderAfterWorkingDays)
    cutoffDay = addDays(cutoffDay, -1);
  const before = new Date(`${cutoffDay}T${now.toISOString().slice(11)}`);
  const stale = await repo.listStaleApprovals(ctx.db, before);
  const byApprover = Map.groupBy(stale, (row) => row.approver_id);
  return inTransaction(ctx, async (tx) => {
    for (const rows of byApprover.values()) {
      const first = rows[0]!;
      await remindApprover(
        tx,
        {
          id: first.approver_id,
          email: first.email,
          first_name: first.first_name,
          last_name: first.last_name,
          avatar_url: null,
          language: first.language,
        },
        rows.length,
        rules.reminderAfterWorkingDays,
      );
    }
    await repo.markReminded(
      tx.db,
      stale.map((row) => row.id),
    );
    if (stale.length > 0)
      await recordAudit(tx, {
        action: 'leave.approvers_reminded',
        entityType: 'leave_request',
        after: { approvers: byApprover.size, approvals: stale.length },
      });
    return { reminded: byApprover.size };
  });
}
