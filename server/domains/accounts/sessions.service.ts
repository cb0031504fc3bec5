import type { SessionUser } from '../../../shared/auth.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { hashOneTimeToken, newOneTimeToken } from './one-time-token.ts';
import { toSessionUser } from './session-user.ts';
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

/** When a refresh session opened or renewed now ends. */
export function refreshExpiry(ctx: ServiceContext): Date {
  return new Date(Date.now() + ctx.config.REFRESH_SESSION_DAYS * 86_400_000);
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
  const presentedHash = hashOneTimeToken(refreshToken);
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
      await recordAudit(tx, {
        action: 'auth.refresh_token_reused',
        entityType: 'session',
        entityId: session.id,
        subject: { id: user.id, label: user.email },
      });
      return { error: 'SESSION_EXPIRED' as const };
    }
    const rotated = newOneTimeToken();
    const expiresAt = refreshExpiry(tx);
    await sessions.rotateSessionToken(tx.db, session.id, presentedHash, hashOneTimeToken(rotated), expiresAt);
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
  const found = await sessions.findLiveSessionUserByTokenHash(ctx.db, hashOneTimeToken(refreshToken));
  if (!found) return null;
  const { session_id: sessionId, ...user } = found;
  // The whole row too: the page's password-expiry notice is computed from it without reading it again.
  return { user: toSessionUser(user), sessionId, userRow: user };
}
