import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token (256 bits). Only its hash is ever stored. */
export function newOneTimeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token: the database keeps this, so a leaked table gives no usable link. */
export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
