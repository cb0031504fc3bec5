import type { Invoice } from '../../../shared/invoices.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { invoiceAbilities, type InvoiceRecord } from './invoices.policy.ts';
import * as repo from './invoices.repository.ts';

/** Invoices as the API sends them: rows with their attachments and what the caller may do. */

export const invoiceRecord = (row: { user_id: string; status: InvoiceRecord['status'] }): InvoiceRecord => ({
  creatorId: row.user_id,
  status: row.status,
});

function toInvoice(
  ctx: ServiceContext,
  row: repo.InvoiceRow,
  attachments: readonly repo.AttachmentRow[],
): Invoice {
  return {
    id: row.id,
    name: row.name,
    date: row.invoice_date,
    referenceId: row.reference_id,
    amount: String(row.amount),
    category: row.category,
    kind: row.kind,
    vendor:
      row.vendor_id && row.vendor_name !== null
        ? {
            id: row.vendor_id,
            name: row.vendor_name,
            taxCode: row.vendor_tax_code,
            status: row.vendor_status ?? 'ACTIVE',
          }
        : null,
    creator: {
      id: row.user_id,
      firstName: row.creator_first_name,
      lastName: row.creator_last_name,
      email: row.creator_email,
      avatarUrl: row.creator_avatar_url,
    },
    status: row.status,
    paymentDate: row.payment_date,
    rejectionReason: row.rejection_reason,
    decidedBy:
      row.decided_by && row.decider_first_name !== null
        ? { id: row.decided_by, firstName: row.decider_first_name, lastName: row.decider_last_name ?? '' }
        : null,
    decidedAt: row.decided_at?.toISOString() ?? null,
    attachments: attachments.map((a) => ({
      id: a.id,
      fileName: a.file_name,
      contentType: a.content_type,
      sizeBytes: a.size_bytes,
      createdAt: a.created_at.toISOString(),
    })),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: invoiceAbilities(ctx.actor, invoiceRecord(row)),
  };
}

/** Rows as the API sends them (one query for all their attachments). */
export async function toInvoices(ctx: ServiceContext, rows: readonly repo.InvoiceRow[]): Promise<Invoice[]> {
  const attachments = await repo.listAttachments(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toInvoice(
      ctx,
      row,
      attachments.filter((a) => a.invoice_id === row.id),
    ),
  );
}

/** One invoice as it is now in the caller's transaction. */
export async function loadInvoice(ctx: ServiceContext, id: string): Promise<Invoice> {
  const row = await repo.findInvoice(ctx.db, id);
  return (await toInvoices(ctx, [row!]))[0]!;
}
