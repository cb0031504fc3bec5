import { i18nFor, type Language } from '../../../shared/i18n/index.ts';
import type { OtRequest } from '../../../shared/overtime.schemas.ts';
import { composeAccountMail, mailName } from '../accounts/account-mail.ts';
import type { ServiceContext } from '../../core/context.ts';
import { queueMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './overtime.repository.ts';

const ref = (request: OtRequest) => ({
  id: request.id,
  workDate: request.workDate,
  hours: request.duration,
  firstName: request.person.firstName,
  lastName: request.person.lastName,
  avatarUrl: request.person.avatarUrl,
});

async function actorRef(ctx: ServiceContext) {
  if (!ctx.actor.id) return null;
  const [me] = await repo.listPeople(ctx.db, [ctx.actor.id]);
  return me
    ? { id: me.id, firstName: me.first_name, lastName: me.last_name, avatarUrl: me.avatar_url }
    : null;
}

/** Tells approvers, live, that a request waits for them (NEW_OVERTIME_REQUEST, opening /overtime-management). */
export async function tellOvertimeApprovers(
  ctx: ServiceContext,
  request: OtRequest,
  approverIds: readonly string[],
): Promise<void> {
  if (approverIds.length > 0)
    await notify(ctx, approverIds, 'NEW_OVERTIME_REQUEST', {
      actor: await actorRef(ctx),
      overtimeRequest: ref(request),
    });
}

/** Tells the requester their overtime was approved or rejected: live, and by mail in their language. */
export async function tellOvertimeDecision(
  ctx: ServiceContext,
  request: OtRequest,
  outcome: 'APPROVED' | 'REJECTED',
  reason: string | null,
): Promise<void> {
  await notify(
    ctx,
    [request.person.id],
    outcome === 'APPROVED' ? 'OVERTIME_REQUEST_APPROVED' : 'OVERTIME_REQUEST_REJECTED',
    {
      actor: await actorRef(ctx),
      overtimeRequest: ref(request),
    },
  );
  const [person] = await repo.listPeople(ctx.db, [request.person.id]);
  if (!person) return;
  const language = (person.language as Language) ?? 'en';
  const t = (key: string, options: Record<string, unknown> = {}) =>
    i18nFor(language).t(`overtime:${key}`, options) as string;
  const params = {
    date: request.workDate.replaceAll('-', '/'),
    start: request.startTime,
    end: request.endTime,
    count: request.duration,
    reason: reason ?? '',
  };
  const kind = outcome === 'APPROVED' ? 'approved' : 'rejected';
  await queueMail(
    ctx,
    composeAccountMail({
      to: person.email,
      name: mailName(person),
      language,
      template: `overtime-${kind}`,
      subject: t(`mail.${kind}.subject`, params),
      paragraphs: [t(`mail.${kind}.body`, params), ...(reason ? [t('mail.reason', params)] : [])],
      action: { label: t('mail.open'), url: `${ctx.config.publicUrl}/overtime-management` },
    }),
  );
}
