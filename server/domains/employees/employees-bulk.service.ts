import type { ServiceContext } from '../../core/context.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { peoplePolicy } from './employees.policy.ts';
import { resendUserInvitation, setUserStatus } from './employees.service.ts';
import * as repo from './employees.repository.ts';

/** Finds every email or reports each unknown one; nothing happens unless all are known. */
async function requireEmails(ctx: ServiceContext, emails: readonly string[]) {
  const found = await repo.findLiveByEmails(
    ctx.db,
    emails.map((e) => e.trim()),
  );
  const problems: FieldProblem[] = emails.flatMap((email, index) =>
    found.has(email.trim().toLowerCase())
      ? []
      : [{ field: `emails.${index}`, code: 'unknownEmail', params: { email } }],
  );
  if (problems.length > 0) throw validationError(problems);
  return emails.map((email) => found.get(email.trim().toLowerCase())!);
}

/**
 * Sends each PENDING person a fresh invitation, all or none (CLI `users invite`), with the API's
 * rules for each person (`resendUserInvitation`).
 */
export async function inviteByEmail(ctx: ServiceContext, emails: readonly string[]): Promise<string[]> {
  peoplePolicy.authorize(ctx.actor, 'bulk', null);
  const people = await requireEmails(ctx, emails);
  const problems: FieldProblem[] = people.flatMap((person, index) =>
    person.status === 'PENDING' ? [] : [{ field: `emails.${index}`, code: 'invitationNotPending' }],
  );
  if (problems.length > 0) throw validationError(problems);
  await inTransaction(ctx, async (tx) => {
    for (const person of people) await resendUserInvitation(tx, person.id);
  });
  return people.map((p) => p.email);
}

/**
 * Deactivates people and revokes their sessions, all or none (CLI `users deactivate`), with the
 * API's rules for each person (`setUserStatus`: within reach, never the last administrator).
 */
export async function deactivateByEmail(ctx: ServiceContext, emails: readonly string[]): Promise<string[]> {
  peoplePolicy.authorize(ctx.actor, 'bulk', null);
  const people = await requireEmails(ctx, emails);
  await inTransaction(ctx, async (tx) => {
    for (const person of people) await setUserStatus(tx, person.id, { status: 'INACTIVE' });
  });
  return people.map((p) => p.email);
}
