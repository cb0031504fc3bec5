import type { CommentBody, MemberBody, SecretDetail } from '../../../shared/secrets.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as repo from './secrets.repository.ts';
import { grantableRoles, secretPolicy, vaultPolicy } from './secrets.policy.ts';
import { requireSecret } from './secret-view.ts';
import { getSecret } from './secrets.service.ts';

/**
 * Sharing a secret and commenting on it. The browser wraps the item key for the recipient's public
 * key, so sharing never shows the server the content or the key. A role change keeps the wrapped key.
 */

/** Shares a secret with a person, or changes their role (OWNER: any role; EDITOR: up to EDITOR, never an owner's). */
export async function shareSecret(
  ctx: ServiceContext,
  secretId: string,
  userId: string,
  input: MemberBody,
): Promise<{ ok: true }> {
  vaultPolicy.authorize(ctx.actor, 'use', undefined);
  await inTransaction(ctx, async (tx) => {
    const row = await requireSecret(tx, secretId);
    secretPolicy.authorize(tx.actor, 'share', { role: row.my_role });
    const grantable = grantableRoles(row.my_role);
    const current = await repo.findMember(tx.db, secretId, userId);
    const recipient = await repo.findPublicKey(tx.db, userId);
    if (!grantable.includes(input.role) || (current && !grantable.includes(current.role)))
      throw validationError([{ field: 'role', code: 'shareRoleNotAllowed' }]);
    if (!recipient || recipient.status !== 'ACTIVE' || recipient.deleted_at)
      throw validationError([{ field: 'userId', code: 'recipientNoVault' }]);
    if (!current && !input.wrappedKey)
      throw validationError([{ field: 'wrappedKey', code: 'wrappedKeyRequired' }]);
    if (
      current?.role === 'OWNER' &&
      input.role !== 'OWNER' &&
      (await repo.countOwners(tx.db, secretId)) === 1
    )
      throw validationError([{ field: 'role', code: 'lastOwner' }]);
    await repo.upsertMember(tx.db, {
      secret_id: secretId,
      user_id: userId,
      role: input.role,
      wrapped_key: JSON.stringify(input.wrappedKey ?? current!.wrapped_key),
      granted_by: tx.actor.id,
    });
    await recordAudit(tx, {
      action: current ? 'secret.member_changed' : 'secret.shared',
      entityType: 'secret',
      entityId: secretId,
      before: current ? { userId, role: current.role } : null,
      after: { userId, role: input.role },
    });
  });
  return { ok: true };
}

/**
 * Takes a person's access away: an OWNER (not the last owner), an EDITOR for the roles they could
 * give, anyone leaving a secret, or a secrets manager (offboarding) for anyone.
 */
export async function removeMember(
  ctx: ServiceContext,
  secretId: string,
  userId: string,
): Promise<{ ok: true }> {
  if (!vaultPolicy.can(ctx.actor, 'manage', undefined)) vaultPolicy.authorize(ctx.actor, 'use', undefined);
  const self = ctx.actor.id === userId;
  await inTransaction(ctx, async (tx) => {
    const row = await requireSecret(tx, secretId, { allowManager: true });
    const member = await repo.findMember(tx.db, secretId, userId);
    if (!member) throw validationError([{ field: 'userId', code: 'unknownPerson' }]);
    const allowed =
      self ||
      secretPolicy.can(tx.actor, 'revoke', { role: row.my_role }) ||
      (row.my_role === 'EDITOR' && grantableRoles('EDITOR').includes(member.role));
    if (!allowed) secretPolicy.authorize(tx.actor, 'revoke', { role: row.my_role });
    if (member.role === 'OWNER' && (await repo.countOwners(tx.db, secretId)) === 1)
      throw validationError([{ field: 'userId', code: 'lastOwner' }]);
    await repo.deleteMember(tx.db, secretId, userId);
    await recordAudit(tx, {
      action: 'secret.access_removed',
      entityType: 'secret',
      entityId: secretId,
      before: { userId, role: member.role },
    });
  });
  return { ok: true };
}

/** Adds a comment, encrypted under the secret's item key (OWNER, EDITOR, COMMENTER). */
export async function addComment(
  ctx: ServiceContext,
  secretId: string,
  input: CommentBody,
): Promise<SecretDetail> {
  vaultPolicy.authorize(ctx.actor, 'use', undefined);
  await inTransaction(ctx, async (tx) => {
    const row = await requireSecret(tx, secretId);
    secretPolicy.authorize(tx.actor, 'comment', { role: row.my_role });
    const id = await repo.insertComment(tx.db, {
      secret_id: secretId,
      author_id: tx.actor.id!,
      content: JSON.stringify(input.content),
    });
    await recordAudit(tx, {
      action: 'secret.commented',
      entityType: 'secret',
      entityId: secretId,
      after: { commentId: id },
    });
  });
  return getSecret(ctx, secretId);
}
