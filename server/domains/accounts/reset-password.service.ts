import type { ResetPasswordBody } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { hashPassword } from '../../core/password-hash.ts';
import { inTransaction } from '../../core/transaction.ts';
import { queuePasswordChangedMail } from './account-mail.ts';
import * as users from './accounts.repository.ts';
import * as tokens from './account-tokens.repository.ts';
import { checkNewPassword } from './new-password.ts';
import { hashOneTimeToken } from './one-time-token.ts';
import * as sessions from './sessions.repository.ts';

async function requireResetToken(ctx: ServiceContext, token: string, lock = false) {
  const found = await tokens.findUsableToken(ctx.db, hashOneTimeToken(token), 'PASSWORD_RESET', lock);
  if (!found || found.user.status !== 'ACTIVE') throw new AppError('PASSWORD_RESET_LINK_EXPIRED');
  return found;
}

/** Checks a reset link; an expired or used one answers 410 'Password Reset Link Expired'. */
export async function checkResetToken(ctx: ServiceContext, token: string) {
  const found = await requireResetToken(ctx, token);
  return { email: found.user.email, expiresAt: found.expires_at.toISOString() };
}

/**
 * Sets a new password through a reset link; every session of the person is signed out. The caller
 * holds only the link (anonymous): the audit event names the person as its subject.
 */
export async function resetPassword(
  ctx: ServiceContext,
  input: ResetPasswordBody,
): Promise<{ email: string }> {
  await requireResetToken(ctx, input.token);
  const problems = checkNewPassword(input);
  if (problems.length > 0) throw validationError(problems);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const found = await requireResetToken(tx, input.token, true);
    const now = new Date();
    const user = await users.setPassword(tx.db, found.user.id, passwordHash, now);
    await tokens.markTokenUsed(tx.db, found.id);
    await tokens.revokeAccountTokens(tx.db, user.id, 'PASSWORD_RESET');
    const revoked = await sessions.revokeUserSessions(tx.db, user.id, 'password_reset');
    // The person proved control of the mailbox: an earlier lockout should not keep them out.
    await sessions.clearSignInFailures(tx.db, user.email);
    await queuePasswordChangedMail(tx, user, now);
    await recordAudit(tx, {
      action: 'password.reset',
      entityType: 'user',
      entityId: user.id,
      subject: { id: user.id, label: user.email },
      after: { revokedSessions: revoked.length },
    });
    return { email: user.email };
  });
}
