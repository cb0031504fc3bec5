import type { SignUpBody, SignUpTokenInfo } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { hashPassword } from '../../core/password-hash.ts';
import { authorize, can, canAnywhere } from '../../core/policy.ts';
import type { UserType } from '../../db/database.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { UserRow } from '../../db/database.ts';
import { queueMail } from '../mail/mail.service.ts';
import { readAccountSettings } from '../passwords/account-settings.ts';
import { checkNewPassword } from '../passwords/new-password.ts';
import { composeAccountMail, formatMailTime, mailName, mailTranslator } from './account-mail.ts';
import * as tokens from './account-tokens.repository.ts';
import { hashOneTimeToken, newOneTimeToken } from './one-time-token.ts';

export interface InvitedUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  language: 'en' | 'vi';
}

/**
 * Stores a fresh invitation token for the person and returns its link; the caller is in a transaction
 * and has checked who may invite. A new link replaces every earlier one: only the newest works.
 */
export async function createInvitationLink(
  tx: ServiceContext,
  userId: string,
): Promise<{ url: string; expiresAt: Date; revoked: number }> {
  const settings = await readAccountSettings(tx.db);
  const token = newOneTimeToken();
  const expiresAt = new Date(Date.now() + Math.max(1, settings['invitation.ttl_hours']) * 3_600_000);
  const revoked = await tokens.revokeAccountTokens(tx.db, userId, 'INVITATION');
  await tokens.insertAccountToken(tx.db, {
    user_id: userId,
    purpose: 'INVITATION',
    token_hash: hashOneTimeToken(token),
    expires_at: expiresAt,
    created_by: tx.actor.id,
  });
  return {
    url: `${tx.config.publicUrl}/invite-account?token=${encodeURIComponent(token)}`,
    expiresAt,
    revoked,
  };
}

async function sendInvitation(
  tx: ServiceContext,
  user: InvitedUser,
  action: 'invitation.issued' | 'invitation.resent',
): Promise<void> {
  const { url, expiresAt, revoked } = await createInvitationLink(tx, user.id);
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
export async function issueInvitation(
  tx: ServiceContext,
  user: {
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    language: 'en' | 'vi';
    user_type?: UserType;
  },
): Promise<void> {
  authorize(tx.actor, invitingPermission(user.user_type));
  await inTransaction(tx, (inner) => sendInvitation(inner, user, 'invitation.issued'));
}

/** Who may invite a person: HR for employees, the managers of external users for external users. */
function invitingPermission(userType: UserType | undefined): Permission {
  return userType === 'EXTERNAL' ? 'external-users.manage' : 'employees.manage';
}

/** Sends a PENDING person a fresh invitation; every earlier link stops working. */
export async function resendInvitation(ctx: ServiceContext, userId: string): Promise<void> {
  if (!canAnywhere(ctx.actor, 'employees.manage') && !canAnywhere(ctx.actor, 'external-users.manage')) {
    throw new AppError('FORBIDDEN', { details: { permission: 'employees.manage' } });
  }
  await inTransaction(ctx, async (tx) => {
    const user = await tx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!user || !can(tx.actor, invitingPermission(user.user_type))) throw new AppError('NOT_FOUND');
    if (user.status !== 'PENDING') throw validationError([{ field: 'status', code: 'invitationNotPending' }]);
    await sendInvitation(tx, user, 'invitation.resent');
  });
}

/** The invitation behind a link, while it can still be used; otherwise 410 'Invitation Link Expired'. */
async function requireInvitation(ctx: ServiceContext, token: string, lock = false) {
  const found = await tokens.findUsableToken(ctx.db, hashOneTimeToken(token), 'INVITATION', lock);
  // A person who signed up already, or was deactivated, cannot use an old link.
  if (!found || found.user.status !== 'PENDING') throw new AppError('INVITATION_LINK_EXPIRED');
  return found;
}

/** Checks an invitation link and tells the sign-up page whom it is for. */
export async function checkSignUpToken(ctx: ServiceContext, token: string): Promise<SignUpTokenInfo> {
  const { user, expires_at } = await requireInvitation(ctx, token);
  return {
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    language: user.language,
    expiresAt: expires_at.toISOString(),
  };
}

/**
 * Completes an invitation: the person sets a password by the policy and agrees to the terms of
 * service and privacy policy; the PENDING account becomes ACTIVE and the link is used up.
 */
export async function signUp(ctx: ServiceContext, input: SignUpBody): Promise<{ email: string }> {
  await requireInvitation(ctx, input.token);
  const problems = checkNewPassword(input);
  if (input.agreeToTerms !== true) problems.push({ field: 'agreeToTerms', code: 'termsRequired' });
  if (problems.length > 0) throw validationError(problems);
  const passwordHash = await hashPassword(input.password);

  return inTransaction(ctx, async (tx) => {
    const invitation = await requireInvitation(tx, input.token, true);
    const before: UserRow = invitation.user;
    const now = new Date();
    const user = await tx.db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        terms_accepted_at: now,
        status: 'ACTIVE',
        updated_at: now,
      })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tokens.markTokenUsed(tx.db, invitation.id);
    await tokens.revokeAccountTokens(tx.db, user.id, 'INVITATION');
    await recordAudit(
      { ...tx, actor: { ...tx.actor, id: user.id, label: user.email } },
      {
        action: 'user.signed_up',
        entityType: 'user',
        entityId: user.id,
        before: { status: before.status },
        after: { status: user.status, termsAcceptedAt: now.toISOString() },
      },
    );
    return { email: user.email };
  });
}
