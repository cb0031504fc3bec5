import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { UserRow } from '../../db/database.ts';

/** The live user row, locked until the transaction ends (password changes apply one at a time). */
export function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function setPassword(db: Db, userId: string, passwordHash: string, at: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_changed_at: at,
      password_expiry_notified_at: null,
      password_expiry_reminded_at: null,
      updated_at: at,
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes the user's live sessions except `keepSessionId`; returns the revoked ids. */
export async function revokeSessionsExcept(
  db: Db,
  userId: string,
  keepSessionId: string | null,
  reason: string,
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

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
}

/**
 * SQL that is true when the password of the user row `users_alias` is older than the maximum age in
 * `app_settings` (`defaultMaxAgeDays` when unset; 0 means passwords never expire). Embedded in the
 * session lookup, so checking it costs no extra query per API call.
 */
export function passwordExpiredSql(usersAlias: string, defaultMaxAgeDays: number) {
  const changedAt = sql.ref(`${usersAlias}.password_changed_at`);
  return sql<boolean>`coalesce((
    select max_age > 0 and ${changedAt} + make_interval(days => max_age) <= now()
    from (select coalesce((select case when jsonb_typeof(value) = 'number'
      then floor((value #>> '{}')::numeric)::int end
      from app_settings where key = 'password.max_age_days'), ${defaultMaxAgeDays}::int) as max_age) s
  ), false)`;
}

/**
 * Active people whose password enters the reminder window and who were not reminded for it yet,
 * oldest password first.
 */
export function listPasswordsToRemind(db: Db, maxAgeDays: number, reminderDays: number, limit: number) {
  const expiresAt = sql<Date>`u.password_changed_at + make_interval(days => ${maxAgeDays})`;
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.language', 'u.password_changed_at'])
    .select(expiresAt.as('expires_at'))
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null)
    .where('u.password_changed_at', 'is not', null)
    .where(expiresAt, '>', sql<Date>`now()`)
    .where(sql<Date>`${expiresAt} - make_interval(days => ${reminderDays})`, '<=', sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb('u.password_expiry_reminded_at', 'is', null),
        eb('u.password_expiry_reminded_at', '<', eb.ref('u.password_changed_at')),
      ]),
    )
    .orderBy('u.password_changed_at')
    .orderBy('u.id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markReminded(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_expiry_reminded_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
