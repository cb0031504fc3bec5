import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { canAnywhere } from '../../core/policy.ts';
import { inTransaction, requireTransaction } from '../../core/transaction.ts';
import type { UserType } from '../../db/database.ts';
import { queueMail } from '../mail/mail.service.ts';
import { composeAccountMail, formatMailTime, mailName, mailTranslator } from './account-mail.ts';
import { readAccountSettings } from './account-settings.ts';
import { accountPolicy } from './accounts.policy.ts';
import * as users from './accounts.repository.ts';
import * as tokens from './account-tokens.repository.ts';
import { hashOneTimeToken, newOneTimeToken } from './one-time-token.ts';

export interface InvitedUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  language: 'en' | 'vi';
  user_type?: UserType;
}

/**
 * Stores a fresh invitation token for the person and returns its link, in the person's language.
 * The caller is in a transaction and has checked who may invite. A new link replaces every earlier
 * one: only the newest invitation works.
 */
export async function createInvitationLink(
  tx: ServiceContext,
  user: Pick<InvitedUser, 'id' | 'language'>,
): Promise<{ url: string; expiresAt: Date; revoked: number }> {
  requireTransaction(tx, 'createInvitationLink');
  const settings = await readAccountSettings(tx.db);
  const token = newOneTimeToken();
  const expiresAt = new Date(Date.now() + Math.max(1, settings['invitation.ttl_hours']) * 3_600_000);
  const revoked = await tokens.revokeAccountTokens(tx.db, user.id, 'INVITATION');
  await tokens.insertAccountToken(tx.db, {
    user_id: user.id,
    purpose: 'INVITATION',
    token_hash: hashOneTimeToken(token),
    expires_at: expiresAt,
    created_by: tx.actor.id,
  });
  // `lang`: the page opens in the invitee's language, as the mail is written.
  const url = `${tx.config.publicUrl}/invite-account?token=${encodeURIComponent(token)}&lang=${user.language}`;
  return { url, expiresAt, revoked };
}

async function sendInvitation(
  tx: ServiceContext,
  user: InvitedUser,
  action: 'invitation.issued' | 'invitation.resent',
): Promise<void> {
  const { url, expiresAt, revoked } = await createInvitationLink(tx, user);
  const t = mailTranslator(user.language);
  await queueMail(
    tx,
    composeAccountMail({
      to: user.email,
      name: mailName(user),
      language: user.language,
      template: 'invitation',
      subject: t('invitation.subject'),
      paragraphs: [
        t('invitation.intro'),
        t('invitation.expiry', { expiresAt: formatMailTime(expiresAt) }),
        t('ignore'),
      ],
      action: { label: t('invitation.action'), url },
    }),
  );
  await recordAudit(tx, {
    action,
    entityType: 'user',
    entityId: user.id,
    after: { email: user.email, expiresAt: expiresAt.toISOString(), revokedEarlierLinks: revoked },
  });
}

/**
 * Issues a single-use, expiring invitation link for a new (PENDING) person and queues the invitation
 * mail in their language, inside the caller's transaction: a rolled-back creation sends nothing.
 */
export async function issueInvitation(tx: ServiceContext, user: InvitedUser): Promise<void> {
  accountPolicy.authorize(tx.actor, 'invite', user);
  await inTransaction(tx, (inner) => sendInvitation(inner, user, 'invitation.issued'));
}

/** Sends a PENDING person a fresh invitation; every earlier link stops working. */
export async function resendInvitation(ctx: ServiceContext, userId: string): Promise<void> {
  if (!canAnywhere(ctx.actor, 'employees.manage') && !canAnywhere(ctx.actor, 'external-users.manage')) {
    throw new AppError('FORBIDDEN', { details: { permission: 'employees.manage' } });
  }
  await inTransaction(ctx, async (tx) => {
    const user = await users.lockUser(tx.db, userId);
    // One may not invite this kind of person: not-found, as for anyone they may not see.
    if (!user || !accountPolicy.can(tx.actor, 'invite', user)) throw new AppError('NOT_FOUND');
    if (user.status !== 'PENDING') throw validationError([{ field: 'status', code: 'invitationNotPending' }]);
    await sendInvitation(tx, user, 'invitation.resent');
  });
}
