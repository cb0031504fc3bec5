import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { addSigningKey } from './oidc-keys.ts';
import * as store from './oidc-store.repository.ts';
import { ssoPolicy } from './sso.policy.ts';

const PURGE_BATCH = 5000;

/**
 * Adds a signing key (`backoffice sso rotate-keys`). Servers sign with it from their next start;
 * the previous key stays published so tokens it signed still verify; older ones are retired.
 */
export async function rotateSsoSigningKeys(ctx: ServiceContext): Promise<{ kid: string; retired: string[] }> {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  return inTransaction(ctx, async (tx) => {
    const result = await addSigningKey(tx);
    await recordAudit(tx, {
      action: 'sso.keys_rotated',
      entityType: 'oidc_signing_key',
      entityId: null,
      after: result,
    });
    return result;
  });
}

/** Removes the provider's expired codes, tokens, sessions and interactions (the hourly job). */
export async function purgeExpiredOidcPayloads(ctx: ServiceContext): Promise<{ deleted: number }> {
  ssoPolicy.authorize(ctx.actor, 'manage', undefined);
  let deleted = 0;
  for (;;) {
    const count = await store.deleteExpiredPayloads(ctx.db, PURGE_BATCH);
    deleted += count;
    if (count < PURGE_BATCH) break;
  }
  if (deleted > 0)
    await inTransaction(ctx, (tx) =>
      recordAudit(tx, {
        action: 'oidc_payload.purged',
        entityType: 'oidc_payload',
        entityId: null,
        after: { deleted },
      }),
    );
  return { deleted };
}
