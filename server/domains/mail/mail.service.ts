import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '../../../shared/i18n/index.ts';
import type { ServiceContext } from '../../core/context.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import * as repo from './mail.repository.ts';

export interface MailMessage {
  to: string;
  /** A name for the kind of mail ('invitation', 'password-reset' …), kept for finding it again. */
  template: string;
  language: Language;
  subject: string;
  text: string;
  html?: string;
}

const MAX_ATTEMPTS = 5;

/**
 * Puts a mail in the outbox with the caller's transaction: a rolled-back change sends nothing.
 * The worker delivers it over SMTP, or keeps it for reading when no SMTP server is configured.
 */
export async function queueMail(ctx: ServiceContext, message: MailMessage): Promise<string> {
  return repo.insertMail(ctx.db, {
    to_email: message.to,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html ?? null,
    template: message.template,
    language: message.language,
  });
}

/**
 * Where the newest mail of a kind to an address stands (never its text: it may hold a live link).
 * The caller has checked that the actor may know it.
 */
export function findNewestMailState(ctx: ServiceContext, to: string, template: string) {
  return repo.findNewestMail(ctx.db, to, template);
}

/** The newest mails of the outbox (for /devtools and `backoffice mail list`). */
export async function listOutbox(ctx: ServiceContext, options: { to?: string; limit?: number } = {}) {
  authorize(ctx.actor, 'platform-settings.manage');
  const rows = await repo.listMail(ctx.db, { to: options.to, limit: Math.min(options.limit ?? 50, 500) });
  return rows.map((row) => ({
    id: row.id,
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    template: row.template,
    language: row.language,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  }));
}

let transport: Transporter | null = null;
function smtpTransport(url: string): Transporter {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/** Delivers queued mails: over SMTP when configured, otherwise marks them KEPT in the outbox. */
export async function deliverQueuedMail(
  ctx: ServiceContext,
  batchSize = 50,
): Promise<{ sent: number; kept: number; failed: number }> {
  return inTransaction(ctx, async (tx) => {
    const counts = { sent: 0, kept: 0, failed: 0 };
    for (const mail of await repo.lockQueuedMail(tx.db, batchSize)) {
      if (!tx.config.SMTP_URL) {
        await repo.markMail(tx.db, mail.id, 'KEPT', null);
        counts.kept++;
        continue;
      }
      try {
        await smtpTransport(tx.config.SMTP_URL).sendMail({
          from: tx.config.MAIL_FROM,
          to: mail.to_email,
          subject: mail.subject,
          text: mail.text_body,
          ...(mail.html_body && { html: mail.html_body }),
        });
        await repo.markMail(tx.db, mail.id, 'SENT', null);
        counts.sent++;
      } catch (error) {
        const giveUp = mail.attempts + 1 >= MAX_ATTEMPTS;
        await repo.markMail(
          tx.db,
          mail.id,
          giveUp ? 'FAILED' : 'QUEUED',
          (error as Error).message.slice(0, 500),
        );
        counts.failed++;
      }
    }
    return counts;
  });
}
