import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { queueMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { pushToUsers } from '../notifications/realtime.service.ts';
import { composeAccountMail, formatMailTime, mailName, mailTranslator } from './account-mail.ts';
import { readAccountSettings } from './account-settings.ts';
import * as users from './accounts.repository.ts';

/**
 * Reminds every person whose password enters the reminder window, once per password, in their
 * language. Runs in the worker; SKIP LOCKED lets several workers share the list.
 */
export async function sendPasswordExpiryReminders(
  ctx: ServiceContext,
  batchSize = 200,
): Promise<{ reminded: number }> {
  const settings = await readAccountSettings(ctx.db);
  const maxAge = settings['password.max_age_days'];
  if (maxAge === 0) return { reminded: 0 };
  return inTransaction(ctx, async (tx) => {
    const due = await users.listPasswordsToRemind(
      tx.db,
      maxAge,
      settings['password.reminder_days'],
      batchSize,
    );
    for (const user of due) {
      const expiresAt = new Date(user.expires_at);
      const count = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 86_400_000));
      const t = mailTranslator(user.language);
      await queueMail(
        tx,
        composeAccountMail({
          to: user.email,
          name: mailName(user),
          language: user.language,
          template: 'password-expiring',
          subject: t('passwordExpiring.subject', { count }),
          paragraphs: [t('passwordExpiring.intro', { expiresAt: formatMailTime(expiresAt) })],
          action: { label: t('passwordExpiring.action'), url: `${tx.config.publicUrl}/settings` },
        }),
      );
      // In the bell too, and as the blocking reminder on any page the person has open right now.
      await notify(tx, [user.id], 'PASSWORD_EXPIRING', {
        actor: null,
        expiresAt: expiresAt.toISOString(),
        daysLeft: count,
      });
      await pushToUsers(tx, [user.id], 'password-expiration', {
        message: t('passwordExpiring.subject', { count }),
        expired: false,
        expiresAt: expiresAt.toISOString(),
      });
      await users.markReminded(tx.db, user.id);
      await recordAudit(tx, {
        action: 'password.expiry_reminded',
        entityType: 'user',
        entityId: user.id,
        subject: { id: user.id, label: user.email },
        after: { expiresAt: expiresAt.toISOString() },
      });
    }
    return { reminded: due.length };
  });
}
