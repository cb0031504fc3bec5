import type { ProfileUpdateBody } from '../../../shared/account.schemas.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/account.schemas.ts';
import type { SessionUser } from '../../../shared/auth.schemas.ts';
import { isLanguage, type Language } from '../../../shared/i18n/index.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { requireSelf } from './accounts.policy.ts';
import * as users from './accounts.repository.ts';
import * as avatars from './avatars.repository.ts';
import { toSessionUser } from './session-user.ts';

/** The caller's live account row, locked for the change; a deleted account is signed out. */
async function lockSelf(tx: ServiceContext) {
  const user = await users.lockUser(tx.db, requireSelf(tx));
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** The signed-in person as the session shows them. */
export async function getOwnProfile(ctx: ServiceContext): Promise<SessionUser> {
  const user = await users.findUserById(ctx.db, requireSelf(ctx));
  if (!user) throw new AppError('UNAUTHENTICATED');
  return toSessionUser(user);
}

/** Keeps the caller's interface language, so every device and every mail uses it. */
export async function setOwnLanguage(ctx: ServiceContext, language: Language): Promise<SessionUser> {
  requireSelf(ctx);
  if (!isLanguage(language))
    throw validationError([{ field: 'language', code: 'invalid', params: { field: 'language' } }]);
  return inTransaction(ctx, async (tx) => {
    const before = await lockSelf(tx);
    const user = await users.updateUser(tx.db, before.id, { language });
    await recordAudit(tx, {
      action: 'user.language_changed',
      entityType: 'user',
      entityId: user.id,
      before: { language: before.language },
      after: { language },
    });
    return toSessionUser(user);
  });
}

/** Updates the caller's own details: names and interface language (spec section 7, PUT /users). */
export async function updateOwnProfile(ctx: ServiceContext, input: ProfileUpdateBody): Promise<SessionUser> {
  requireSelf(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = await lockSelf(tx);
    const user = await users.updateUser(tx.db, before.id, {
      first_name: input.firstName.trim(),
      last_name: input.lastName.trim(),
      language: input.language,
    });
    await recordAudit(tx, {
      action: 'user.profile_updated',
      entityType: 'user',
      entityId: user.id,
      before: { firstName: before.first_name, lastName: before.last_name, language: before.language },
      after: { firstName: user.first_name, lastName: user.last_name, language: user.language },
    });
    return toSessionUser(user);
  });
}

/** The image type by its first bytes: the name or the declared type is never trusted. */
export function sniffImageType(content: Buffer): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (content.length >= 8 && png.every((byte, i) => content[i] === byte)) return 'image/png';
  if (content.length >= 4 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff)
    return 'image/jpeg';
  return null;
}

/** Replaces the caller's avatar: a PNG or JPG image of at most 1 MB, checked by its content. */
export async function setOwnAvatar(ctx: ServiceContext, content: unknown): Promise<SessionUser> {
  requireSelf(ctx);
  if (!Buffer.isBuffer(content) || content.length === 0)
    throw validationError([{ field: 'avatar', code: 'required' }]);
  if (content.length > AVATAR_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', { params: { number: AVATAR_MAX_BYTES / (1024 * 1024) } });
  const contentType = sniffImageType(content);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  return inTransaction(ctx, async (tx) => {
    const before = await lockSelf(tx);
    const avatarId = await avatars.replaceAvatar(tx.db, before.id, contentType, content);
    // A new id per upload: the address changes, so caches never show the old picture.
    const user = await users.updateUser(tx.db, before.id, { avatar_url: `/api/avatars/${avatarId}` });
    await recordAudit(tx, {
      action: 'user.avatar_changed',
      entityType: 'user',
      entityId: user.id,
      before: { avatarUrl: before.avatar_url },
      after: { avatarUrl: user.avatar_url, contentType, bytes: content.length },
    });
    return toSessionUser(user);
  });
}

/** Removes the caller's avatar. */
export async function removeOwnAvatar(ctx: ServiceContext): Promise<SessionUser> {
  requireSelf(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = await lockSelf(tx);
    await avatars.deleteAvatar(tx.db, before.id);
    const user = await users.updateUser(tx.db, before.id, { avatar_url: null });
    await recordAudit(tx, {
      action: 'user.avatar_removed',
      entityType: 'user',
      entityId: user.id,
      before: { avatarUrl: before.avatar_url },
    });
    return toSessionUser(user);
  });
}

/** An avatar image by its id (the id is random and changes with every upload). */
export async function getAvatar(ctx: ServiceContext, id: string) {
  const avatar = await avatars.findAvatar(ctx.db, id);
  if (!avatar) throw new AppError('NOT_FOUND');
  return { contentType: avatar.content_type, content: avatar.content };
}
