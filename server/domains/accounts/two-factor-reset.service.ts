import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { authorizePersonAction } from '../employees/person-records.ts';
import { queueMail } from '../mail/mail.service.ts';
import { composeAccountMail, mailName, mailTranslator } from './account-mail.ts';
import { accountPolicy } from './accounts.policy.ts';
import * as users from './accounts.repository.ts';
import * as repo from './two-factor.repository.ts';

/** An administrator turns off a person's two-factor authentication (a lost phone); the person is told by mail. */
export async function resetTwoFactor(ctx: ServiceContext, userId: string): Promise<void> {
  accountPolicy.authorize(ctx.actor, 'manageTwoFactor', { id: userId });
  await inTransaction(ctx, async (tx) => {
    // The people policy: only for people within the actor's reach (nobody acts on someone above them).
    await authorizePersonAction(tx, userId, 'resetTwoFactor');
    const user = await users.findUserById(tx.db, userId);
    if (!user) throw new AppError('NOT_FOUND');
    const row = await repo.findTwoFactor(tx.db, user.id, true);
    if (!row?.enabled_at) throw validationError([{ field: 'userId', code: 'twoFactorNotEnabled' }]);
    await repo.deleteTwoFactor(tx.db, user.id);
    const t = mailTranslator(user.language);
    await queueMail(
      tx,
      composeAccountMail({
        to: user.email,
        name: mailName(user),
        language: user.language,
        template: 'two-factor-reset',
        subject: t('twoFactorReset.subject'),
        paragraphs: [t('twoFactorReset.intro')],
        action: { label: t('twoFactorReset.action'), url: `${tx.config.publicUrl}/settings` },
      }),
    );
    await recordAudit(tx, {
      action: 'two-factor.reset',
      entityType: 'user',
      entityId: user.id,
      subject: { id: user.id, label: user.email },
    });
  });
}
