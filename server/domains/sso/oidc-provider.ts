import { createHmac } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import { createContext, SYSTEM_ACTOR, type ServiceContext } from '../../core/context.ts';
import type { Db } from '../../db/connect.ts';
import { resolveSigningSecret } from '../accounts/signing-secret.ts';
import { connectionsKey } from '../connections/connection-secrets.ts';
import { decryptToken } from '../connections/token-crypto.ts';
import { postgresAdapter, type ClientLoader } from './oidc-adapter.ts';
import { cachedClient } from './oidc-client-cache.ts';
import { loadSigningKeys } from './oidc-keys.ts';
import { oidcModule } from './oidc-module.ts';
import { logoutSource, postLogoutSuccessSource, renderError } from './oidc-pages.ts';
import { holdTokenWrites } from './oidc-token-writes.ts';
import { accountKey, currentOidcRequestScope, takePrefetched } from './oidc-request-scope.ts';
import * as store from './oidc-store.repository.ts';
import * as repo from './sso.repository.ts';

/**
 * Backoffice as an OpenID Connect provider: `oidc-provider` (OpenID certified), configured here and
 * mounted at `/oidc` (oidc.routes.ts). Its issuer is `<PUBLIC_URL>/oidc`, so discovery is
 * `<PUBLIC_URL>/oidc/.well-known/openid-configuration`.
 *
 * - Storage: PostgreSQL through the adapter interface (oidc-adapter.ts); clients are the OpenID
 *   connections (client secrets decrypted only here).
 * - Login and consent happen on our page `/verify-oidc`, which calls `/api/oidc-auth/*`.
 * - Access is checked twice: an existing grant counts only while the person may use the app
 *   (`loadExistingGrant`), and the token, refresh and userinfo calls find no account for a person
 *   who is no longer active or no longer allowed (`findAccount`), so removal takes effect at once.
 */

export const OIDC_MOUNT = '/oidc';
export const VERIFY_PAGE = '/verify-oidc';
export const OIDC_SCOPES = ['openid', 'offline_access', 'email', 'profile', 'groups'] as const;

/** Routes of the provider where the person is still signing in: access is decided at the consent step. */
const LOGIN_ROUTES = new Set(['authorization', 'resume', 'pushed_authorization_request']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const issuerOf = (config: Config) => `${config.publicUrl}${OIDC_MOUNT}`;

const providers = new WeakMap<Db, Promise<Provider>>();

/** The provider of this database (one per app; tests build several apps in one process). */
export function oidcProvider(db: Db, config: Config): Promise<Provider> {
  let pending = providers.get(db);
  if (!pending) {
    pending = buildProvider(db, config);
    providers.set(db, pending);
    pending.catch(() => providers.delete(db));
  }
  return pending;
}

/** The metadata oidc-provider expects for a client, from an OpenID connection. */
export async function clientMetadata(ctx: ServiceContext, row: repo.SsoConnectionRecord) {
  const isPublic = row.client_type === 'PUBLIC' || !row.client_secret_ciphertext;
  return {
    client_id: row.client_id,
    client_name: row.name,
    client_uri: row.url,
    redirect_uris: [...new Set([...row.redirect_uris, row.callback_url])],
    post_logout_redirect_uris: row.post_logout_redirect_uris,
    response_types: row.response_types,
    grant_types: row.grant_types,
    ...(isPublic
      ? { token_endpoint_auth_method: 'none' }
      : {
          token_endpoint_auth_method: 'client_secret_basic',
          client_secret: decryptToken(
            await connectionsKey(ctx),
            row.client_id,
            row.client_secret_ciphertext!,
          ),
        }),
  };
}

/**
 * The provider as the app runs it. `inMemory` is the benchmark's baseline only (bench/scenarios/sso.ts):
 * the same configuration — the same account lookup in PostgreSQL included — with oidc-provider's own
 * in-memory storage and the listed clients, so the two differ by the storage alone.
 */
export async function buildProvider(
  db: Db,
  config: Config,
  inMemory?: { clients: Record<string, unknown>[] },
): Promise<Provider> {
  const system = createContext({ db, config }, SYSTEM_ACTOR, { requestId: 'oidc' });
  const jwtSecret = await resolveSigningSecret(db, config);
  const keys = await loadSigningKeys(system);
  const cookieKey = createHmac('sha256', jwtSecret).update('oidc-provider cookies').digest('base64url');

  const loadClient: ClientLoader = (clientId) =>
    cachedClient(clientId, async () => {
      const row = await repo.findConnectionByClientId(db, clientId);
      return row ? clientMetadata(system, row) : undefined;
    });

  const mayUse = async (clientId: string | undefined, accountId: string) => {
    if (!clientId) return false;
    const row = await repo.findConnectionByClientId(db, clientId);
    return row ? repo.isAllowed(db, row.id, accountId) : false;
  };

  const provider = new (oidcModule().default)(issuerOf(config), {
    ...(inMemory ? { clients: inMemory.clients } : { adapter: postgresAdapter(db, loadClient) }),
    jwks: { keys },
    cookies: {
      keys: [cookieKey],
      // The interaction cookie also reaches /api/oidc-auth: it binds the login to this browser.
      short: { httpOnly: true, sameSite: 'lax', path: '/' },
      long: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: [...OIDC_SCOPES],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
      groups: ['groups'],
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      // The pages in the person's language, styled as the app's (oidc-pages.ts).
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      pushedAuthorizationRequests: { enabled: true },
    },
    // PKCE with S256 (the only method offered): required of every public client.
    pkce: {
      required: (_ctx: unknown, client: { clientAuthMethod: string }) => client.clientAuthMethod === 'none',
    },
    // A refresh token whenever the app is registered for them (no offline_access dance).
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 30 * 24 * 3600,
      Session: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
      PushedAuthorizationRequest: 60,
    },
    interactions: {
      // Relative: the page opens on the host the browser used for the provider (cookies are per host).
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${VERIFY_PAGE}?interaction=${encodeURIComponent(interaction.uid)}`,
    },
    loadExistingGrant: async (ctx: OidcKoaContext) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (!grantId) return undefined;
      // A grant counts only while the person may use the app; otherwise the consent step asks again.
      if (!(await mayUse(ctx.oidc.client.clientId, ctx.oidc.session.accountId))) return undefined;
      return ctx.oidc.provider.Grant.find(grantId);
    },
    findAccount: async (ctx: OidcKoaContext, sub: string) => {
      if (!UUID.test(sub)) return undefined;
      const clientId = ctx.oidc.client?.clientId ?? null;
      // Read with the token in this same request when it came through the adapter (oidc-request-scope.ts).
      const prefetched = takePrefetched(currentOidcRequestScope()?.accounts, accountKey(sub, clientId));
      const account =
        prefetched !== undefined ? prefetched : await store.findAccountForClient(db, sub, clientId);
      if (!account?.active) return undefined;
      // While signing in, access is decided at the consent step (where one may ask for it).
      if (!LOGIN_ROUTES.has(ctx.oidc.route) && !account.allowed) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: `${account.first_name} ${account.last_name}`.trim(),
          given_name: account.first_name,
          family_name: account.last_name,
          picture: account.avatar_url ? new URL(account.avatar_url, config.publicUrl).href : undefined,
          groups: account.groups,
        }),
      };
    },
    renderError,
  });
  provider.proxy = config.TRUST_PROXY;
  if (!inMemory) holdTokenWrites(provider, db);
  return provider;
}

interface OidcKoaContext {
  oidc: {
    route: string;
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: Provider;
  };
}
