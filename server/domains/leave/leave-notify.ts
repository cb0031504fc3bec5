import { i18nFor, type Language } from '../../../shared/i18n/index.ts';
import type { NotificationActor } from '../../../shared/notifications.schemas.ts';
import { composeAccountMail, mailName } from '../accounts/account-mail.ts';
import type { ServiceContext } from '../../core/context.ts';
import { queueMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * What people hear about leave: a live notification (spec section 3: NEW_LEAVE_REQUEST to each
 * approver, LEAVE_REQUEST_APPROVED / _REJECTED to the requester; the click opens /leave-management)
 * and a mail in the recipient's language. Both are written in the caller's transaction: a change
 * that rolls back tells nobody.
 */

type Person = Pick<
  repo.LeavePersonRow,
  'id' | 'first_name' | 'last_name' | 'email' | 'avatar_url' | 'language'
>;

function leaveT(language: Language) {
  const t = i18nFor(language);
  return (key: string, options: Record<string, unknown> = {}) => t.t(`leave:${key}`, options) as string;
}

async function actorRef(ctx: ServiceContext, known?: Person): Promise<NotificationActor | null> {
  if (!ctx.actor.id) return null;
  const [me] = known?.id === ctx.actor.id ? [known] : await repo.listPeople(ctx.db, [ctx.actor.id]);
  return me
    ? { id: me.id, firstName: me.first_name, lastName: me.last_name, avatarUrl: me.avatar_url }
    : null;
}

function requestRef(request: { id: string; duration: string | number }, requester: Person) {
  return {
    id: request.id,
    duration: Number(request.duration),
    firstName: requester.first_name,
    lastName: requester.last_name,
    avatarUrl: requester.avatar_url,
  };
}

interface MailFacts {
  request: { id: string; start_date: string; end_date: string; duration: string | number };
  typeName: string;
}

async function mail(
  ctx: ServiceContext,
  to: Person,
  template: string,
  facts: MailFacts & { requesterName: string; reason?: string | null },
) {
  const language = (to.language as Language) ?? 'en';
  const t = leaveT(language);
  const params = {
    name: facts.requesterName,
    type: facts.typeName,
    start: facts.request.start_date.replaceAll('-', '/'),
    end: facts.request.end_date.replaceAll('-', '/'),
    count: Number(facts.request.duration),
    reason: facts.reason ?? '',
  };
  await queueMail(
    ctx,
    composeAccountMail({
      to: to.email,
      name: mailName(to),
      language,
      template: `leave-${template}`,
      subject: t(`mail.${template}.subject`, params),
      paragraphs: [t(`mail.${template}.body`, params), ...(facts.reason ? [t('mail.reason', params)] : [])],
      action: { label: t('mail.open'), url: `${ctx.config.publicUrl}/leave-management` },
    }),
  );
}

/** Tells each approver a request waits for them. */
export async function tellApprovers(
  ctx: ServiceContext,
  facts: MailFacts,
  requester: Person,
  approverIds: readonly string[],
): Promise<void> {
  if (approverIds.length === 0) return;
  await notify(ctx, approverIds, 'NEW_LEAVE_REQUEST', {
    actor: await actorRef(ctx, requester),
    leaveRequest: requestRef(facts.request, requester),
  });
  const approvers = await repo.listPeople(ctx.db, approverIds);
  for (const approver of approvers)
    await mail(ctx, approver, 'newRequest', { ...facts, requesterName: mailName(requester) });
}

/** Tells the requester their request was approved or rejected. */
export async function tellRequester(
  ctx: ServiceContext,
  facts: MailFacts & { reason: string | null },
  requester: Person,
  outcome: 'APPROVED' | 'REJECTED',
): Promise<void> {
  await notify(
    ctx,
    [requester.id],
    outcome === 'APPROVED' ? 'LEAVE_REQUEST_APPROVED' : 'LEAVE_REQUEST_REJECTED',
    {
      actor: await actorRef(ctx),
      leaveRequest: requestRef(facts.request, requester),
    },
  );
  await mail(ctx, requester, outcome === 'APPROVED' ? 'approved' : 'rejected', {
    ...facts,
    requesterName: mailName(requester),
  });
}

/** Tells a substitute they now decide a request, and the approver they stand in for. */
export async function tellSubstitution(
  ctx: ServiceContext,
  facts: MailFacts,
  requester: Person,
  substitute: Person,
  original: Person,
): Promise<void> {
  await notify(ctx, [substitute.id], 'NEW_LEAVE_REQUEST', {
    actor: null,
    leaveRequest: requestRef(facts.request, requester),
  });
  await mail(ctx, substitute, 'substituteAssigned', {
    ...facts,
    requesterName: mailName(requester),
    reason: null,
  });
  const language = (original.language as Language) ?? 'en';
  const t = leaveT(language);
  await queueMail(
    ctx,
    composeAccountMail({
      to: original.email,
      name: mailName(original),
      language,
      template: 'leave-substituted',
      subject: t('mail.substituted.subject'),
      paragraphs: [
        t('mail.substituted.body', { substitute: mailName(substitute), name: mailName(requester) }),
      ],
      action: { label: t('mail.open'), url: `${ctx.config.publicUrl}/leave-management` },
    }),
  );
}

/** Reminds an approver of the requests waiting for them. */
export async function remindApprover(
  ctx: ServiceContext,
  approver: Person,
  count: number,
  days: number,
): Promise<void> {
  const language = (approver.language as Language) ?? 'en';
  const t = leaveT(language);
  await queueMail(
    ctx,
    composeAccountMail({
      to: approver.email,
      name: mailName(approver),
      language,
      template: 'leave-reminder',
      subject: t('mail.reminder.subject', { count }),
      paragraphs: [t('mail.reminder.body', { count, days })],
      action: { label: t('mail.open'), url: `${ctx.config.publicUrl}/leave-management?tab=approvals` },
    }),
  );
}
