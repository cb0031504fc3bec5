import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { countHit, type SharedLimit } from '../../core/shared-rate-limit.ts';
import { inTransaction } from '../../core/transaction.ts';
import { queueMail } from '../mail/mail.service.ts';
import { composeAccountMail, formatMailTime, mailName, mailTranslator } from './account-mail.ts';
import { readAccountSettings } from './account-settings.ts';
import * as users from './accounts.repository.ts';
import * as tokens from './account-tokens.repository.ts';
import { hashOneTimeToken, newOneTimeToken } from './one-time-token.ts';

/**
 * Sends a password-reset link to an active account with this email. The answer is the same whether
 * or not the account exists, so the call reveals nothing about who has an account. The caller is
 * anonymous: the audit event names the email (and the person, when there is one) as its subject.
 */
/**
 * Reset mails one inbox may receive, whatever the addresses asking: the per-address limit alone lets
 * many addresses (a botnet) flood one person's inbox. Past it the answer stays the same (202, same
 * time): the caller learns nothing, the person gets no more mail, and the refusal is audited.
 */
export const RESET_MAILS_PER_EMAIL: SharedLimit = {
  scope: 'forgot-password-email',
  max: 5,
  windowSeconds: 3600,
};

export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const user = await users.findUserByEmail(ctx.db, normalized);
  const eligible = user && user.status === 'ACTIVE' && user.password_hash;
  // Counted for unknown emails too, so the count's side effects reveal nothing either.
  const { hits } = await countHit(ctx.db, RESET_MAILS_PER_EMAIL, normalized);
  await inTransaction(ctx, async (tx) => {
    if (!eligible || hits > RESET_MAILS_PER_EMAIL.max) {
      await recordAudit(tx, {
        action: 'password.reset_refused',
        entityType: 'user',
        subject: { id: user?.id ?? null, label: normalized },
        after: { reason: eligible ? 'too_many_for_this_email' : 'no_active_account' },
      });
      return;
    }
    const settings = await readAccountSettings(tx.db);
    const token = newOneTimeToken();
    const expiresAt = new Date(Date.now() + Math.max(1, settings['password.reset_ttl_minutes']) * 60_000);
    await tokens.revokeAccountTokens(tx.db, user.id, 'PASSWORD_RESET');
    await tokens.insertAccountToken(tx.db, {
      user_id: user.id,
      purpose: 'PASSWORD_RESET',
      token_hash: hashOneTimeToken(token),
      expires_at: expiresAt,
      created_by: null,
    });
    const t = mailTranslator(user.language);
    await queueMail(
      tx,
      composeAccountMail({
        to: user.email,
        name: mailName(user),
        language: user.language,
        template: 'password-reset',
        subject: t('passwordReset.subject'),
        paragraphs: [
          t('passwordReset.intro'),
          t('passwordReset.expiry', { expiresAt: formatMailTime(expiresAt) }),
        ],
        action: {
          label: t('passwordReset.action'),
          // `lang`: the page opens in the person's language, as the mail is written.
          url: `${tx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&lang=${user.language}`,
        },
      }),
    );
    await recordAudit(tx, {
      action: 'password.reset_requested',
      entityType: 'user',
      entityId: user.id,
      subject: { id: user.id, label: user.email },
      after: { expiresAt: expiresAt.toISOString() },
    });
  });
}
