import type { InvitationLink, InvitationState } from '../../../shared/employee-profile.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { peoplePolicy } from '../employees/employees.policy.ts';
import { authorizePersonAction, requireVisiblePerson } from '../employees/person-records.ts';
import { findNewestMailState } from '../mail/mail.service.ts';
import * as tokens from './account-tokens.repository.ts';
import { createInvitationLink } from './invite.service.ts';

/**
 * Invitation links HR can hand over themselves: in production without a mail server the invitation
 * mail never leaves the outbox, so the employee page shows where the mail stands and lets HR copy a
 * fresh link to send by other means. Only for people within the caller's reach: a link is the key to
 * the account, so HR never gets one for someone who would hold more than HR does.
 */

/** Where a person's invitation stands: the newest link and the newest invitation mail's delivery. */
export async function getInvitationState(ctx: ServiceContext, userId: string): Promise<InvitationState> {
  const person = await requireVisiblePerson(ctx, userId);
  peoplePolicy.authorize(ctx.actor, 'edit', person);
  const [link, mail] = await Promise.all([
    tokens.findNewestToken(ctx.db, person.id, 'INVITATION'),
    findNewestMailState(ctx, person.email, 'invitation'),
  ]);
  const now = Date.now();
  return {
    status: person.status,
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
    const person = await requireVisiblePerson(tx, userId, { lock: true });
    peoplePolicy.authorize(tx.actor, 'edit', person);
    if (person.status !== 'PENDING')
      throw validationError([{ field: 'status', code: 'invitationNotPending' }]);
    await authorizePersonAction(tx, userId, 'resendInvitation');
    const { url, expiresAt, revoked } = await createInvitationLink(tx, person);
    // The link itself is never kept: only whom it was for and until when.
    await recordAudit(tx, {
      action: 'invitation.link_issued',
      entityType: 'user',
      entityId: person.id,
      after: { email: person.email, expiresAt: expiresAt.toISOString(), revokedEarlierLinks: revoked },
    });
    return { url, expiresAt: expiresAt.toISOString() };
  });
}
