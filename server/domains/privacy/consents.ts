import type { ServiceContext } from '../../core/context.ts';
import { requireTransaction } from '../../core/transaction.ts';
import * as repo from './privacy.repository.ts';

/**
 * The privacy area's service API for other areas: the consent records a use case writes with its own
 * change. No authorization or audit here: the calling use case (sign-up) has checked and audits.
 */

/** Records that the person agreed to the terms of service and the privacy policy on signing up. */
export async function recordSignUpConsents(tx: ServiceContext, userId: string, at: Date): Promise<void> {
  requireTransaction(tx, 'recordSignUpConsents');
  await repo.insertConsents(
    tx.db,
    (['TERMS', 'PRIVACY'] as const).map((kind) => ({
      user_id: userId,
      kind,
      source: 'SIGN_UP' as const,
      agreed_at: at,
      ip: tx.request.ip,
      user_agent: tx.request.userAgent?.slice(0, 500) ?? null,
    })),
  );
}
