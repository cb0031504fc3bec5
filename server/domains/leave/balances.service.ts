import type { BalanceQuery, LeaveBalance, LeaveBalances } from '../../../shared/leave.schemas.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { isPerson } from '../../core/policy.ts';
import { readAbsenceRules } from './absence-rules.ts';
import { balancesFrom, computeBalances } from './balance-math.ts';
import { leaveSettingsPolicy, mayViewBalance } from './leave.policy.ts';
import * as settings from './leave-settings.repository.ts';
import * as repo from './leave-requests.repository.ts';

/** A person's balances for a year: the caller's own by default, anyone's with leave.report or leave.manage. */
export async function getBalances(ctx: ServiceContext, query: BalanceQuery): Promise<LeaveBalances> {
  const personId = query.personId ?? (isPerson(ctx.actor) ? ctx.actor.id : null);
  if (!personId || !mayViewBalance(ctx.actor, personId)) throw new AppError('FORBIDDEN');
  const [person] = await repo.listPeople(ctx.db, [personId]);
  if (!person || person.deleted_at) throw new AppError('NOT_FOUND');
  const year = query.year ?? Number(companyToday(ctx.config).slice(0, 4));
  return { year, personId, items: await computeBalances(ctx, person, year) };
}

export interface PersonBalances {
  person: { id: string; firstName: string; lastName: string; email: string; departmentName: string | null };
  items: LeaveBalance[];
}

/**
 * Every active employee's balances for a year (optionally one department), a batch at a time: for
 * HR's `backoffice leave balances`. `onBatch` receives each batch as it is ready.
 */
export async function listTeamBalances(
  ctx: ServiceContext,
  query: { year?: number; departmentId?: string },
  onBatch: (rows: PersonBalances[]) => void | Promise<void>,
): Promise<{ year: number; people: number }> {
  leaveSettingsPolicy.authorize(ctx.actor, 'report', undefined);
  const year = query.year ?? Number(companyToday(ctx.config).slice(0, 4));
  const [rules, types] = await Promise.all([readAbsenceRules(ctx), settings.listAbsenceTypes(ctx.db)]);
  let after: string | null = null;
  let people = 0;
  for (;;) {
    const batch = await repo.listEmployeesForBalances(ctx.db, query.departmentId, after, 500);
    if (batch.length === 0) break;
    const ids = batch.map((p) => p.id);
    const [usage, grants] = await Promise.all([
      repo.usedAndPending(ctx.db, ids, year),
      repo.grantSums(ctx.db, ids, year),
    ]);
    await onBatch(
      batch.map((p) => ({
        person: {
          id: p.id,
          firstName: p.first_name,
          lastName: p.last_name,
          email: p.email,
          departmentName: p.department_name,
        },
        items: balancesFrom(p, year, rules, types, usage, grants),
      })),
    );
    people += batch.length;
    after = batch.at(-1)!.id;
    if (batch.length < 500) break;
  }
  return { year, people };
}
