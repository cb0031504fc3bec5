import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Tokens at rest: AES-256-GCM under the connections key (CONNECTIONS_KEY), bound to the connection's
 * id (additional data), so a database dump reveals nothing and a ciphertext copied onto another
 * connection does not decrypt. Stored as `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the key
 * id (a hash prefix of the key, not the key) tells a wrong key apart from a damaged value.
 */

const VERSION = 'v1';

export class TokenKeyMismatchError extends Error {
  override name = 'TokenKeyMismatchError';
  constructor() {
    super('the token was encrypted with another connections key');
  }
}

/** 32 bytes from 64 hex digits or base64 / base64url (what CONNECTIONS_KEY accepts). */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error('a connections key is 32 bytes');
  return key;
}

export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function encryptToken(key: Buffer, connectionId: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(connectionId));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [
    VERSION,
    keyId(key),
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

export function decryptToken(key: Buffer, connectionId: string, stored: string): string {
  const [version, id, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error('not an encrypted token');
  if (id !== keyId(key)) throw new TokenKeyMismatchError();
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(connectionId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** What a person sees of a token: its last four characters behind dots. */
export const maskToken = (lastFour: string) => `••••••••${lastFour}`;
/** The last four characters, kept in clear for the mask; none of a short token (they would be most of it). */
export const lastFour = (token: string) => (token.trim().length >= 16 ? token.trim().slice(-4) : '');
