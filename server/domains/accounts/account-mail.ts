import type { TOptions } from 'i18next';
import { i18nFor, type Language } from '../../../shared/i18n/index.ts';
import type { ServiceContext } from '../../core/context.ts';
import { queueMail, type MailMessage } from '../mail/mail.service.ts';

/** A translator for the `mail` namespace in the recipient's language. */
export function mailTranslator(language: Language) {
  const instance = i18nFor(language);
  return (key: string, options: TOptions = {}) => instance.t(`mail:${key}`, options) as string;
}

/** An instant as the mails show it: YYYY/MM/DD HH:mm in UTC. */
export function formatMailTime(value: Date): string {
  return value.toISOString().slice(0, 16).replace('T', ' ').replaceAll('-', '/');
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface AccountMail {
  to: string;
  name: string;
  language: Language;
  /** Kept on the outbox row, to find the mail again ('invitation', 'password-reset' …). */
  template: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

/** Turns a mail's parts into the plain-text and HTML bodies queueMail takes. */
export function composeAccountMail(mail: AccountMail): MailMessage {
  const t = mailTranslator(mail.language);
  const greeting = t('greeting', { name: mail.name });
  const signature = t('signature');
  const text = [
    greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ''] : []),
    signature,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(mail.action
      ? [`<p><a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.label)}</a></p>`]
      : []),
    `<p>${escapeHtml(signature)}</p>`,
  ].join('\n');
  return {
    to: mail.to,
    template: mail.template,
    language: mail.language,
    subject: mail.subject,
    text,
    html,
  };
}

/** The display name of a person in mails: last name, then first name (spec section 2). */
export function mailName(user: { first_name: string; last_name: string; email: string }): string {
  return [user.last_name, user.first_name].filter(Boolean).join(' ') || user.email;
}

/** Tells a person their password changed (by them, or through a reset link), in case it was not them. */
export async function queuePasswordChangedMail(
  tx: ServiceContext,
  user: { email: string; first_name: string; last_name: string; language: Language },
  at: Date,
): Promise<void> {
  const t = mailTranslator(user.language);
  await queueMail(
    tx,
    composeAccountMail({
      to: user.email,
      name: mailName(user),
      language: user.language,
      template: 'password-changed',
      subject: t('passwordChanged.subject'),
      paragraphs: [
        t('passwordChanged.intro', { changedAt: formatMailTime(at) }),
        t('passwordChanged.warning'),
      ],
    }),
  );
}
