import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import * as repo from './secrets.repository.ts';

/**
 * The server's half of the vault: SECRETS_PEPPER, a 256-bit key from the environment that the
 * database never holds. Passcode and recovery proofs are kept as HMACs under it, and the wrapped
 * user keys the browser sends are sealed again under it (AES-256-GCM), so a dump of the database
 * alone allows no offline guessing of the 10^6 passcodes: every guess needs the live server, which
 * counts it. Without SECRETS_PEPPER, development and tests keep a generated one in `app_settings`
 * (a dump of such a database does include it); production answers 503 SECRETS_PEPPER_MISSING.
 */

type Purpose = 'passcode' | 'recovery';

function parseKey(text: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}

/** The pepper, or 503 in production without one. */
export async function secretsPepper(ctx: ServiceContext): Promise<Buffer> {
  if (ctx.config.SECRETS_PEPPER) return parseKey(ctx.config.SECRETS_PEPPER);
  if (ctx.config.isProduction) throw new AppError('SECRETS_PEPPER_MISSING');
  return parseKey(await repo.findOrCreateDevPepper(ctx.db, randomBytes(32).toString('base64')));
}

const subkey = (pepper: Buffer, info: string) =>
  Buffer.from(hkdfSync('sha256', pepper, Buffer.alloc(0), info, 32));

/** HMAC-SHA256 of a proof, bound to its person and purpose (a proof cannot be replayed for another). */
export function verifierOf(pepper: Buffer, userId: string, purpose: Purpose, proof: string): string {
  return createHmac('sha256', subkey(pepper, 'backoffice vault verifier v1'))
    .update(`${purpose}:${userId}:${proof}`)
    .digest('base64url');
}

/** Constant-time comparison of a proof with its stored verifier. */
export function proofMatches(
  pepper: Buffer,
  userId: string,
  purpose: Purpose,
  proof: string,
  stored: string,
) {
  const expected = Buffer.from(stored, 'base64url');
  const actual = Buffer.from(verifierOf(pepper, userId, purpose, proof), 'base64url');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Seals a wrapped user key (already encrypted by the browser) under the pepper. */
export function sealUnderPepper(pepper: Buffer, userId: string, purpose: Purpose, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subkey(pepper, 'backoffice vault seal v1'), iv);
  cipher.setAAD(Buffer.from(`${purpose}:${userId}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

export function openUnderPepper<T>(pepper: Buffer, userId: string, purpose: Purpose, sealed: string): T {
  const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', subkey(pepper, 'backoffice vault seal v1'), iv!);
  decipher.setAAD(Buffer.from(`${purpose}:${userId}`));
  decipher.setAuthTag(tag!);
  return JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')) as T;
}
