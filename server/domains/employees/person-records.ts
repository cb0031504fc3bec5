import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { companyPermissions } from '../access/grants.ts';
import { peoplePolicy, type PersonSubject } from './employees.policy.ts';
import * as repo from './employees.repository.ts';

/** A person's record with their company-wide permissions: what the people rules need. */
export type PersonRecord = repo.EmployeeRecord & Pick<PersonSubject, 'permissions'>;

/** Adds each person's permissions (one query for the lot), so lists can say what the caller may do. */
export async function withPermissions(
  ctx: ServiceContext,
  rows: readonly repo.EmployeeRecord[],
): Promise<PersonRecord[]> {
  const permissions = await companyPermissions(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, permissions: permissions.get(row.id) ?? [] }));
}

/** A page of people with their permissions: each row says what the caller may do with the person. */
export async function pageOfPeople(
  ctx: ServiceContext,
  load: Promise<{ rows: repo.EmployeeRecord[]; total: number }>,
): Promise<{ rows: PersonRecord[]; total: number }> {
  const { rows, total } = await load;
  return { rows: await withPermissions(ctx, rows), total };
}

/**
 * The person the caller may see, with their permissions; NOT_FOUND otherwise: not-found and
 * forbidden look alike to a caller who may not know the person exists. `lock` holds the row for
 * the rest of the transaction.
 */
export async function requireVisiblePerson(
  ctx: ServiceContext,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PersonRecord> {
  const found = await repo.findPerson(ctx.db, id, options);
  const [person] = found ? await withPermissions(ctx, [found]) : [];
  if (!person || !peoplePolicy.can(ctx.actor, 'view', person)) throw new AppError('NOT_FOUND');
  return person;
}

/**
 * For the account services that act on someone (two-factor reset, invitations): the person must be
 * visible to the caller and the people policy must allow `ability` (FORBIDDEN otherwise). Call
 * inside the action's transaction: the person's row stays locked until it ends.
 */
export async function authorizePersonAction(
  ctx: ServiceContext,
  userId: string,
  ability: 'resetTwoFactor' | 'resendInvitation',
): Promise<PersonRecord> {
  const person = await requireVisiblePerson(ctx, userId, { lock: ctx.inTransaction });
  peoplePolicy.authorize(ctx.actor, ability, person);
  return person;
}
