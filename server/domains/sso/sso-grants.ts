import type { ServiceContext } from '../../core/context.ts';
import { requireTransaction } from '../../core/transaction.ts';
import * as store from './oidc-store.repository.ts';
import * as repo from './sso.repository.ts';

/**
 * Taking away what the apps hold for a person: grants, codes, access and refresh tokens, deleted in
 * the caller's transaction (which audits). Their provider session stays: it is no access by itself.
 */

/** After a change of an app's people: those who were allowed and no longer are (or all, on removal). */
export async function revokeRemovedPeople(
  tx: ServiceContext,
  connection: { id: string; client_id: string },
  allowedBefore: readonly string[],
  options: { everyone?: boolean } = {},
): Promise<string[]> {
  requireTransaction(tx, 'revoking SSO grants');
  const still = options.everyone
    ? new Set<string>()
    : new Set(await repo.allowedUserIds(tx.db, connection.id));
  const removed = allowedBefore.filter((id) => !still.has(id));
  for (const userId of removed) await store.deleteAccountGrants(tx.db, userId, [connection.client_id]);
  return removed;
}

/**
 * Service API for the employees area: a person deactivated or deleted loses every app grant and
 * token at once, in the caller's transaction.
 */
export async function revokeSsoGrantsOfPerson(tx: ServiceContext, userId: string): Promise<number> {
  requireTransaction(tx, 'revoking SSO grants');
  return store.deleteAccountGrants(tx.db, userId);
}
