import type { Language } from '../../../shared/i18n/index.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { queueMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { pushToUsers } from '../notifications/realtime.service.ts';
import { composeAccountMail, formatMailTime, mailName, mailTranslator } from './account-mail.ts';
import * as users from './accounts.repository.ts';

const DAY_MS = 86_400_000;

/**
 * Reminds one person that their password expires (or has expired), in their language: the mail,
 * the bell, and the blocking reminder on any page they have open; marks them reminded and audits it.
 * Shared by the worker's daily reminder and the administrator's reminder button (not a use case:
 * both callers have authorized, inside their transaction).
 */
export async function sendExpiryReminder(
  tx: ServiceContext,
  user: {
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    language: Language;
    expires_at: Date | string;
  },
): Promise<void> {
  const expiresAt = new Date(user.expires_at);
  const expired = expiresAt.getTime() <= Date.now();
  const count = expired ? 0 : Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / DAY_MS));
  const t = mailTranslator(user.language);
  const subject = expired ? t('passwordExpired.subject') : t('passwordExpiring.subject', { count });
  await queueMail(
    tx,
    composeAccountMail({
      to: user.email,
      name: mailName(user),
      language: user.language,
      template: 'password-expiring',
      subject,
      paragraphs: [
        t(expired ? 'passwordExpired.intro' : 'passwordExpiring.intro', {
          expiresAt: formatMailTime(expiresAt),
        }),
      ],
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
    message: subject,
    expired,
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
