import { fromBase64Url, randomBytes, toBase64Url, utf8 } from './encoding.ts';
import { open, seal, type Sealed } from './vault-crypto.ts';

/**
 * Secure share links: the browser makes a random 256-bit link key, keeps it in the link's fragment
 * (never sent to a server), and derives two things from it with HKDF: the AES-256-GCM key of the
 * content, and a verifier. The server stores SHA-256(verifier) and hands the content out only to a
 * reveal call that presents the verifier, so a truncated or altered key is refused without using
 * up a view, and the stored hash opens nothing.
 */

const LINK_KEY_BYTES = 32;
/** The fragment of a complete link: 43 base64url characters. */
export const LINK_KEY_LENGTH = 43;

async function derive(linkKey: string) {
  const raw = fromBase64Url(linkKey);
  if (raw.length !== LINK_KEY_BYTES) throw new Error('link key length');
  const base = await crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveBits', 'deriveKey']);
  const params = (info: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(0),
    info: utf8.encode(info),
  });
  const contentKey = await crypto.subtle.deriveKey(
    params('backoffice secure share content v1'),
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const verifier = toBase64Url(
    new Uint8Array(await crypto.subtle.deriveBits(params('backoffice secure share verifier v1'), base, 256)),
  );
  return { contentKey, verifier };
}

/** SHA-256 of a verifier, base64url: what the server keeps and compares (node:crypto gives the same). */
export async function verifierHash(verifier: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', fromBase64Url(verifier))));
}

/** Encrypts text for a new link: the body for POST /api/secure-shares and the key for the fragment. */
export async function encryptForLink(text: string) {
  const linkKey = toBase64Url(randomBytes(LINK_KEY_BYTES));
  const { contentKey, verifier } = await derive(linkKey);
  const sealed = await seal(contentKey, utf8.encode(text), 'secure-share');
  return { linkKey, content: sealed, verifierHash: await verifierHash(verifier) };
}

/** The verifier a reveal call presents, or null when the fragment cannot be a link key. */
export async function verifierOf(linkKey: string): Promise<string | null> {
  try {
    return (await derive(linkKey)).verifier;
  } catch {
    return null;
  }
}

/** The text of a revealed link; throws when the key does not open it. */
export async function decryptFromLink(linkKey: string, content: Sealed): Promise<string> {
  const { contentKey } = await derive(linkKey);
  return utf8.decode(await open(contentKey, content, 'secure-share'));
}
