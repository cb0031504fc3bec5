import { i18nFor } from '../../../shared/i18n/index.ts';
import type {
  BulkInvoiceResult,
  BulkInvoiceStatusBody,
  Invoice,
  InvoiceStatusBody,
} from '../../../shared/invoices.schemas.ts';
import { labelledParams, problemMessage } from '../../../shared/rules/problems.ts';
import type { FieldError } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { notPending, requireVisibleInvoice } from './invoice-access.ts';
import { tellPayers, tellSubmitter } from './invoice-notify.ts';
import { paymentDateProblems } from './invoice-rules.ts';
import { invoiceRecord, loadInvoice } from './invoice-views.ts';
import { invoicePolicy, invoicesPolicy, isOwnInvoice } from './invoices.policy.ts';
import * as repo from './invoices.repository.ts';

/**
 * Paying, rejecting and reopening invoices (`PATCH /invoices/{id}/status`), one at a time or many at
 * once (`POST /invoices/bulk-status`). Only PENDING → PAID or REJECTED; the way back is an explicit
 * reopen (REJECTED → PENDING by the submitter, to send it again, or by a payer; PAID → PENDING by a
 * payer, for a payment recorded by mistake). A paid invoice cannot be changed or deleted.
 */

const ABILITY = { PAID: 'pay', REJECTED: 'reject', PENDING: 'reopen' } as const;
const ACTION = { PAID: 'invoice.paid', REJECTED: 'invoice.rejected', PENDING: 'invoice.reopened' } as const;

/** Why the actor may not move this invoice to `status`: the clearest of the refusals. */
function refusal(
  ctx: ServiceContext,
  locked: NonNullable<Awaited<ReturnType<typeof repo.lockInvoice>>>,
  status: InvoiceStatusBody['status'],
): AppError {
  const record = invoiceRecord(locked);
  const ability = ABILITY[status];
  if (status === 'PENDING') {
    if (record.status === 'PENDING') return new AppError('INVOICE_ALREADY_PENDING');
    return new AppError('FORBIDDEN');
  }
  // A payer (or a submitter…) who could act were the invoice pending is told it is not.
  if (record.status !== 'PENDING' && invoicePolicy.can(ctx.actor, ability, { ...record, status: 'PENDING' }))
    return notPending(ctx, record.status);
  if (invoicesPolicy.can(ctx.actor, 'pay', undefined) && isOwnInvoice(ctx.actor, record))
    return new AppError('OWN_INVOICE');
  if (record.status !== 'PENDING' && invoicesPolicy.can(ctx.actor, 'pay', undefined))
    return notPending(ctx, record.status);
  return new AppError('FORBIDDEN');
}

/** Checks that do not need the invoice: a rejection needs a reason, a payment a date not after today. */
function checkBody(ctx: ServiceContext, input: { status: string; reason?: string; paymentDate?: string }) {
  if (input.status === 'REJECTED' && !input.reason?.trim())
    throw validationError([{ field: 'reason', code: 'rejectionReasonRequired' }]);
  if (input.status === 'PAID') {
    if (!input.paymentDate) throw validationError([{ field: 'paymentDate', code: 'required' }]);
    if (input.paymentDate > companyToday(ctx.config))
      throw validationError([{ field: 'paymentDate', code: 'paymentDateFuture' }]);
  }
}

/**
 * Pays (with the payment date), rejects (with the reason) or reopens an invoice; 412 on a stale
 * `version`. The submitter is told of a payment or a rejection (PAYMENT_MADE / PAYMENT_REJECTED, live
 * and by mail); payers are told again when the submitter sends a rejected invoice back.
 */
export async function changeInvoiceStatus(
  ctx: ServiceContext,
  id: string,
  input: InvoiceStatusBody,
): Promise<Invoice> {
  checkBody(ctx, input);
  return inTransaction(ctx, async (tx) => {
    await requireVisibleInvoice(tx, id);
    const locked = (await repo.lockInvoice(tx.db, id))!;
    if (!invoicePolicy.can(tx.actor, ABILITY[input.status], invoiceRecord(locked)))
      throw refusal(tx, locked, input.status);
    if (locked.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    if (input.status === 'PAID') {
      const problems = paymentDateProblems(tx, input.paymentDate, locked.invoice_date);
      if (problems.length > 0) throw validationError(problems);
    }
    const before = await loadInvoice(tx, id);
    const decided = input.status !== 'PENDING';
    await repo.setInvoiceStatus(tx.db, id, {
      status: input.status,
      payment_date: input.status === 'PAID' ? input.paymentDate! : null,
      rejection_reason: input.status === 'REJECTED' ? input.reason!.trim() : null,
      decided_by: decided ? tx.actor.id : null,
      decided_at: decided ? new Date() : null,
    });
    const after = await loadInvoice(tx, id);
    await recordAudit(tx, {
      action: ACTION[input.status],
      entityType: 'invoice',
      entityId: id,
      before,
      // Why it was reopened is kept with the event (the invoice itself starts afresh).
      after:
        input.status === 'PENDING' && input.reason?.trim()
          ? { ...after, reopenReason: input.reason.trim() }
          : after,
    });
    if (decided) await tellSubmitter(tx, after);
    else if (before.status === 'REJECTED' && after.creator.id === tx.actor.id) await tellPayers(tx, after);
    return after;
  });
}

/** An error as the API would answer it, in the caller's language (one line per failing field). */
function describe(ctx: ServiceContext, error: AppError): string {
  const t = i18nFor(ctx.request.language).t.bind(i18nFor(ctx.request.language));
  if (Array.isArray(error.details) && error.details.length > 0)
    return (error.details as FieldError[]).map((detail) => problemMessage(t, detail)).join(' ');
  return t(`errors:codes.${error.code}`, labelledParams(t, error.params) ?? {}) as string;
}

/**
 * Pays many invoices with one payment date, or rejects them with one reason. Each invoice is its own
 * transaction, audit event and notification, exactly as if paid alone: one that fails (stale,
 * already decided, paid before its date, one's own) is reported in its result and does not undo the
 * others. Must not run inside another transaction.
 */
export async function bulkChangeInvoiceStatus(
  ctx: ServiceContext,
  input: BulkInvoiceStatusBody,
): Promise<BulkInvoiceResult> {
  invoicesPolicy.authorize(ctx.actor, 'pay', undefined);
  if (ctx.inTransaction) throw new Error('bulkChangeInvoiceStatus commits each invoice on its own');
  checkBody(ctx, input);
  const results: BulkInvoiceResult['results'] = [];
  const seen = new Set<string>();
  for (const item of input.items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    try {
      const invoice = await changeInvoiceStatus(ctx, item.id, {
        status: input.status,
        version: item.version,
        paymentDate: input.paymentDate,
        reason: input.reason,
      });
      results.push({ id: item.id, ok: true, invoice });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id: item.id, ok: false, code: error.code, message: describe(ctx, error) });
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}
