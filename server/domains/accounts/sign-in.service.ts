import type { TwoFactorSignInBody } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { decoyPasswordHash, verifyPassword } from '../../core/password-hash.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { UserRow } from '../../db/database.ts';
import * as users from './accounts.repository.ts';
import { hashOneTimeToken, newOneTimeToken } from './one-time-token.ts';
import { toSessionUser } from './session-user.ts';
import { refreshExpiry, type IssuedSession } from './sessions.service.ts';
import * as sessions from './sessions.repository.ts';
import { consumeTwoFactorChallenge, requireSecondFactor } from './two-factor-sign-in.service.ts';

/** The person a sign-in is about, for the audit trail: the caller is anonymous until it succeeds. */
const subjectOf = (user: { id: string; email: string }) => ({ id: user.id, label: user.email });

async function refuseWhenLocked(ctx: ServiceContext, email: string): Promise<void> {
  const window = ctx.config.SIGN_IN_LOCK_MINUTES;
  const max = ctx.config.SIGN_IN_MAX_FAILURES;
  const counts = await sessions.countRecentFailures(ctx.db, email, ctx.request.ip, window);
  // An address gets more room than one account: several people may share an office's address.
  const lockedSince =
    counts.by_email >= max ? counts.oldest_by_email : counts.by_ip >= max * 4 ? counts.oldest_by_ip : null;
  if (!lockedSince) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((new Date(lockedSince).getTime() + window * 60_000 - Date.now()) / 1000),
  );
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'auth.sign_in_locked',
      entityType: 'session',
      subject: { id: null, label: email },
    }),
  );
  throw new AppError('TOO_MANY_SIGN_IN_ATTEMPTS', {
    params: { minutes: Math.ceil(retryAfterSeconds / 60) },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Signs a person in with email and password. The answer never tells whether the email exists:
 * unknown emails, wrong passwords and inactive accounts fail alike, in the same time.
 */
export async function signIn(ctx: ServiceContext, email: string, password: string): Promise<IssuedSession> {
  const normalizedEmail = email.trim().toLowerCase();
  await refuseWhenLocked(ctx, normalizedEmail);
  const user = await users.findUserByEmail(ctx.db, normalizedEmail);
  const passwordMatches = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
  if (!user || !user.password_hash || !passwordMatches || user.status !== 'ACTIVE') {
    // Committed before the refusal is thrown: the failure counts toward the lock either way.
    await inTransaction(ctx, async (tx) => {
      await sessions.recordSignInFailure(tx.db, normalizedEmail, tx.request.ip);
      await recordAudit(tx, {
        action: 'auth.sign_in_failed',
        entityType: 'session',
        subject: { id: user?.id ?? null, label: normalizedEmail },
        after: {
          reason: !user ? 'unknown_email' : passwordMatches ? 'account_not_active' : 'wrong_password',
        },
      });
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  // With two-factor authentication on, this answers 401 TWO_FACTOR_REQUIRED and a challenge.
  await requireSecondFactor(ctx, user);
  return openSession(ctx, user);
}

/** The second step of a sign-in with two-factor authentication: the challenge and a code. */
export async function signInWithSecondFactor(
  ctx: ServiceContext,
  input: TwoFactorSignInBody,
): Promise<IssuedSession> {
  const user = await consumeTwoFactorChallenge(ctx, input);
  return openSession(ctx, user);
}

/**
 * Opens a session for a person whose credentials were checked. The caller is still anonymous here
 * (the session does not exist yet): the audit event names the person as its subject.
 */
async function openSession(ctx: ServiceContext, user: UserRow): Promise<IssuedSession> {
  const refreshToken = newOneTimeToken();
  return inTransaction(ctx, async (tx) => {
    await sessions.clearSignInFailures(tx.db, user.email.toLowerCase());
    const session = await sessions.insertSession(tx.db, {
      user_id: user.id,
      token_hash: hashOneTimeToken(refreshToken),
      expires_at: refreshExpiry(tx),
      user_agent: tx.request.userAgent?.slice(0, 500) ?? null,
      ip: tx.request.ip,
    });
    await users.markSignedIn(tx.db, user.id);
    await recordAudit(tx, {
      action: 'auth.signed_in',
      entityType: 'session',
      entityId: session.id,
      subject: subjectOf(user),
    });
    return {
      user: toSessionUser(user),
      sessionId: session.id,
      refreshToken,
      refreshExpiresAt: session.expires_at,
    };
  });
}
