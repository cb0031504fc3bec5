import { generateKeyPairSync, randomUUID, type JsonWebKey } from 'node:crypto';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { connectionsKey } from '../connections/connection-secrets.ts';
import { decryptToken, encryptToken } from '../connections/token-crypto.ts';
import * as store from './oidc-store.repository.ts';

/**
 * The provider's signing keys: RSA (RS256, what every relying party accepts), generated once, kept
 * encrypted under the connections key (CONNECTIONS_KEY, the same key and mechanism as the
 * connections' tokens) and bound to their kid. Rotation adds a key that signs from the next start,
 * and retires all but the two newest (the previous one keeps verifying tokens it signed).
 */

export const KEPT_SIGNING_KEYS = 2;

function newSigningKey(): { kid: string; jwk: JsonWebKey } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  return { kid, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

/** The live keys, newest (the one that signs) first; the first start makes one. */
export async function loadSigningKeys(ctx: ServiceContext): Promise<JsonWebKey[]> {
  const key = await connectionsKey(ctx);
  let rows = await store.listSigningKeys(ctx.db);
  if (rows.length === 0) {
    rows = await inTransaction(ctx, async (tx) => {
      await store.lockSigningKeys(tx.db);
      const existing = await store.listSigningKeys(tx.db);
      if (existing.length) return existing;
      const made = newSigningKey();
      await store.insertSigningKey(tx.db, made.kid, encryptToken(key, made.kid, JSON.stringify(made.jwk)));
      return store.listSigningKeys(tx.db);
    });
  }
  return rows.map((row) => JSON.parse(decryptToken(key, row.kid, row.key_ciphertext)) as JsonWebKey);
}

/** Adds a signing key and retires the oldest; the caller audits (in its transaction). */
export async function addSigningKey(tx: ServiceContext): Promise<{ kid: string; retired: string[] }> {
  const key = await connectionsKey(tx);
  await store.lockSigningKeys(tx.db);
  const made = newSigningKey();
  await store.insertSigningKey(tx.db, made.kid, encryptToken(key, made.kid, JSON.stringify(made.jwk)));
  return { kid: made.kid, retired: await store.retireOldSigningKeys(tx.db, KEPT_SIGNING_KEYS) };
}
