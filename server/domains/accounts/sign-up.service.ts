import type { SignUpBody, SignUpTokenInfo } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { hashPassword } from '../../core/password-hash.ts';
import { inTransaction } from '../../core/transaction.ts';
import { recordSignUpConsents } from '../privacy/consents.ts';
import * as users from './accounts.repository.ts';
import * as tokens from './account-tokens.repository.ts';
import { checkNewPassword } from './new-password.ts';
import { hashOneTimeToken } from './one-time-token.ts';

/** The invitation behind a link, while it can still be used; otherwise 410 'Invitation Link Expired'. */
async function requireInvitation(ctx: ServiceContext, token: string, lock = false) {
  const found = await tokens.findUsableToken(ctx.db, hashOneTimeToken(token), 'INVITATION', lock);
  // A person who signed up already, or was deactivated, cannot use an old link.
  if (!found || found.user.status !== 'PENDING') throw new AppError('INVITATION_LINK_EXPIRED');
  return found;
}

/** Checks an invitation link and tells the sign-up page whom it is for. */
export async function checkSignUpToken(ctx: ServiceContext, token: string): Promise<SignUpTokenInfo> {
  const { user, expires_at } = await requireInvitation(ctx, token);
  return {
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    language: user.language,
    expiresAt: expires_at.toISOString(),
  };
}

/**
 * Completes an invitation: the person sets a password by the policy and agrees to the terms of
 * service and privacy policy; the PENDING account becomes ACTIVE and the link is used up. The caller
 * holds only the link (anonymous): the audit event names the person as its subject.
 */
export async function signUp(ctx: ServiceContext, input: SignUpBody): Promise<{ email: string }> {
  await requireInvitation(ctx, input.token);
  const problems = checkNewPassword(input);
  if (input.agreeToTerms !== true) problems.push({ field: 'agreeToTerms', code: 'termsRequired' });
  if (problems.length > 0) throw validationError(problems);
  const passwordHash = await hashPassword(input.password);

  return inTransaction(ctx, async (tx) => {
    const invitation = await requireInvitation(tx, input.token, true);
    const before = invitation.user;
    const now = new Date();
    const user = await users.updateUser(tx.db, before.id, {
      password_hash: passwordHash,
      password_changed_at: now,
      terms_accepted_at: now,
      status: 'ACTIVE',
    });
    // What the person agreed to, and when: the consent records of Decree 13/2023/ND-CP.
    await recordSignUpConsents(tx, user.id, now);
    await tokens.markTokenUsed(tx.db, invitation.id);
    await tokens.revokeAccountTokens(tx.db, user.id, 'INVITATION');
    await recordAudit(tx, {
      action: 'user.signed_up',
      entityType: 'user',
      entityId: user.id,
      subject: { id: user.id, label: user.email },
      before: { status: before.status },
      after: { status: user.status, termsAcceptedAt: now.toISOString() },
    });
    return { email: user.email };
  });
}
