import type { Db } from '../../db/connect.ts';
import { oidcModule } from './oidc-module.ts';
import * as store from './oidc-store.repository.ts';
import { accountKey, currentOidcRequestScope, takePrefetched } from './oidc-request-scope.ts';

/**
 * oidc-provider's storage in PostgreSQL, through its adapter interface: one row per model and id
 * (`oidc_payloads`), with the keys the provider looks things up by (grantId, uid, userCode) in
 * their own indexed columns. Expired rows are invisible at once and removed by the clean-up job
 * (sso.jobs.ts). Clients are not stored here: they are the OpenID connections (`loadClient`).
 */

/** Tokens the provider follows with their grant and their person: read with both in one statement. */
const TOKEN_MODELS = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken']);

/**
 * Used once, and what the provider says when a second use is refused: a code or a rotated refresh
 * token that another request consumed first.
 */
export const SINGLE_USE: Readonly<Record<string, string>> = {
  AuthorizationCode: 'authorization code already consumed',
  RefreshToken: 'refresh token already used',
};

/** Written by the token endpoint: held until its answer is ready, then written in one statement. */
const HELD_UNTIL_ANSWER = new Set(['AccessToken', 'RefreshToken']);

export type ClientLoader = (clientId: string) => Promise<Record<string, unknown> | undefined>;

export function postgresAdapter(db: Db, loadClient: ClientLoader) {
  return class PostgresAdapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
      const write = {
        model: this.model,
        id,
        payload,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      // The token endpoint writes its tokens together once its answer is ready (oidc-token-writes.ts).
      const held = currentOidcRequestScope()?.tokenWrites;
      if (held && HELD_UNTIL_ANSWER.has(this.model)) held.upserts.push(write);
      else await store.upsertPayload(db, write);
    }

    async find(id: string): Promise<Record<string, unknown> | undefined> {
      if (this.model === 'Client') return loadClient(id);
      const scope = currentOidcRequestScope();
      if (this.model === 'Grant') {
        const prefetched = takePrefetched(scope?.grants, id);
        if (prefetched !== undefined) return prefetched ?? undefined;
      }
      if (scope && TOKEN_MODELS.has(this.model)) {
        const row = await store.findTokenWithGrantAndAccount(db, this.model, id);
        if (row?.grant_id) scope.grants.set(row.grant_id, row.grant);
        if (row?.account_id) scope.accounts.set(accountKey(row.account_id, row.client_id), row.account);
        return withConsumed(row);
      }
      return withConsumed(await store.findPayload(db, this.model, { id }));
    }

    async findByUid(uid: string) {
      return withConsumed(await store.findPayload(db, this.model, { uid }));
    }

    async findByUserCode(userCode: string) {
      return withConsumed(await store.findPayload(db, this.model, { userCode }));
    }

    async consume(id: string): Promise<void> {
      const held = currentOidcRequestScope()?.tokenWrites;
      if (held && !held.consume && SINGLE_USE[this.model]) {
        // Consumed in the same statement that writes the tokens, which only this request then gets.
        held.consume = { model: this.model, id };
        return;
      }
      const { consumed, grantId } = await store.consumePayload(db, this.model, id);
      const reuse = SINGLE_USE[this.model];
      if (!consumed && reuse) {
        // Another request used it first: refused, and what it issued revoked, as the provider does
        // for a reuse it sees (its check of `consumed` happens before this call, so it missed this one).
        if (grantId) await store.revokeGrant(db, grantId);
        throw new (oidcModule().errors.InvalidGrant)(reuse);
      }
    }

    async destroy(id: string): Promise<void> {
      await store.deletePayload(db, this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await store.deleteByGrantId(db, grantId);
    }
  };
}

function withConsumed(row: store.StoredPayload | undefined) {
  if (!row) return undefined;
  // The provider refuses a consumed code (and revokes what it issued): a reused code fails.
  return row.consumed_at
    ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
    : row.payload;
}
