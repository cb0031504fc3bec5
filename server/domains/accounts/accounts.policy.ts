import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { can, definePolicy, isPerson } from '../../core/policy.ts';
import type { UserType } from '../../db/database.ts';

/** What the account rules look at: whose account it is and what kind of person holds it. */
export interface AccountSubject {
  id: string;
  user_type?: UserType;
}

/**
 * Who may do what with someone else's account: those who manage employees look after other people's
 * second factor; invitations go out from HR (employees) or from the managers of external users
 * (external users). What a person does with their own account needs only `requireSelf` below.
 */
export const accountPolicy = definePolicy<AccountSubject, 'manageTwoFactor' | 'invite'>('account', {
  manageTwoFactor: (actor) => can(actor, 'employees.manage'),
  invite: (actor, account) =>
    can(actor, account.user_type === 'EXTERNAL' ? 'external-users.manage' : 'employees.manage'),
});

/**
 * The signed-in caller's own id, for the use cases about "my account" (the record is the caller,
 * so there is nothing else to check). Anyone else — anonymous, the system — is not signed in.
 */
export function requireSelf(ctx: ServiceContext): string {
  if (!isPerson(ctx.actor)) throw new AppError('UNAUTHENTICATED');
  return ctx.actor.id;
}
