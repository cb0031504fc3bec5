import type { Sealed, WrappedKey } from '../../../shared/crypto/vault-crypto.ts';
import type {
  RecipientList,
  RecipientQuery,
  SecretBody,
  SecretDetail,
  SecretPage,
  SecretQuery,
  SecretUpdateBody,
} from '../../../shared/secrets.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as repo from './secrets.repository.ts';
import { secretPolicy, vaultPolicy } from './secrets.policy.ts';
import { person, requireSecret, toSummary } from './secret-view.ts';

/**
 * Secrets: the list (names only are searchable), creating, opening (an audited read), changing and
 * deleting. Contents arrive encrypted and leave encrypted; the audit trail names who read which
 * secret and when, never what it holds.
 */

const cleanTags = (tags: readonly string[] | undefined) => [
  ...new Set((tags ?? []).map((tag) => tag.trim())),
];

/** Secrets shared with the caller, or (scope 'all', secrets managers) the company's inventory. */
export async function listSecrets(ctx: ServiceContext, query: SecretQuery): Promise<SecretPage> {
  vaultPolicy.authorize(ctx.actor, query.scope === 'all' ? 'manage' : 'use', undefined);
  const viewer = ctx.actor.id ?? '00000000-0000-0000-0000-000000000000';
  return paginate(
    query,
    (window) =>
      repo.listSecrets(
        ctx.db,
        viewer,
        { onlyMine: query.scope !== 'all', search: query.search, folder: query.folder, tag: query.tag },
        window,
      ),
    (row) => toSummary(ctx, row),
  );
}

/** Stores a new secret; the caller becomes its OWNER, with the item key wrapped for their own public key. */
export async function createSecret(ctx: ServiceContext, input: SecretBody): Promise<SecretDetail> {
  vaultPolicy.authorize(ctx.actor, 'use', undefined);
  const userId = ctx.actor.id!;
  const id = await inTransaction(ctx, async (tx) => {
    if (!(await repo.findVault(tx.db, userId))) throw new AppError('VAULT_REQUIRED');
    const secretId = await repo.insertSecret(tx.db, {
      name: input.name.trim(),
      type: input.type,
      folder: input.folder?.trim() || null,
      tags: cleanTags(input.tags),
      content: JSON.stringify(input.content),
      created_by: userId,
    });
    await repo.upsertMember(tx.db, {
      secret_id: secretId,
      user_id: userId,
      role: 'OWNER',
      wrapped_key: JSON.stringify(input.wrappedKey),
      granted_by: userId,
    });
    await recordAudit(tx, {
      action: 'secret.created',
      entityType: 'secret',
      entityId: secretId,
      after: { name: input.name.trim(), type: input.type },
    });
    return secretId;
  });
  return openSecret(ctx, id, { audit: false });
}

async function openSecret(
  ctx: ServiceContext,
  id: string,
  options: { audit: boolean },
): Promise<SecretDetail> {
  return inTransaction(ctx, async (tx) => {
    const row = await requireSecret(tx, id);
    secretPolicy.authorize(tx.actor, 'read', { role: row.my_role });
    const [content, members, comments] = await Promise.all([
      repo.findSecretContent(tx.db, id),
      repo.listMembers(tx.db, id),
      repo.listComments(tx.db, id),
    ]);
    if (options.audit)
      await recordAudit(tx, {
        action: 'secret.read',
        entityType: 'secret',
        entityId: id,
        after: { name: row.name },
      });
    const mine = members.find((member) => member.user_id === tx.actor.id)!;
    return {
      ...toSummary(tx, row),
      version: row.version,
      content: content.content as Sealed,
      wrappedKey: mine.wrapped_key as WrappedKey,
      members: members.map((member) => ({
        person: person({ id: member.user_id, ...member }),
        role: member.role,
      })),
      comments: comments.map((comment) => ({
        id: comment.id,
        author: person({ ...comment, id: comment.author_id ?? '' }),
        content: comment.content as Sealed,
        createdAt: comment.created_at.toISOString(),
      })),
    };
  });
}

/** Opens one secret for a member: its ciphertext and their wrapped key. Every call is audited (who, which, when). */
export async function getSecret(ctx: ServiceContext, id: string): Promise<SecretDetail> {
  vaultPolicy.authorize(ctx.actor, 'use', undefined);
  return openSecret(ctx, id, { audit: true });
}

/** Changes a secret's name, folder, tags and content (OWNER, EDITOR); a stale version answers 412. */
export async function updateSecret(
  ctx: ServiceContext,
  id: string,
  input: SecretUpdateBody,
): Promise<SecretDetail> {
  vaultPolicy.authorize(ctx.actor, 'use', undefined);
  await inTransaction(ctx, async (tx) => {
    const row = await requireSecret(tx, id);
    secretPolicy.authorize(tx.actor, 'edit', { role: row.my_role });
    const locked = await repo.lockSecret(tx.db, id);
    if (!locked || locked.version !== input.version) throw new AppError('SECRET_STALE');
    await repo.updateSecret(tx.db, id, {
      name: input.name.trim(),
      folder: input.folder?.trim() || null,
      tags: cleanTags(input.tags),
      content: JSON.stringify(input.content),
    });
    await recordAudit(tx, {
      action: 'secret.updated',
      entityType: 'secret',
      entityId: id,
      before: { name: row.name, folder: row.folder, tags: row.tags },
      after: { name: input.name.trim(), folder: input.folder?.trim() || null, tags: cleanTags(input.tags) },
    });
  });
  return openSecret(ctx, id, { audit: false });
}

/** Destroys a secret (OWNER): its content, every member's key and the comments. */
export async function deleteSecret(ctx: ServiceContext, id: string): Promise<void> {
  vaultPolicy.authorize(ctx.actor, 'use', undefined);
  await inTransaction(ctx, async (tx) => {
    const row = await requireSecret(tx, id);
    secretPolicy.authorize(tx.actor, 'delete', { role: row.my_role });
    await repo.deleteSecret(tx.db, id);
    await recordAudit(tx, {
      action: 'secret.deleted',
      entityType: 'secret',
      entityId: id,
      before: { name: row.name },
    });
  });
}

/** People a secret can be shared with: active people with a vault, with the public key to wrap for. */
export async function listRecipients(ctx: ServiceContext, query: RecipientQuery): Promise<RecipientList> {
  vaultPolicy.authorize(ctx.actor, 'use', undefined);
  const rows = await repo.listRecipients(ctx.db, query.search, ctx.actor.id!);
  return { items: rows.map((row) => ({ ...person(row), publicKey: row.public_key })) };
}
