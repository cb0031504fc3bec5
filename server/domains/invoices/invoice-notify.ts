import { i18nFor, type Language } from '../../../shared/i18n/index.ts';
import type { Invoice } from '../../../shared/invoices.schemas.ts';
import { formatDate, groupVnd } from '../../../shared/rules/format.ts';
import type { ServiceContext } from '../../core/context.ts';
import { composeAccountMail, mailName } from '../accounts/account-mail.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './invoices.repository.ts';

/**
 * Who hears of an invoice: payers of each request to pay (PAYMENT_REQUEST, live and by mail), the
 * submitter of its payment (PAYMENT_MADE) or rejection (PAYMENT_REJECTED, with the reason), live and
 * by mail in their language. Every click opens /invoices. Written in the change's transaction: a
 * rolled-back change tells nobody.
 */

/** Most payers one request reaches (a company has a handful; the cap keeps a bad role from mailing everyone). */
const MAX_PAYERS = 200;

const ref = (invoice: Invoice) => ({
  id: invoice.id,
  name: invoice.name,
  firstName: invoice.creator.firstName,
  lastName: invoice.creator.lastName,
});

async function actorRef(ctx: ServiceContext) {
  if (!ctx.actor.id) return null;
  const [me] = await repo.listPeople(ctx.db, [ctx.actor.id]);
  return me
    ? { id: me.id, firstName: me.first_name, lastName: me.last_name, avatarUrl: me.avatar_url }
    : null;
}

type Person = Awaited<ReturnType<typeof repo.listPeople>>[number];

async function mail(
  ctx: ServiceContext,
  person: Person,
  kind: 'request' | 'paid' | 'rejected',
  invoice: Invoice,
) {
  const language = (person.language as Language) ?? 'en';
  const t = (key: string) =>
    i18nFor(language).t(`invoices:mail.${key}`, {
      name: invoice.name,
      person: `${invoice.creator.lastName} ${invoice.creator.firstName}`.trim(),
      amount: groupVnd(invoice.amount),
      date: formatDate(invoice.date),
      paymentDate: invoice.paymentDate ? formatDate(invoice.paymentDate) : '',
      reason: invoice.rejectionReason ?? '',
    }) as string;
  await queueMail(
    ctx,
    composeAccountMail({
      to: person.email,
      name: mailName(person),
      language,
      template: `invoice-${kind}`,
      subject: t(`${kind}.subject`),
      paragraphs: [t(`${kind}.body`), ...(kind === 'rejected' ? [t('reason')] : [])],
      action: { label: t('open'), url: `${ctx.config.publicUrl}/invoices` },
    }),
  );
}

/** Tells every payer but the submitter that an invoice waits for payment. */
export async function tellPayers(ctx: ServiceContext, invoice: Invoice): Promise<void> {
  const payers = await listPermissionHolders(ctx, 'invoices.pay', {
    exceptId: invoice.creator.id,
    limit: MAX_PAYERS,
  });
  if (payers.length === 0) return;
  await notify(
    ctx,
    payers.map((payer) => payer.id),
    'PAYMENT_REQUEST',
    { actor: await actorRef(ctx), invoice: ref(invoice) },
  );
  for (const person of await repo.listPeople(
    ctx.db,
    payers.map((payer) => payer.id),
  ))
    await mail(ctx, person, 'request', invoice);
}

/** Tells the submitter their invoice was paid or rejected. */
export async function tellSubmitter(ctx: ServiceContext, invoice: Invoice): Promise<void> {
  if (invoice.status === 'PENDING' || invoice.creator.id === ctx.actor.id) return;
  await notify(ctx, [invoice.creator.id], invoice.status === 'PAID' ? 'PAYMENT_MADE' : 'PAYMENT_REJECTED', {
    actor: await actorRef(ctx),
    invoice: ref(invoice),
  });
  const [person] = await repo.listPeople(ctx.db, [invoice.creator.id]);
  if (person && person.status === 'ACTIVE' && !person.deleted_at)
    await mail(ctx, person, invoice.status === 'PAID' ? 'paid' : 'rejected', invoice);
}
