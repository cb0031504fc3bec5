import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { SessionRow, UserRow } from '../../db/database.ts';
import { ACCOUNT_SETTING_DEFAULTS } from './account-settings.ts';
import { passwordExpiredSql } from './accounts.repository.ts';

export async function insertSession(
  db: Db,
  values: {
    user_id: string;
    token_hash: string;
    expires_at: Date;
    user_agent: string | null;
    ip: string | null;
  },
): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({ ...values, last_used_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The live session with this id for this user, with its user (and whether their password expired), when both are still valid. */
export function findLiveSession(db: Db, sessionId: string, userId: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as session_id', 'u.id', 'u.email', 'u.language', 'u.status'])
    .select(passwordExpiredSql('u', ACCOUNT_SETTING_DEFAULTS['password.max_age_days']).as('password_expired'))
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export type SessionWithUser = { session: SessionRow; user: UserRow };

/**
 * The live session whose current or just-replaced refresh token has this hash, with its active user,
 * in one statement (pages rendered on the server read it on every load).
 */
export async function findLiveSessionUserByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select('s.id as session_id')
    .where((eb) => eb.or([eb('s.token_hash', '=', tokenHash), eb('s.previous_token_hash', '=', tokenHash)]))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Finds the session whose current or just-replaced refresh token has this hash, with its user. */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
  lock = false,
): Promise<SessionWithUser | undefined> {
  let query = db
    .selectFrom('sessions')
    .selectAll()
    .where((eb) => eb.or([eb('token_hash', '=', tokenHash), eb('previous_token_hash', '=', tokenHash)]));
  if (lock) query = query.forUpdate();
  const session = await query.executeTakeFirst();
  if (!session) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  return user ? { session, user } : undefined;
}

export async function rotateSessionToken(
  db: Db,
  sessionId: string,
  oldHash: string,
  newHash: string,
  expiresAt: Date,
) {
  await db
    .updateTable('sessions')
    .set({
      token_hash: newHash,
      previous_token_hash: oldHash,
      rotated_at: new Date(),
      last_used_at: new Date(),
      expires_at: expiresAt,
    })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Revokes every live session of a user (deactivation, a password change or reset): they are signed
 * out everywhere, except in `keepSessionId` (the session that changed the password). Answers the ids.
 */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  keepSessionId: string | null = null,
): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Deletes sessions that expired or were revoked more than `graceDays` ago. */
export async function deleteStaleSessions(db: Db, graceDays: number): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(days => ${graceDays})`;
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recordSignInFailure(db: Db, email: string, ip: string | null): Promise<void> {
  await db.insertInto('sign_in_failures').values({ email, ip }).execute();
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
}

/** Failures in the window, per email and per address, and when the oldest of them leaves the window. */
export async function countRecentFailures(db: Db, email: string, ip: string | null, windowMinutes: number) {
  const since = sql<Date>`now() - make_interval(mins => ${windowMinutes})`;
  const row = await db
    .selectFrom('sign_in_failures')
    .select([
      sql<number>`count(*) filter (where email = ${email})::int`.as('by_email'),
      sql<number>`count(*) filter (where ip = ${ip})::int`.as('by_ip'),
      sql<Date | null>`min(occurred_at) filter (where email = ${email})`.as('oldest_by_email'),
      sql<Date | null>`min(occurred_at) filter (where ip = ${ip})`.as('oldest_by_ip'),
    ])
    .where('occurred_at', '>', since)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return row;
}

export async function deleteOldSignInFailures(db: Db, olderThanMinutes: number): Promise<number> {
  const result = await db
    .deleteFrom('sign_in_failures')
    .where('occurred_at', '<', sql<Date>`now() - make_interval(mins => ${olderThanMinutes})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
