import { randomBytes } from 'node:crypto';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import * as repo from './connections.repository.ts';
import type { ProviderCredentials } from './providers/provider.ts';
import { decryptToken, parseKey } from './token-crypto.ts';

/**
 * The connections key and what depends on it, in one place. CONNECTIONS_KEY wins. Without it a
 * development or test database generates a key once and keeps it in `app_settings` (as JWT_SECRET
 * is handled), which a dump would reveal with the tokens: production therefore refuses to keep or
 * use tokens until the key is set.
 */
export async function connectionsKey(ctx: ServiceContext): Promise<Buffer> {
  if (ctx.config.CONNECTIONS_KEY) return parseKey(ctx.config.CONNECTIONS_KEY);
  if (ctx.config.isProduction) throw new AppError('CONNECTIONS_KEY_MISSING');
  return parseKey(await repo.findOrCreateDevKey(ctx.db, randomBytes(32).toString('base64')));
}

/** The decrypted credentials of a stored connection; a token under another key asks to be entered again. */
export async function credentialsOf(
  ctx: ServiceContext,
  row: { id: string; base_url: string; path: string; account_email: string | null; token_ciphertext: string },
): Promise<ProviderCredentials> {
  const key = await connectionsKey(ctx);
  try {
    return {
      baseUrl: row.base_url,
      path: row.path,
      email: row.account_email,
      token: decryptToken(key, row.id, row.token_ciphertext),
    };
  } catch {
    // Another key (CONNECTIONS_KEY changed) or a damaged value: either way, enter the token again.
    throw new AppError('CONNECTION_TOKEN_UNREADABLE');
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The provider's address as kept: scheme and host in lower case, no trailing slash, no query. An
 * https address, or http on this machine (a test server, a tunnel): a token must not cross the
 * network in clear.
 */
export function normaliseBaseUrl(text: string): { url: string } | { problem: FieldProblem } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: { field: 'baseUrl', code: 'url' } };
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
    return { problem: { field: 'baseUrl', code: 'url' } };
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    return { problem: { field: 'baseUrl', code: 'connectionInsecureUrl' } };
  return { url: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}` };
}
