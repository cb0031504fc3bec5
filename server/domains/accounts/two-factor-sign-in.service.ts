import type { TwoFactorChallengeDetails, TwoFactorSignInBody } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { UserRow } from '../../db/database.ts';
import * as users from './accounts.repository.ts';
import { hashOneTimeToken, newOneTimeToken } from './one-time-token.ts';
import { acceptedStep, hashRecoveryCode } from './totp.ts';
import * as repo from './two-factor.repository.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * Called by sign-in once the password is right: when the person has two-factor authentication,
 * refuses with 401 TWO_FACTOR_REQUIRED carrying a short-lived challenge for the second step.
 */
export async function requireSecondFactor(ctx: ServiceContext, user: { id: string }): Promise<void> {
  const row = await repo.findTwoFactor(ctx.db, user.id);
  if (!row?.enabled_at || !row.secret) return;
  const challenge = newOneTimeToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await repo.insertChallenge(ctx.db, {
    user_id: user.id,
    token_hash: hashOneTimeToken(challenge),
    expires_at: expiresAt,
  });
  throw new AppError('TWO_FACTOR_REQUIRED', {
    details: { challenge, expiresAt: expiresAt.toISOString() } satisfies TwoFactorChallengeDetails,
  });
}

/**
 * The second step of a sign-in: checks the challenge and a code (or a recovery code) and answers the
 * person to open a session for. A wrong code counts against the challenge; after five it is spent.
 * The caller is anonymous until then: the audit events name the person as their subject.
 */
export async function consumeTwoFactorChallenge(
  ctx: ServiceContext,
  input: TwoFactorSignInBody,
): Promise<UserRow> {
  if (!input.code && !input.recoveryCode) throw validationError([{ field: 'code', code: 'required' }]);
  type Outcome = { user: UserRow } | { error: AppError };
  const outcome = await inTransaction(ctx, async (tx): Promise<Outcome> => {
    const challenge = await repo.lockChallenge(tx.db, hashOneTimeToken(input.challenge));
    if (
      !challenge ||
      challenge.used_at ||
      challenge.expires_at <= new Date() ||
      challenge.attempts >= CHALLENGE_MAX_ATTEMPTS
    )
      return { error: new AppError('SESSION_EXPIRED') };
    const user = await users.findUserById(tx.db, challenge.user_id);
    const row = user && (await repo.findTwoFactor(tx.db, user.id, true));
    if (!user || user.status !== 'ACTIVE' || !row?.secret || !row.enabled_at)
      return { error: new AppError('SESSION_EXPIRED') };
    const subject = { id: user.id, label: user.email };
    const method = input.code ? 'totp' : 'recovery_code';

    let accepted = false;
    if (input.code) {
      const step = acceptedStep(row.secret, input.code, row.last_used_step);
      if (step !== null) {
        await repo.setLastUsedStep(tx.db, user.id, step);
        accepted = true;
      }
    } else if (input.recoveryCode) {
      accepted = await repo.useRecoveryCode(tx.db, user.id, hashRecoveryCode(input.recoveryCode));
    }
    if (!accepted) {
      await repo.countChallengeAttempt(tx.db, challenge.id);
      await recordAudit(tx, {
        action: 'auth.two_factor_failed',
        entityType: 'session',
        subject,
        after: { method, attempt: challenge.attempts + 1 },
      });
      return {
        error: validationError([{ field: input.code ? 'code' : 'recoveryCode', code: 'twoFactorCode' }]),
      };
    }
    await repo.markChallengeUsed(tx.db, challenge.id);
    await recordAudit(tx, {
      action: 'auth.two_factor_passed',
      entityType: 'session',
      subject,
      after: { method },
    });
    return { user };
  });
  // The attempt is committed before the error goes out, so the count cannot be rolled back.
  if ('error' in outcome) throw outcome.error;
  return outcome.user;
}

/** Deletes sign-in challenges that ended more than an hour ago. */
export async function purgeOldChallenges(ctx: ServiceContext): Promise<{ challenges: number }> {
  return inTransaction(ctx, async (tx) => {
    const challenges = await repo.deleteOldChallenges(tx.db);
    if (challenges > 0)
      await recordAudit(tx, {
        action: 'two-factor.challenges_purged',
        entityType: 'session',
        after: { challenges },
      });
    return { challenges };
  });
}
