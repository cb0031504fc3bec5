import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  Revealed,
  RevealBody,
  SecureShareBody,
  SecureShareCreated,
  SecureShareLimits,
  SecureShareStatus,
} from '../../../shared/secrets.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { Sealed } from '../../../shared/crypto/vault-crypto.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { readSecureShareSettings } from '../platform-settings/secure-share-settings.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as repo from './secure-share.repository.ts';
import { secureSharePolicy } from './secure-share.policy.ts';

/**
 * Secure share links. The server keeps ciphertext and a hash of the link's verifier; the key is in
 * the link's fragment only. Opening a link shows how many views are left and uses none; a view is
 * used only by the reveal call, which must present the verifier, so a truncated link or a preview
 * bot burns nothing. Calls per address are counted in PostgreSQL (all replicas see the same count).
 */

/** Reveal and status calls per address and minute, across replicas. */
export const VIEW_CALLS_PER_MINUTE = 30;

async function limitRate(ctx: ServiceContext, action: string): Promise<void> {
  const count = await repo.countInWindow(ctx.db, `${action}:${ctx.request.ip ?? 'unknown'}`);
  if (count > VIEW_CALLS_PER_MINUTE)
    throw new AppError('TOO_MANY_REQUESTS', { headers: { 'retry-after': '60' } });
}

/** What a new link may ask for now, and what the form starts with (the UTILITIES settings). */
export async function getSecureShareLimits(ctx: ServiceContext): Promise<SecureShareLimits> {
  secureSharePolicy.authorize(ctx.actor, 'create', undefined);
  return readSecureShareSettings(ctx.db);
}

/** Stores a link's ciphertext for a number of views and hours, within the UTILITIES settings. */
export async function createSecureShare(
  ctx: ServiceContext,
  input: SecureShareBody,
): Promise<SecureShareCreated> {
  secureSharePolicy.authorize(ctx.actor, 'create', undefined);
  const limits = await readSecureShareSettings(ctx.db);
  const problems: FieldProblem[] = [];
  if (input.accessLimit > limits.maxViews)
    problems.push({ field: 'accessLimit', code: 'maximum', params: { max: limits.maxViews } });
  if (input.expirationHours > limits.maxHours)
    problems.push({ field: 'expirationHours', code: 'maximum', params: { max: limits.maxHours } });
  if (problems.length) throw validationError(problems);
  return inTransaction(ctx, async (tx) => {
    await repo.deleteDeadShares(tx.db);
    const row = await repo.insertShare(tx.db, {
      content: JSON.stringify(input.content),
      verifier_hash: input.verifierHash,
      access_limit: input.accessLimit,
      expires_at: new Date(Date.now() + input.expirationHours * 3_600_000),
      created_by: tx.actor.id!,
    });
    await recordAudit(tx, {
      action: 'secure_share.created',
      entityType: 'secure_share',
      entityId: row.id,
      after: { accessLimit: input.accessLimit, expirationHours: input.expirationHours },
    });
    return { id: row.id, accessLimit: row.access_limit, expiresAt: row.expires_at.toISOString() };
  });
}

const live = (row: NonNullable<Awaited<ReturnType<typeof repo.findShare>>>) =>
  row.has_content && row.views_used < row.access_limit && row.expires_at > new Date();

/** What a link's page shows before reveal (views left, expiry); uses no view. 410 once gone. */
export async function getSecureShareStatus(ctx: ServiceContext, id: string): Promise<SecureShareStatus> {
  await limitRate(ctx, 'status');
  const row = await repo.findShare(ctx.db, id);
  if (!row || !live(row)) throw new AppError('SECURE_SHARE_GONE');
  return { remainingViews: row.access_limit - row.views_used, expiresAt: row.expires_at.toISOString() };
}

const hashOf = (verifier: string) =>
  createHash('sha256').update(Buffer.from(verifier, 'base64url')).digest('base64url');

/**
 * Uses one view and returns the ciphertext, atomically. A verifier that does not match answers
 * 'The link is incomplete or incorrect …' and uses nothing; a link expired or used up answers 410.
 */
export async function revealSecureShare(
  ctx: ServiceContext,
  id: string,
  input: RevealBody,
): Promise<Revealed> {
  await limitRate(ctx, 'reveal');
  const hash = hashOf(input.verifier);
  return inTransaction(ctx, async (tx) => {
    const consumed = await repo.consumeView(tx.db, id, hash);
    if (!consumed) {
      const row = await repo.findShare(tx.db, id);
      if (!row || !live(row)) throw new AppError('SECURE_SHARE_GONE');
      const expected = Buffer.from(row.verifier_hash);
      const actual = Buffer.from(hash);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
        throw new AppError('SECURE_SHARE_KEY_INVALID');
      throw new AppError('SECURE_SHARE_GONE'); // raced to the last view
    }
    await recordAudit(tx, {
      action: 'secure_share.viewed',
      entityType: 'secure_share',
      entityId: id,
      after: { remainingViews: consumed.remaining },
    });
    return { content: consumed.content as Sealed, remainingViews: consumed.remaining };
  });
}
