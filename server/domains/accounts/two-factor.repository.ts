import type { Db } from '../../db/connect.ts';

export function findTwoFactor(db: Db, userId: string, lock = false) {
  let query = db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function savePendingSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, pending_secret: secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret, updated_at: new Date() }))
    .execute();
}

export async function enableTwoFactor(db: Db, userId: string, secret: string, step: number): Promise<Date> {
  const enabledAt = new Date();
  await db
    .updateTable('user_two_factor')
    .set({ secret, pending_secret: null, enabled_at: enabledAt, last_used_step: step, updated_at: enabledAt })
    .where('user_id', '=', userId)
    .execute();
  return enabledAt;
}

export async function setLastUsedStep(db: Db, userId: string, step: number): Promise<void> {
  await db
    .updateTable('user_two_factor')
    .set({ last_used_step: step, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

/** Removes the person's second factor completely: secret, recovery codes and open challenges. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks an unused recovery code with this hash as used; false when there is none. */
export async function useRecoveryCode(db: Db, userId: string, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertChallenge(
  db: Db,
  values: { user_id: string; token_hash: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('two_factor_challenges').values(values).execute();
}

export function lockChallenge(db: Db, tokenHash: string) {
  return db
    .selectFrom('two_factor_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function countChallengeAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markChallengeUsed(db: Db, id: string): Promise<void> {
  await db.updateTable('two_factor_challenges').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** Deletes challenges that ended more than an hour ago. */
export async function deleteOldChallenges(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('two_factor_challenges')
    .where('expires_at', '<', new Date(Date.now() - 3_600_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
