import type { ChangePasswordBody, PasswordChangeResult } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { hashPassword, verifyPassword } from '../../core/password-hash.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { UserRow } from '../../db/database.ts';
import { queuePasswordChangedMail } from './account-mail.ts';
import { readAccountSettings } from './account-settings.ts';
import { requireSelf } from './accounts.policy.ts';
import * as users from './accounts.repository.ts';
import { checkNewPassword } from './new-password.ts';
import { passwordExpiryOf } from './password-expiry.service.ts';
import * as sessions from './sessions.repository.ts';

// Change (voluntary) and update (forced after expiry) of the caller's own password.

async function checkChange(ctx: ServiceContext, input: ChangePasswordBody): Promise<UserRow> {
  const user = await users.findUserById(ctx.db, requireSelf(ctx));
  if (!user) throw new AppError('UNAUTHENTICATED');
  const currentCorrect =
    Boolean(user.password_hash) && (await verifyPassword(input.currentPassword, user.password_hash!));
  const problems = checkNewPassword(input);
  if (!currentCorrect) problems.unshift({ field: 'currentPassword', code: 'currentPasswordIncorrect' });
  else if (input.password === input.currentPassword)
    problems.push({ field: 'password', code: 'passwordUnchanged' });
  if (problems.length > 0) throw validationError(problems);
  return user;
}

/** The check the UI calls before a change: current password, policy, confirmation (spec section 5). */
export async function validatePasswordChange(ctx: ServiceContext, input: ChangePasswordBody) {
  await checkChange(ctx, input);
  return { valid: true as const };
}

/**
 * Changes the caller's password after checking the current one. Other sessions are signed out;
 * this one stays. `reason` tells a voluntary change from the forced update of an expired password.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: ChangePasswordBody,
  reason: 'change' | 'update' = 'change',
): Promise<PasswordChangeResult> {
  const verified = await checkChange(ctx, input);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const locked = await users.lockUser(tx.db, verified.id);
    // Changed by another request since the check: the current password given may be stale.
    if (!locked || locked.password_hash !== verified.password_hash)
      throw validationError([{ field: 'currentPassword', code: 'currentPasswordIncorrect' }]);
    const now = new Date();
    const user = await users.setPassword(tx.db, locked.id, passwordHash, now);
    const revoked = await sessions.revokeUserSessions(
      tx.db,
      user.id,
      'password_changed',
      tx.actor.sessionId ?? null,
    );
    await queuePasswordChangedMail(tx, user, now);
    await recordAudit(tx, {
      action: reason === 'update' ? 'password.updated' : 'password.changed',
      entityType: 'user',
      entityId: user.id,
      after: { revokedSessions: revoked.length },
    });
    return {
      passwordChangedAt: now.toISOString(),
      expiry: passwordExpiryOf(user, await readAccountSettings(tx.db), now),
    };
  });
}
