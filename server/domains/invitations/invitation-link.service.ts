import type { InvitationLink, InvitationState } from '../../../shared/employee-profile.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { can, canAnywhere } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { findNewestMailState } from '../mail/mail.service.ts';
import * as tokens from './account-tokens.repository.ts';
import { createInvitationLink } from './invitations.service.ts';

/**
 * Invitation links HR can hand over themselves: in production without a mail server the invitation
 * mail never leaves the outbox, so the employee page shows where the mail stands and lets HR copy a
 * fresh link to send by other means.
 */

function invitingPermission(userType: string): Permission {
  return userType === 'EXTERNAL' ? 'external-users.manage' : 'employees.manage';
}

/** The person, when the actor may invite them; otherwise NOT_FOUND (as if they did not exist). */
async function requireInvitable(ctx: ServiceContext, userId: string, lock = false) {
  if (!canAnywhere(ctx.actor, 'employees.manage') && !canAnywhere(ctx.actor, 'external-users.manage')) {
    throw new AppError('FORBIDDEN', { details: { permission: 'employees.manage' } });
  }
  let query = ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'status', 'user_type'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null);
  if (lock) query = query.forUpdate();
  const user = await query.executeTakeFirst();
  if (!user || !can(ctx.actor, invitingPermission(user.user_type))) throw new AppError('NOT_FOUND');
  return user;
}

/** Where a person's invitation stands: the newest link and the newest invitation mail's delivery. */
export async function getInvitationState(ctx: ServiceContext, userId: string): Promise<InvitationState> {
  const user = await requireInvitable(ctx, userId);
  const [link, mail] = await Promise.all([
    tokens.findNewestToken(ctx.db, user.id, 'INVITATION'),
    findNewestMailState(ctx, user.email, 'invitation'),
  ]);
  const now = Date.now();
  return {
    status: user.status,
    link: link
      ? {
          issuedAt: link.created_at.toISOString(),
          expiresAt: link.expires_at.toISOString(),
          usable: !link.used_at && !link.revoked_at && link.expires_at.getTime() > now,
        }
      : null,
    mail: mail
      ? {
          status: mail.status,
          attempts: mail.attempts,
          createdAt: mail.created_at.toISOString(),
          sentAt: mail.sent_at?.toISOString() ?? null,
          // The mail and its link are written in one transaction (same now()); a later link replaced it.
          carriesCurrentLink: Boolean(link && mail.created_at.getTime() >= link.created_at.getTime()),
        }
      : null,
  };
}

/**
 * Issues a fresh invitation link for a PENDING person and returns it, for HR to send by chat or in
 * person. Every earlier link stops working, the mailed one included; no mail is sent.
 */
export async function issueInvitationLink(ctx: ServiceContext, userId: string): Promise<InvitationLink> {
  return inTransaction(ctx, async (tx) => {
    const user = await requireInvitable(tx, userId, true);
    if (user.status !== 'PENDING') throw validationError([{ field: 'status', code: 'invitationNotPending' }]);
    const { url, expiresAt, revoked } = await createInvitationLink(tx, user.id);
    // The link itself is never kept: only whom it was for and until when.
    await recordAudit(tx, {
      action: 'invitation.link_issued',
      entityType: 'user',
      entityId: user.id,
      after: { email: user.email, expiresAt: expiresAt.toISOString(), revokedEarlierLinks: revoked },
    });
    return { url, expiresAt: expiresAt.toISOString() };
  });
}
