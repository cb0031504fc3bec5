import type { errors, default as Provider, ProviderContext } from 'oidc-provider';
import { oidcModule } from './oidc-module.ts';
import type { Db } from '../../db/connect.ts';
import { SINGLE_USE } from './oidc-adapter.ts';
import { currentOidcRequestScope } from './oidc-request-scope.ts';
import * as store from './oidc-store.repository.ts';

/** The token endpoint's path inside the provider (oidc-provider's default `routes.token`). */
const TOKEN_PATH = '/token';

/**
 * The token endpoint's writes in one statement instead of three. While the provider answers a
 * token request, the adapter holds the code (or rotated refresh token) it consumes and the access
 * and refresh tokens it saves (oidc-adapter.ts); once the answer is ready — and before Koa sends it,
 * since this middleware wraps the provider's routes — they are written together:
 *
 * - a successful answer: the code is consumed and the tokens written in one statement, the tokens
 *   only if this statement consumed the code. If another request consumed it first (two exchanges of
 *   one code at once), nothing is written, what that code issued is revoked, and the answer becomes
 *   `invalid_grant` — exactly one caller ever gets tokens for a code;
 * - a failed answer: its tokens are dropped (never sent); a code it consumed stays consumed, as when
 *   the provider writes at once;
 * - a failed write: the answer becomes `server_error` — tokens are never sent unless stored.
 *
 * Durability is unchanged: the one statement commits like the three did before the answer leaves.
 * oidc-provider's `grant.success` event has fired by then even for a request refused here
 * (Backoffice does not listen to it); `grant.error` follows such a refusal.
 */
export function holdTokenWrites(provider: Provider, db: Db): void {
  provider.use(async (ctx, next) => {
    const scope = currentOidcRequestScope();
    if (!scope || ctx.method !== 'POST' || ctx.path !== TOKEN_PATH) return next();
    const held: NonNullable<typeof scope.tokenWrites> = { upserts: [] };
    scope.tokenWrites = held;
    try {
      await next();
    } finally {
      scope.tokenWrites = undefined;
      if (ctx.status !== 200 && held.consume) {
        await store.consumePayload(db, held.consume.model, held.consume.id);
      }
    }
    if (ctx.status !== 200 || (!held.consume && held.upserts.length === 0)) return;
    try {
      if (await store.writeTokens(db, held.consume, held.upserts)) return;
    } catch (error) {
      refuse(ctx, undefined);
      provider.emit('server_error', ctx, error);
      return;
    }
    // Another request consumed the code first: as the provider treats a reuse.
    const grantId = held.upserts.find((write) => typeof write.payload.grantId === 'string')?.payload.grantId;
    if (typeof grantId === 'string') await store.revokeGrant(db, grantId);
    const error = new (oidcModule().errors.InvalidGrant)(SINGLE_USE[held.consume!.model]);
    refuse(ctx, error);
    provider.emit('grant.error', ctx, error);
  });
}

/** The answer the provider's own error handler gives a token call (JSON, no tokens). */
function refuse(ctx: ProviderContext, error: InstanceType<typeof errors.InvalidGrant> | undefined) {
  ctx.status = error?.statusCode ?? 500;
  ctx.body = error
    ? { error: error.message, error_description: error.error_description }
    : { error: 'server_error', error_description: 'oops! something went wrong' };
}
