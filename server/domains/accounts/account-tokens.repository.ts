import type { Db } from '../../db/connect.ts';
import type { AccountTokenPurpose, UserRow } from '../../db/database.ts';

export async function insertAccountToken(
  db: Db,
  values: {
    user_id: string;
    purpose: AccountTokenPurpose;
    token_hash: string;
    expires_at: Date;
    created_by: string | null;
  },
): Promise<string> {
  const row = await db.insertInto('account_tokens').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes every still-usable token of this purpose for the user; returns how many. */
export async function revokeAccountTokens(
  db: Db,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<number> {
  const result = await db
    .updateTable('account_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface UsableToken {
  id: string;
  expires_at: Date;
  user: UserRow;
}

/**
 * The token with this hash and purpose when it is still usable (not used, not revoked, not expired),
 * with its user. `lock` holds the token row until the transaction ends, so it is used only once.
 */
export async function findUsableToken(
  db: Db,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  lock = false,
): Promise<UsableToken | undefined> {
  let query = db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date());
  if (lock) query = query.forUpdate();
  const token = await query.executeTakeFirst();
  if (!token) return undefined;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', token.user_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return user ? { id: token.id, expires_at: token.expires_at, user } : undefined;
}

export async function markTokenUsed(db: Db, id: string): Promise<void> {
  await db.updateTable('account_tokens').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** The newest token of a purpose for a person, whatever became of it (used, replaced, expired). */
export function findNewestToken(db: Db, userId: string, purpose: AccountTokenPurpose) {
  return db
    .selectFrom('account_tokens')
    .select(['created_at', 'expires_at', 'used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
