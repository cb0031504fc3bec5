import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one provider request has already read from PostgreSQL, for the rest of that request only.
 *
 * The token and userinfo calls look up a token, then its grant, then the person (three round trips).
 * The adapter reads all three in one statement (`findTokenWithGrantAndAccount`) and leaves the grant
 * and the person here; `Grant.find` and `findAccount` take them instead of asking again. The scope
 * lives as long as the HTTP request (oidc.routes.ts opens it), so nothing read here outlives the call:
 * a person deactivated or removed from the app is refused by the very next request.
 */
export interface PrefetchedAccount {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  active: boolean;
  allowed: boolean;
  groups: string[];
}

export interface OidcRequestScope {
  grants: Map<string, Record<string, unknown> | null>;
  /** By `${accountId} ${clientId}`: the access part depends on the app. */
  accounts: Map<string, PrefetchedAccount | null>;
  /** On the token endpoint only: its writes, held until the answer is ready (oidc-token-writes.ts). */
  tokenWrites?: PendingTokenWrites;
}

export interface PendingTokenWrites {
  /** The authorization code the provider consumed (at most one per request). */
  consume?: { model: string; id: string };
  /** Access and refresh tokens the provider saved. */
  upserts: { model: string; id: string; payload: Record<string, unknown>; expiresAt: Date | null }[];
}

const storage = new AsyncLocalStorage<OidcRequestScope>();

export function runInOidcRequestScope<T>(fn: () => T): T {
  return storage.run({ grants: new Map(), accounts: new Map() }, fn);
}

export function currentOidcRequestScope(): OidcRequestScope | undefined {
  return storage.getStore();
}

export const accountKey = (accountId: string, clientId: string | null) => `${accountId} ${clientId ?? ''}`;

/** Takes a value read earlier in this request (once: a second read asks the database again). */
export function takePrefetched<T>(map: Map<string, T> | undefined, key: string): T | undefined {
  if (!map?.has(key)) return undefined;
  const value = map.get(key)!;
  map.delete(key);
  return value;
}
