import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * SQL of the provider's storage: `oidc_payloads` (every oidc-provider model, keyed by model and id)
 * and `oidc_signing_keys`. Only the adapter (oidc-adapter.ts), the key store and the clean-up job use it.
 */

export interface StoredPayload {
  payload: Record<string, unknown>;
  consumed_at: Date | null;
}

export interface PayloadWrite {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  expiresAt: Date | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export async function upsertPayload(db: Db, write: PayloadWrite): Promise<void> {
  const { payload } = write;
  const values = {
    model: write.model,
    id: write.id,
    payload: JSON.stringify(payload),
    grant_id: text(payload.grantId),
    uid: text(payload.uid),
    user_code: text(payload.userCode),
    account_id: text(payload.accountId),
    client_id: text(payload.clientId),
    expires_at: write.expiresAt,
  };
  await db
    .insertInto('oidc_payloads')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['model', 'id']).doUpdateSet({
        payload: values.payload,
        grant_id: values.grant_id,
        uid: values.uid,
        user_code: values.user_code,
        account_id: values.account_id,
        client_id: values.client_id,
        expires_at: values.expires_at,
      }),
    )
    .execute();
}

/** A live (unexpired) payload by one of its keys. */
export async function findPayload(
  db: Db,
  model: string,
  by: { id: string } | { uid: string } | { userCode: string },
): Promise<StoredPayload | undefined> {
  let query = db
    .selectFrom('oidc_payloads')
    .select(['payload', 'consumed_at'])
    .where('model', '=', model)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]));
  if ('id' in by) query = query.where('id', '=', by.id);
  else if ('uid' in by) query = query.where('uid', '=', by.uid);
  else query = query.where('user_code', '=', by.userCode);
  const row = await query.limit(1).executeTakeFirst();
  return row ? { payload: row.payload as Record<string, unknown>, consumed_at: row.consumed_at } : undefined;
}

/** Marks a code or token used; answers whether it was unused until now (a reused code is refused). */
export async function consumePayload(db: Db, model: string, id: string): Promise<void> {
  await db
    .updateTable('oidc_payloads')
    .set({ consumed_at: sql`now()` })
    .where('model', '=', model)
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function deletePayload(db: Db, model: string, id: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
}

/** Everything issued under a grant: its codes, tokens and the grant itself. */
export async function deleteByGrantId(db: Db, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
}

/**
 * Everything a person holds with the apps (all of them, or the listed clients): grants, codes,
 * access and refresh tokens. Sessions stay (they are the person's Backoffice sign-in for apps).
 */
export async function deleteAccountGrants(
  db: Db,
  accountId: string,
  clientIds?: readonly string[],
): Promise<number> {
  if (clientIds && clientIds.length === 0) return 0;
  // Grants, codes and tokens all carry the account and the client; sessions and interactions do not count.
  let query = db
    .deleteFrom('oidc_payloads')
    .where('account_id', '=', accountId)
    .where('model', 'not in', ['Session', 'Interaction']);
  if (clientIds) query = query.where('client_id', 'in', clientIds);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes what has expired, a batch at a time (the clean-up job). */
export async function deleteExpiredPayloads(db: Db, limit: number): Promise<number> {
  const result = await sql<{ count: number }>`
    with doomed as (
      select model, id from oidc_payloads where expires_at < now() limit ${limit}
    )
    delete from oidc_payloads p using doomed d where p.model = d.model and p.id = d.id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export function listSigningKeys(db: Db) {
  return db
    .selectFrom('oidc_signing_keys')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute();
}

export async function insertSigningKey(db: Db, kid: string, keyCiphertext: string): Promise<void> {
  await db.insertInto('oidc_signing_keys').values({ kid, key_ciphertext: keyCiphertext }).execute();
}

/** Retires every key but the newest `keep` (they stay readable for tokens signed before). */
export async function retireOldSigningKeys(db: Db, keep: number): Promise<string[]> {
  const rows = await sql<{ kid: string }>`
    update oidc_signing_keys set retired_at = now()
    where retired_at is null and kid not in (
      select kid from oidc_signing_keys where retired_at is null order by created_at desc, kid limit ${keep}
    )
    returning kid`.execute(db);
  return rows.rows.map((row) => row.kid);
}

/** A lock so two processes starting at once on an empty table make one key, not two. */
export async function lockSigningKeys(db: Db): Promise<void> {
  await sql`lock table oidc_signing_keys in share row exclusive mode`.execute(db);
}
