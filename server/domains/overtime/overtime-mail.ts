import { i18nFor, type Language } from '../../../shared/i18n/index.ts';
import type { OtRequest } from '../../../shared/overtime.schemas.ts';
import { composeAccountMail, mailName } from '../accounts/account-mail.ts';
import type { ServiceContext } from '../../core/context.ts';
import { queueMail } from '../mail/mail.service.ts';
import * as repo from './overtime.repository.ts';

/** Tells the requester their overtime was approved or rejected, by mail in their language. */
export async function tellOvertimeDecision(
  ctx: ServiceContext,
  request: OtRequest,
  outcome: 'APPROVED' | 'REJECTED',
  reason: string | null,
): Promise<void> {
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
