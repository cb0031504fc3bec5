import {
  newItemKey,
  openJson,
  sealJson,
  unwrapItemKey,
  wrapItemKey,
  type VaultKeys,
} from '../../../shared/crypto/vault-crypto.ts';
import type { SecretDetail, SecretType } from '../../../shared/secrets.schemas.ts';
import type { SecretContent } from '../../../shared/rules/secrets.ts';
import { touchVault } from './vault-session.ts';

/** The browser's side of a secret: open it with my private key, seal it for saving. */

export async function openSecretContent(detail: SecretDetail, keys: VaultKeys) {
  touchVault();
  const itemKey = await unwrapItemKey(detail.wrappedKey, keys.privateKey);
  const content = await openJson<SecretContent>(itemKey, detail.content, 'content');
  const comments = await Promise.all(
    detail.comments.map(async (comment) => ({
      ...comment,
      text: await openJson<string>(itemKey, comment.content, 'comment'),
    })),
  );
  return { itemKey, content, comments };
}

export async function sealNewSecret(
  keys: VaultKeys,
  values: { name: string; type: SecretType; folder: string; tags: string[]; content: SecretContent },
) {
  touchVault();
  const itemKey = newItemKey();
  return {
    name: values.name,
    type: values.type,
    folder: values.folder || null,
    tags: values.tags,
    content: await sealJson(itemKey, values.content, 'content'),
    wrappedKey: await wrapItemKey(itemKey, keys.publicKey),
  };
}

export { sealJson, wrapItemKey };
