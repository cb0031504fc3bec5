import { fromBase64Url, randomBytes, toBase32, toBase64Url, utf8 } from './encoding.ts';

/**
 * The vault's cryptography, run in the browser (WebCrypto) and by the API tests and the bench in
 * Node (the same globalThis.crypto.subtle): the server never receives a passcode, a recovery key, a
 * user key or any secret's content. Only platform primitives: PBKDF2-SHA256, HKDF-SHA256,
 * AES-256-GCM, ECDH P-256. README "Secrets" explains the key hierarchy and what it defends against.
 *
 *   passcode ──PBKDF2(600 000, salt)──► master ─HKDF "auth"─► passcode proof (the server checks it
 *                                               │              against an HMAC under its pepper)
 *                                               └HKDF "enc"──► passcode key ─AES-GCM─► user key
 *   recovery key (160 bits) ──HKDF──► recovery proof / recovery key ─AES-GCM─► user key
 *   user key ─AES-GCM─► ECDH private key;  public key in clear (others share to it)
 *   secret item key ─ECDH(ephemeral, member's public key)+HKDF─► wrapped per member
 *   item key ─AES-GCM─► content (fields, files, comments)
 */

/** PBKDF2-SHA256 cost (OWASP 2023 for PBKDF2-HMAC-SHA256); paid in the browser, once per unlock. */
export const PASSCODE_KDF_ITERATIONS = 600_000;
/** A recovery key: 20 random bytes as 32 base32 characters (160 bits). */
export const RECOVERY_KEY_LENGTH = 32;

const subtle = () => globalThis.crypto.subtle;

export interface Sealed {
  iv: string;
  ciphertext: string;
}

/** A key wrapped for one member: the ephemeral ECDH public key and the sealed item key. */
export interface WrappedKey extends Sealed {
  epk: string;
}

async function hkdfBase(material: Uint8Array<ArrayBuffer>) {
  return subtle().importKey('raw', material, 'HKDF', false, ['deriveBits', 'deriveKey']);
}

async function hkdfBits(
  base: CryptoKey,
  info: string,
  salt = new Uint8Array(0),
): Promise<Uint8Array<ArrayBuffer>> {
  const bits = await subtle().deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt, info: utf8.encode(info) },
    base,
    256,
  );
  return new Uint8Array(bits);
}

async function hkdfAesKey(base: CryptoKey, info: string, salt = new Uint8Array(0)): Promise<CryptoKey> {
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: utf8.encode(info) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** AES-256-GCM with a fresh 96-bit IV; `context` is bound as associated data (a blob cannot be moved). */
export async function seal(key: CryptoKey, plain: Uint8Array<ArrayBuffer>, context: string): Promise<Sealed> {
  const iv = randomBytes(12);
  const ciphertext = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8.encode(context) },
    key,
    plain,
  );
  return { iv: toBase64Url(iv), ciphertext: toBase64Url(new Uint8Array(ciphertext)) };
}

/** Opens what `seal` made; throws when the key, the context or a byte is wrong. */
export async function open(
  key: CryptoKey,
  sealed: Sealed,
  context: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const plain = await subtle().decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(sealed.iv), additionalData: utf8.encode(context) },
    key,
    fromBase64Url(sealed.ciphertext),
  );
  return new Uint8Array(plain);
}

export function importAesKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return subtle().importKey('raw', raw, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** What a passcode gives: the proof the server checks, and the key that opens the user key. */
export async function derivePasscodeKeys(
  passcode: string,
  salt: string,
  iterations = PASSCODE_KDF_ITERATIONS,
) {
  const password = await subtle().importKey('raw', utf8.encode(passcode), 'PBKDF2', false, ['deriveBits']);
  const master = await subtle().deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64Url(salt), iterations },
    password,
    256,
  );
  const base = await hkdfBase(new Uint8Array(master));
  return {
    proof: toBase64Url(await hkdfBits(base, 'backoffice vault passcode auth v1')),
    key: await hkdfAesKey(base, 'backoffice vault passcode enc v1'),
  };
}

/** Upper case without spaces or dashes: how a recovery key is compared, however it was typed. */
export function normaliseRecoveryKey(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** What a recovery key gives: the proof the server checks, and the key that opens the user key. */
export async function deriveRecoveryKeys(recoveryKey: string) {
  const base = await hkdfBase(utf8.encode(normaliseRecoveryKey(recoveryKey)));
  const salt = utf8.encode('backoffice vault recovery v1');
  return {
    proof: toBase64Url(await hkdfBits(base, 'auth', salt)),
    key: await hkdfAesKey(base, 'enc', salt),
  };
}

/** The unlocked vault: the user key and the person's ECDH private key, kept in memory only. */
export interface VaultKeys {
  userKey: CryptoKey;
  privateKey: CryptoKey;
  publicKey: string;
}

/** Everything the server keeps for a new vault (POST /api/secrets/vault), all opaque to it. */
export interface VaultSetupMaterial {
  passcodeSalt: string;
  passcodeProof: string;
  passcodeWrappedKey: Sealed;
  recoveryProof: string;
  recoveryWrappedKey: Sealed;
  publicKey: string;
  wrappedPrivateKey: Sealed;
}

const USER_KEY_CONTEXT = 'user-key';
const PRIVATE_KEY_CONTEXT = 'private-key';

/** A new vault for a passcode: the material to store, the recovery key to show once, the open keys. */
export async function createVault(passcode: string, iterations = PASSCODE_KDF_ITERATIONS) {
  const userKeyRaw = randomBytes(32);
  const recoveryKey = toBase32(randomBytes(20));
  const passcodeSalt = toBase64Url(randomBytes(16));
  const [passcode_, recovery, pair] = await Promise.all([
    derivePasscodeKeys(passcode, passcodeSalt, iterations),
    deriveRecoveryKeys(recoveryKey),
    subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ]) as Promise<CryptoKeyPair>,
  ]);
  const userKey = await importAesKey(userKeyRaw);
  const publicKey = toBase64Url(new Uint8Array(await subtle().exportKey('spki', pair.publicKey)));
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey));
  const material: VaultSetupMaterial = {
    passcodeSalt,
    passcodeProof: passcode_.proof,
    passcodeWrappedKey: await seal(passcode_.key, userKeyRaw, USER_KEY_CONTEXT),
    recoveryProof: recovery.proof,
    recoveryWrappedKey: await seal(recovery.key, userKeyRaw, USER_KEY_CONTEXT),
    publicKey,
    wrappedPrivateKey: await seal(userKey, pkcs8, PRIVATE_KEY_CONTEXT),
  };
  const privateKey = await importPrivateKey(pkcs8);
  return { material, recoveryKey, keys: { userKey, privateKey, publicKey } satisfies VaultKeys, userKeyRaw };
}

function importPrivateKey(pkcs8: Uint8Array<ArrayBuffer>) {
  return subtle().importKey('pkcs8', pkcs8, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
}

/** Opens the vault with the user key the server released after checking a proof. */
export async function openVault(
  unwrapKey: CryptoKey,
  wrappedUserKey: Sealed,
  vault: { publicKey: string; wrappedPrivateKey: Sealed },
): Promise<VaultKeys & { userKeyRaw: Uint8Array<ArrayBuffer> }> {
  const userKeyRaw = await open(unwrapKey, wrappedUserKey, USER_KEY_CONTEXT);
  const userKey = await importAesKey(userKeyRaw);
  const privateKey = await importPrivateKey(
    await open(userKey, vault.wrappedPrivateKey, PRIVATE_KEY_CONTEXT),
  );
  return { userKey, privateKey, publicKey: vault.publicKey, userKeyRaw };
}

/** A new passcode for an open vault (reset with the recovery key, or a change). */
export async function rewrapForPasscode(
  userKeyRaw: Uint8Array<ArrayBuffer>,
  passcode: string,
  iterations = PASSCODE_KDF_ITERATIONS,
) {
  const passcodeSalt = toBase64Url(randomBytes(16));
  const derived = await derivePasscodeKeys(passcode, passcodeSalt, iterations);
  return {
    passcodeSalt,
    passcodeProof: derived.proof,
    passcodeWrappedKey: await seal(derived.key, userKeyRaw, USER_KEY_CONTEXT),
  };
}

async function ecdhWrappingKey(privateKey: CryptoKey, publicKey: CryptoKey) {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  return hkdfAesKey(await hkdfBase(new Uint8Array(shared)), 'backoffice secret item key v1');
}

/** Wraps a secret's item key for a member's public key (ECIES: ephemeral ECDH P-256 + HKDF + AES-GCM). */
export async function wrapItemKey(
  itemKeyRaw: Uint8Array<ArrayBuffer>,
  recipientPublicKey: string,
): Promise<WrappedKey> {
  const recipient = await subtle().importKey(
    'spki',
    fromBase64Url(recipientPublicKey),
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const ephemeral = (await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const key = await ecdhWrappingKey(ephemeral.privateKey, recipient);
  const sealed = await seal(key, itemKeyRaw, 'item-key');
  const epk = toBase64Url(new Uint8Array(await subtle().exportKey('spki', ephemeral.publicKey)));
  return { ...sealed, epk };
}

/** The item key wrapped for me, opened with my private key. */
export async function unwrapItemKey(
  wrapped: WrappedKey,
  privateKey: CryptoKey,
): Promise<Uint8Array<ArrayBuffer>> {
  const ephemeral = await subtle().importKey(
    'spki',
    fromBase64Url(wrapped.epk),
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  return open(await ecdhWrappingKey(privateKey, ephemeral), wrapped, 'item-key');
}

export function newItemKey(): Uint8Array<ArrayBuffer> {
  return randomBytes(32);
}

/** A JSON value sealed under an item key; `context` binds it to its use ('content', 'comment'). */
export async function sealJson(itemKeyRaw: Uint8Array<ArrayBuffer>, value: unknown, context: string) {
  return seal(await importAesKey(itemKeyRaw), utf8.encode(JSON.stringify(value)), context);
}

export async function openJson<T>(
  itemKeyRaw: Uint8Array<ArrayBuffer>,
  sealed: Sealed,
  context: string,
): Promise<T> {
  return JSON.parse(utf8.decode(await open(await importAesKey(itemKeyRaw), sealed, context))) as T;
}
