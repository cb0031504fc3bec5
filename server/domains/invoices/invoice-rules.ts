import type { FieldProblem } from '../../../shared/errors.ts';
import { MAX_INVOICE_ATTACHMENTS, type InvoiceBody } from '../../../shared/invoices.schemas.ts';
import { groupVnd, formatDate } from '../../../shared/rules/format.ts';
import { MAX_VND, parseVnd } from '../../../shared/rules/money.ts';
import { companyToday } from '../../core/company-date.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { InvoiceValues } from './invoices.repository.ts';
import * as vendors from './vendors.repository.ts';

/**
 * The rules of an invoice's fields, every problem at once: the amount (whole VND, more than 0, within
 * a `bigint`), the date (not after today, in the company's time zone), a vendor for a COMPANY
 * invoice (live and active; an invoice keeps the vendor it had even once that one is deactivated),
 * the number of attachments, and the payment date (not before the invoice's date, not after today).
 */

export interface CheckedInvoice {
  values: InvoiceValues;
  problems: FieldProblem[];
}

/** The fields as kept, and their problems. Call inside the transaction: the vendor is share-locked. */
export async function checkInvoiceFields(
  ctx: ServiceContext,
  input: InvoiceBody,
  current: { vendorId: string | null } | null = null,
): Promise<CheckedInvoice> {
  const problems: FieldProblem[] = [];
  const parsed = parseVnd(input.amount);
  if (!parsed.ok)
    problems.push({
      field: 'amount',
      code: parsed.problem,
      ...(parsed.problem === 'amountTooLarge' && { params: { max: groupVnd(MAX_VND) } }),
    });
  if (input.date > companyToday(ctx.config)) problems.push({ field: 'date', code: 'invoiceDateFuture' });
  const vendorId = input.vendorId ?? null;
  if (input.kind === 'COMPANY' && !vendorId) problems.push({ field: 'vendorId', code: 'vendorRequired' });
  if (vendorId) {
    const vendor = await vendors.findVendorForShare(ctx.db, vendorId);
    if (!vendor || vendor.deleted_at) problems.push({ field: 'vendorId', code: 'unknownVendor' });
    else if (vendor.status !== 'ACTIVE' && vendorId !== current?.vendorId)
      problems.push({ field: 'vendorId', code: 'inactiveVendor' });
  }
  return {
    problems,
    values: {
      name: input.name.trim(),
      invoice_date: input.date,
      reference_id: input.referenceId?.trim() || null,
      amount: parsed.ok ? parsed.amount : 0n,
      category: input.category,
      kind: input.kind,
      vendor_id: vendorId,
    },
  };
}

/** 'The total number of files uploaded must not exceed 5', when the invoice would hold more. */
export function attachmentCountProblems(total: number): FieldProblem[] {
  return total > MAX_INVOICE_ATTACHMENTS
    ? [{ field: 'attachments', code: 'tooManyFiles', params: { number: MAX_INVOICE_ATTACHMENTS } }]
    : [];
}

/** A payment date's problems: required, not before the invoice's date, not after today. */
export function paymentDateProblems(
  ctx: ServiceContext,
  paymentDate: string | undefined,
  invoiceDate: string,
): FieldProblem[] {
  if (!paymentDate) return [{ field: 'paymentDate', code: 'required' }];
  if (paymentDate < invoiceDate)
    return [
      { field: 'paymentDate', code: 'paymentBeforeInvoice', params: { date: formatDate(invoiceDate) } },
    ];
  if (paymentDate > companyToday(ctx.config)) return [{ field: 'paymentDate', code: 'paymentDateFuture' }];
  return [];
}
