import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  createVault,
  deriveRecoveryKeys,
  derivePasscodeKeys,
  newItemKey,
  openJson,
  openVault,
  sealJson,
  unwrapItemKey,
  wrapItemKey,
  type VaultKeys,
} from '../../shared/crypto/vault-crypto.ts';
import type { SecretDetail, SecretType, VaultStatus } from '../../shared/secrets.schemas.ts';
import type { SecretContent } from '../../shared/rules/secrets.ts';

/**
 * The browser's side of the vault, for API tests: the same shared WebCrypto module the client uses
 * (Node's globalThis.crypto.subtle). Tests use a lower PBKDF2 cost than the real 600 000 to stay
 * fast: the server never sees or checks it (it only keeps the salt); one test runs the real cost.
 */
export const TEST_KDF_ITERATIONS = 1_000;

interface Caller {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  user: { id: string };
}

export async function setUpVault(caller: Caller, passcode = '123456', iterations = TEST_KDF_ITERATIONS) {
  const vault = await createVault(passcode, iterations);
  const response = await caller.inject({
    method: 'POST',
    url: '/api/secrets/vault',
    payload: vault.material,
  });
  if (response.statusCode !== 201) throw new Error(`vault setup failed: ${response.body}`);
  return { ...vault, status: response.json<VaultStatus>() };
}

export async function vaultStatus(caller: Caller): Promise<VaultStatus> {
  return (await caller.inject({ method: 'GET', url: '/api/secrets/vault' })).json<VaultStatus>();
}

/** The proof a passcode gives with the caller's stored salt. */
export async function passcodeProof(caller: Caller, passcode: string, iterations = TEST_KDF_ITERATIONS) {
  const status = await vaultStatus(caller);
  return (await derivePasscodeKeys(passcode, status.passcodeSalt!, iterations)).proof;
}

/** Unlocks as the browser does: derive, send the proof, open the released user key. */
export async function unlock(caller: Caller, passcode: string, iterations = TEST_KDF_ITERATIONS) {
  const status = await vaultStatus(caller);
  const derived = await derivePasscodeKeys(passcode, status.passcodeSalt!, iterations);
  const response = await caller.inject({
    method: 'POST',
    url: '/api/secrets/vault/unlock',
    payload: { passcodeProof: derived.proof },
  });
  if (response.statusCode !== 200) return { response, keys: null };
  const keys = await openVault(derived.key, response.json().wrappedUserKey, {
    publicKey: status.publicKey!,
    wrappedPrivateKey: status.wrappedPrivateKey!,
  });
  return { response, keys };
}

export async function recoveryProof(recoveryKey: string) {
  return (await deriveRecoveryKeys(recoveryKey)).proof;
}

/** Creates a secret as the browser does: a fresh item key, the content sealed, the key wrapped for oneself. */
export async function createSecret(
  caller: Caller,
  keys: VaultKeys,
  values: { name: string; type?: SecretType; content: SecretContent; folder?: string; tags?: string[] },
) {
  const itemKey = newItemKey();
  const response = await caller.inject({
    method: 'POST',
    url: '/api/secrets',
    payload: {
      name: values.name,
      type: values.type ?? 'SSH_KEY',
      folder: values.folder,
      tags: values.tags,
      content: await sealJson(itemKey, values.content, 'content'),
      wrappedKey: await wrapItemKey(itemKey, keys.publicKey),
    },
  });
  if (response.statusCode !== 201) throw new Error(`secret creation failed: ${response.body}`);
  return { secret: response.json<SecretDetail>(), itemKey };
}

/** Opens a secret as its member: the audited GET, then the item key and content with their private key. */
export async function readSecret(caller: Caller, keys: VaultKeys, id: string) {
  const response = await caller.inject({ method: 'GET', url: `/api/secrets/${id}` });
  if (response.statusCode !== 200) return { response, content: null };
  const detail = response.json<SecretDetail>();
  const itemKey = await unwrapItemKey(detail.wrappedKey, keys.privateKey);
  return {
    response,
    detail,
    itemKey,
    content: await openJson<SecretContent>(itemKey, detail.content, 'content'),
  };
}

/** Shares: wraps the item key for the recipient's public key (from the recipients list). */
export async function share(
  caller: Caller,
  secretId: string,
  itemKey: Uint8Array<ArrayBuffer>,
  recipient: { id: string; publicKey: string },
  role: string,
) {
  return caller.inject({
    method: 'PUT',
    url: `/api/secrets/${secretId}/members/${recipient.id}`,
    payload: { role, wrappedKey: await wrapItemKey(itemKey, recipient.publicKey) },
  });
}
