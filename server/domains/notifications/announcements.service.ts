import {
  NOTIFICATION_TAB_OF,
  type AnnouncementBody,
  type AnnouncementResponse,
  type NotificationActor,
} from '../../../shared/notifications.schemas.ts';
import { TEXT_MAX } from '../../../shared/common.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { notificationPolicy } from './notifications.policy.ts';
import * as repo from './notifications.repository.ts';
import { notify, publishNotifications } from './notifications.service.ts';

async function actorProfile(ctx: ServiceContext): Promise<NotificationActor | null> {
  if (!ctx.actor.id) return null;
  const user = await repo.findActorProfile(ctx.db, ctx.actor.id);
  return user
    ? { id: user.id, firstName: user.first_name, lastName: user.last_name, avatarUrl: user.avatar_url }
    : null;
}

/** Checks the message and who it goes to; every problem is reported at once, nothing is written. */
function checkAnnouncement(input: AnnouncementBody): string {
  const message = input.message.trim();
  const named = (input.userIds?.length ?? 0) + (input.emails?.length ?? 0) > 0;
  const problems: FieldProblem[] = [];
  if (!message) problems.push({ field: 'message', code: 'blank' });
  else if (message.length > TEXT_MAX)
    problems.push({ field: 'message', code: 'maxLength', params: { max: TEXT_MAX } });
  if (input.toAll && named) problems.push({ field: 'toAll', code: 'recipientsConflict' });
  if (!input.toAll && !named) problems.push({ field: 'userIds', code: 'recipientsRequired' });
  if (problems.length > 0) throw validationError(problems);
  return message;
}

/**
 * Sends an announcement from an administrator to everyone active (`toAll`) or to chosen people
 * (by id or email). Unknown or inactive recipients are refused by position; nothing is sent then.
 */
export async function announce(ctx: ServiceContext, input: AnnouncementBody): Promise<AnnouncementResponse> {
  notificationPolicy.authorize(ctx.actor, 'announce', null);
  const message = checkAnnouncement(input);
  return inTransaction(ctx, async (tx) => {
    const data = { actor: await actorProfile(tx), message };
    let recipientCount: number;
    if (input.toAll) {
      const rows = await repo.insertNotificationsForActiveUsers(tx.db, {
        type: 'ANNOUNCEMENT',
        tab: NOTIFICATION_TAB_OF.ANNOUNCEMENT,
        data,
        createdBy: tx.actor.id,
      });
      await publishNotifications(tx, rows);
      recipientCount = rows.length;
    } else {
      const userIds = input.userIds ?? [];
      const emails = (input.emails ?? []).map((email) => email.trim().toLowerCase());
      const found = await repo.findActiveRecipients(tx.db, { ids: userIds, emails });
      const foundIds = new Set(found.map((user) => user.id));
      const foundEmails = new Set(found.map((user) => user.email.toLowerCase()));
      const unknown = [
        ...userIds.flatMap((id, index): FieldProblem[] =>
          foundIds.has(id)
            ? []
            : [{ field: `userIds.${index}`, code: 'unknownRecipient', params: { value: id } }],
        ),
        ...emails.flatMap((email, index): FieldProblem[] =>
          foundEmails.has(email)
            ? []
            : [{ field: `emails.${index}`, code: 'unknownRecipient', params: { value: email } }],
        ),
      ];
      if (unknown.length > 0) throw validationError(unknown);
      recipientCount = (await notify(tx, [...foundIds], 'ANNOUNCEMENT', data)).length;
    }
    await recordAudit(tx, {
      action: 'notification.announced',
      entityType: 'notification',
      after: {
        message,
        toAll: Boolean(input.toAll),
        userIds: input.userIds ?? [],
        emails: input.emails ?? [],
        recipientCount,
      },
    });
    return { recipientCount };
  });
}
