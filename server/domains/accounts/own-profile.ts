import type { SessionUser } from '../../../shared/auth.schemas.ts';
import { isLanguage, type Language } from '../../../shared/i18n/index.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { toSessionUser } from './administrators.ts';
import { findUserById, updateUser } from './accounts.repository.ts';

function requireSelf(ctx: ServiceContext): string {
  if (!ctx.actor.id) throw new AppError('UNAUTHENTICATED');
  return ctx.actor.id;
}

/** The signed-in person as the session shows them. */
export async function getOwnProfile(ctx: ServiceContext): Promise<SessionUser> {
  const user = await findUserById(ctx.db, requireSelf(ctx));
  if (!user) throw new AppError('UNAUTHENTICATED');
  return toSessionUser(user);
}

/** Keeps the caller's interface language, so every device and every mail uses it. */
export async function setOwnLanguage(ctx: ServiceContext, language: Language): Promise<SessionUser> {
  const userId = requireSelf(ctx);
  if (!isLanguage(language))
    throw validationError([{ field: 'language', code: 'invalid', params: { field: 'language' } }]);
  return inTransaction(ctx, async (tx) => {
    const before = await findUserById(tx.db, userId);
    const user = await updateUser(tx.db, userId, { language });
    await recordAudit(tx, {
      action: 'user.language_changed',
      entityType: 'user',
      entityId: user.id,
      before: { language: before?.language },
      after: { language },
    });
    return toSessionUser(user);
  });
}
