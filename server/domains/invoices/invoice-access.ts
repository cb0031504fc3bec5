import { i18nFor } from '../../../shared/i18n/index.ts';
import type { InvoiceStatus } from '../../../shared/invoices.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { isPerson } from '../../core/policy.ts';
import { invoiceRecord } from './invoice-views.ts';
import { invoicePolicy } from './invoices.policy.ts';
import * as repo from './invoices.repository.ts';

/** Checks the invoice use cases share: seeing an invoice, and the refusal of one that is no longer pending. */

/** 409 'This invoice is Paid: only a pending invoice can be changed…' in the caller's language. */
export function notPending(ctx: ServiceContext, status: InvoiceStatus): AppError {
  const label = i18nFor(ctx.request.language).t(`invoices:status.${status}`) as string;
  return new AppError('INVOICE_NOT_PENDING', { params: { status: label } });
}

/** The invoice if the caller may see it; not-found and forbidden look alike. */
export async function requireVisibleInvoice(ctx: ServiceContext, id: string): Promise<repo.InvoiceRow> {
  if (!isPerson(ctx.actor) && ctx.actor.kind !== 'system') throw new AppError('UNAUTHENTICATED');
  const row = await repo.findInvoice(ctx.db, id);
  if (!row || !invoicePolicy.can(ctx.actor, 'view', invoiceRecord(row))) throw new AppError('NOT_FOUND');
  return row;
}
