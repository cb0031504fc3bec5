import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '../../../shared/auth.schemas.ts';
import { checkPassword } from '../../../shared/rules/password.ts';
import { recordAudit } from '../../core/audit.ts';
import { SYSTEM_ACTOR, type ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { decoyPasswordHash, verifyPassword } from '../../core/password-hash.ts';
import { inTransaction } from '../../core/transaction.ts';
import { toSessionUser } from '../users/administrators.service.ts';
import type { UserRow } from '../../db/database.ts';
import type { TwoFactorSignInBody } from '../../../shared/account.schemas.ts';
import { consumeTwoFactorChallenge, requireSecondFactor } from '../two-factor/two-factor.service.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import * as sessions from './sessions.repository.ts';

/** A refresh token that was just replaced is still honoured this long, for tabs that refreshed together. */
const ROTATION_GRACE_MS = 30_000;

export interface IssuedSession {
  user: SessionUser;
  sessionId: string;
  /** Present when the browser must store a new refresh token. */
  refreshToken?: string;
  refreshExpiresAt: Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

function refreshExpiry(ctx: ServiceContext): Date {
  return new Date(Date.now() + ctx.config.REFRESH_SESSION_DAYS * 86_400_000);
}

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
  await recordAudit(
    { ...ctx, actor: { ...SYSTEM_ACTOR, label: email } },
    {
      action: 'auth.sign_in_locked',
      entityType: 'session',
    },
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
  const user = await findUserByEmail(ctx.db, normalizedEmail);
  const passwordMatches = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
  if (!user || !user.password_hash || !passwordMatches || user.status !== 'ACTIVE') {
    await sessions.recordSignInFailure(ctx.db, normalizedEmail, ctx.request.ip);
    await recordAudit(
      { ...ctx, actor: { ...SYSTEM_ACTOR, id: null, label: normalizedEmail } },
      {
        action: 'auth.sign_in_failed',
        entityType: 'session',
        after: {
          reason: !user ? 'unknown_email' : passwordMatches ? 'account_not_active' : 'wrong_password',
        },
      },
    );
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

/** Opens a session for a person whose credentials were checked. */
async function openSession(ctx: ServiceContext, user: UserRow): Promise<IssuedSession> {
  const refreshToken = newToken();
  return inTransaction(
    { ...ctx, actor: { ...SYSTEM_ACTOR, id: user.id, label: user.email, kind: 'user' } },
    async (tx) => {
      await sessions.clearSignInFailures(tx.db, user.email.toLowerCase());
      const session = await sessions.insertSession(tx.db, {
        user_id: user.id,
        token_hash: hashToken(refreshToken),
        expires_at: refreshExpiry(tx),
        user_agent: tx.request.userAgent?.slice(0, 500) ?? null,
        ip: tx.request.ip,
      });
      await tx.db
        .updateTable('users')
        .set({ last_sign_in_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      await recordAudit(tx, { action: 'auth.signed_in', entityType: 'session', entityId: session.id });
      return {
        user: toSessionUser(user),
        sessionId: session.id,
        refreshToken,
        refreshExpiresAt: session.expires_at,
      };
    },
  );
}

/**
 * Exchanges a refresh token for a new one (rotation). A token that was already replaced and is
 * presented again after the grace period means it was stolen: the whole session is revoked.
 */
export async function refreshSession(
  ctx: ServiceContext,
  refreshToken: string | undefined,
): Promise<IssuedSession> {
  if (!refreshToken) throw new AppError('SESSION_EXPIRED');
  const presentedHash = hashToken(refreshToken);
  type Outcome = { error: 'SESSION_EXPIRED' | 'ACCOUNT_DEACTIVATED' } | { issued: IssuedSession };
  const outcome = await inTransaction(ctx, async (tx): Promise<Outcome> => {
    const found = await sessions.findSessionByTokenHash(tx.db, presentedHash, true);
    if (!found) return { error: 'SESSION_EXPIRED' as const };
    const { session, user } = found;
    const live =
      !session.revoked_at && session.expires_at > new Date() && user.status === 'ACTIVE' && !user.deleted_at;
    // The holder of the session learns why it ended when HR deactivated them (their open page says so).
    if (!live && user.status === 'INACTIVE' && !user.deleted_at)
      return { error: 'ACCOUNT_DEACTIVATED' as const };
    if (!live) return { error: 'SESSION_EXPIRED' as const };
    if (session.token_hash !== presentedHash) {
      const recentlyRotated =
        session.rotated_at && Date.now() - session.rotated_at.getTime() < ROTATION_GRACE_MS;
      if (recentlyRotated) {
        return {
          issued: { user: toSessionUser(user), sessionId: session.id, refreshExpiresAt: session.expires_at },
        };
      }
      await sessions.revokeSession(tx.db, session.id, 'refresh_token_reused');
      await recordAudit(
        { ...tx, actor: { ...SYSTEM_ACTOR, label: user.email } },
        {
          action: 'auth.refresh_token_reused',
          entityType: 'session',
          entityId: session.id,
        },
      );
      return { error: 'SESSION_EXPIRED' as const };
    }
    const rotated = newToken();
    const expiresAt = refreshExpiry(tx);
    await sessions.rotateSessionToken(tx.db, session.id, presentedHash, hashToken(rotated), expiresAt);
    return {
      issued: {
        user: toSessionUser(user),
        sessionId: session.id,
        refreshToken: rotated,
        refreshExpiresAt: expiresAt,
      },
    };
  });
  // The transaction commits first, so a detected reuse stays revoked even though the call fails.
  if ('error' in outcome) throw new AppError(outcome.error);
  return outcome.issued;
}

/** Signs the caller out: the session is revoked, so neither its refresh token nor its access tokens work. */
export async function signOut(ctx: ServiceContext): Promise<void> {
  const sessionId = ctx.actor.sessionId;
  if (!sessionId) throw new AppError('UNAUTHENTICATED');
  await inTransaction(ctx, async (tx) => {
    await sessions.revokeSession(tx.db, sessionId, 'signed_out');
    await recordAudit(tx, { action: 'auth.signed_out', entityType: 'session', entityId: sessionId });
  });
}

/** Which rules of the password policy a candidate password meets (spec section 5). */
export function checkPasswordStrength(password: string) {
  const rules = checkPassword(password);
  return { valid: Object.values(rules).every(Boolean), rules };
}

/** Deletes sessions that ended more than a day ago and sign-in failures past every lock window. */
export async function purgeExpiredSessions(
  ctx: ServiceContext,
): Promise<{ sessions: number; failures: number }> {
  return inTransaction(ctx, async (tx) => {
    const deletedSessions = await sessions.deleteStaleSessions(tx.db, 1);
    const failures = await sessions.deleteOldSignInFailures(
      tx.db,
      Math.max(60, tx.config.SIGN_IN_LOCK_MINUTES * 2),
    );
    if (deletedSessions + failures > 0) {
      await recordAudit(tx, {
        action: 'auth.sessions_purged',
        entityType: 'session',
        after: { sessions: deletedSessions, failures },
      });
    }
    return { sessions: deletedSessions, failures };
  });
}

/**
 * The person behind a refresh cookie, for rendering a page on the server. It does not rotate the
 * token: the page's own first API call does that.
 */
export async function findPageSession(ctx: ServiceContext, refreshToken: string | undefined) {
  if (!refreshToken) return null;
  const found = await sessions.findSessionByTokenHash(ctx.db, hashToken(refreshToken));
  if (!found) return null;
  const { session, user } = found;
  if (session.revoked_at || session.expires_at <= new Date() || user.status !== 'ACTIVE' || user.deleted_at)
    return null;
  return { user: toSessionUser(user), sessionId: session.id };
}
