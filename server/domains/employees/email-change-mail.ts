import type { ServiceContext } from '../../core/context.ts';
import { composeAccountMail, formatMailTime, mailName, mailTranslator } from '../accounts/account-mail.ts';
import { queueMail } from '../mail/mail.service.ts';

interface Person {
  email: string;
  first_name: string;
  last_name: string;
  language: 'en' | 'vi';
}

/**
 * Tells the old address that the sign-in email changed (in the person's language), through the
 * outbox in the change's transaction: if someone took the account over by changing its email, its
 * owner hears of it where they still read their mail.
 */
export async function mailSignInEmailChanged(
  tx: ServiceContext,
  before: Person,
  after: Person,
): Promise<void> {
  const t = mailTranslator(after.language);
  await queueMail(
    tx,
    composeAccountMail({
      to: before.email,
      name: mailName(after),
      language: after.language,
      template: 'sign-in-email-changed',
      subject: t('signInEmailChanged.subject'),
      paragraphs: [
        t('signInEmailChanged.intro', {
          oldEmail: before.email,
          newEmail: after.email,
          changedAt: formatMailTime(new Date()),
        }),
        t('signInEmailChanged.warning'),
      ],
    }),
  );
}
