import type {
  Invoice,
  InvoiceBody,
  InvoiceCounts,
  InvoicePage,
  InvoiceQuery,
  InvoiceStatus,
  InvoiceUpdateBody,
  MyInvoiceQuery,
} from '../../../shared/invoices.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { deleteStoredFiles, type StoredUpload } from '../../core/files/streamed-uploads.ts';
import { notPending, requireVisibleInvoice } from './invoice-access.ts';
import { tellPayers } from './invoice-notify.ts';
import { attachmentCountProblems, checkInvoiceFields } from './invoice-rules.ts';
import { invoiceRecord, loadInvoice, toInvoices } from './invoice-views.ts';
import { invoicePolicy, invoicesPolicy } from './invoices.policy.ts';
import * as repo from './invoices.repository.ts';

/**
 * Invoices: submitting, changing and deleting one's own while pending, the lists (one's own; every
 * invoice for managers and payers) and the counts per status. Paying, rejecting and reopening are in
 * invoice-status.service.ts.
 *
 * Attachments arrive already in the file storage (streamed there by the route, see
 * files/streamed-uploads.ts); a use case that fails for any reason deletes them before it answers,
 * so a refused or failed submission leaves neither rows nor files.
 */

/** Runs `work`; if it fails, the uploaded files go too (the rows that would have named them never committed). */
async function withUploads<T>(
  ctx: ServiceContext,
  uploads: readonly StoredUpload[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await deleteStoredFiles(
      ctx.config,
      uploads.map((upload) => upload.key),
    );
    throw error;
  }
}

const attachmentRows = (ctx: ServiceContext, invoiceId: string, uploads: readonly StoredUpload[]) =>
  uploads.map((upload, position) => ({
    invoice_id: invoiceId,
    storage_key: upload.key,
    file_name: upload.fileName,
    content_type: upload.contentType,
    size_bytes: upload.sizeBytes,
    sha256: upload.sha256,
    position,
    created_by: ctx.actor.id,
  }));

/**
 * Submits an invoice or expense of the caller with its attachments, and tells the payers (live and
 * by mail). Every rule is checked at once before anything is written.
 */
export async function createInvoice(
  ctx: ServiceContext,
  input: InvoiceBody,
  uploads: readonly StoredUpload[] = [],
): Promise<Invoice> {
  return withUploads(ctx, uploads, async () => {
    invoicesPolicy.authorize(ctx.actor, 'submit', undefined);
    return inTransaction(ctx, async (tx) => {
      const { values, problems } = await checkInvoiceFields(tx, input);
      problems.push(...attachmentCountProblems(uploads.length));
      if (problems.length > 0) throw validationError(problems);
      const id = await repo.insertInvoice(tx.db, {
        ...values,
        user_id: tx.actor.id!,
        created_by: tx.actor.id,
      });
      await repo.insertAttachments(tx.db, attachmentRows(tx, id, uploads));
      const created = await loadInvoice(tx, id);
      await recordAudit(tx, {
        action: 'invoice.created',
        entityType: 'invoice',
        entityId: id,
        after: created,
      });
      await tellPayers(tx, created);
      return created;
    });
  });
}

/** One invoice: its submitter, managers and payers see it. */
export async function getInvoice(ctx: ServiceContext, id: string): Promise<Invoice> {
  const row = await requireVisibleInvoice(ctx, id);
  return (await toInvoices(ctx, [row]))[0]!;
}

/**
 * Changes a pending invoice (its submitter, or a manager): the fields, new attachments, and the
 * attachments to remove (deleted from storage once the change commits). 412 on a stale `version`.
 */
export async function updateInvoice(
  ctx: ServiceContext,
  id: string,
  input: InvoiceUpdateBody,
  uploads: readonly StoredUpload[] = [],
): Promise<Invoice> {
  return withUploads(ctx, uploads, () =>
    inTransaction(ctx, async (tx) => {
      await requireVisibleInvoice(tx, id);
      const locked = (await repo.lockInvoice(tx.db, id))!;
      const record = invoiceRecord(locked);
      if (!invoicePolicy.can(tx.actor, 'edit', record)) {
        const wouldMay = invoicePolicy.can(tx.actor, 'edit', { ...record, status: 'PENDING' });
        throw wouldMay ? notPending(tx, locked.status) : new AppError('FORBIDDEN');
      }
      if (locked.version !== input.version) throw new AppError('PRECONDITION_FAILED');
      const { values, problems } = await checkInvoiceFields(tx, input, { vendorId: locked.vendor_id });
      const existing = await repo.listAttachments(tx.db, [id]);
      const removing = [...new Set(input.removeAttachmentIds ?? [])];
      if (removing.some((attachmentId) => !existing.some((a) => a.id === attachmentId)))
        problems.push({ field: 'removeAttachmentIds', code: 'unknownAttachment' });
      problems.push(...attachmentCountProblems(existing.length - removing.length + uploads.length));
      if (problems.length > 0) throw validationError(problems);
      const before = await loadInvoice(tx, id);
      await repo.updateInvoice(tx.db, id, values);
      const removedKeys = await repo.deleteAttachments(tx.db, id, removing);
      await repo.insertAttachments(tx.db, attachmentRows(tx, id, uploads));
      const after = await loadInvoice(tx, id);
      await recordAudit(tx, {
        action: 'invoice.updated',
        entityType: 'invoice',
        entityId: id,
        before,
        after,
      });
      if (removedKeys.length > 0) tx.afterCommit.push(() => deleteStoredFiles(tx.config, removedKeys));
      return after;
    }),
  );
}

/** Deletes a pending invoice (its submitter, or a manager) and, once that commits, its files. */
export async function deleteInvoice(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await requireVisibleInvoice(tx, id);
    const locked = (await repo.lockInvoice(tx.db, id))!;
    const record = invoiceRecord(locked);
    if (!invoicePolicy.can(tx.actor, 'delete', record)) {
      const wouldMay = invoicePolicy.can(tx.actor, 'delete', { ...record, status: 'PENDING' });
      throw wouldMay ? notPending(tx, locked.status) : new AppError('FORBIDDEN');
    }
    const before = await loadInvoice(tx, id);
    const keys = (await repo.listAttachments(tx.db, [id])).map((a) => a.storage_key);
    await repo.deleteInvoice(tx.db, id);
    await recordAudit(tx, { action: 'invoice.deleted', entityType: 'invoice', entityId: id, before });
    if (keys.length > 0) tx.afterCommit.push(() => deleteStoredFiles(tx.config, keys));
  });
}

/** The caller's own invoices, newest first. */
export async function listMyInvoices(ctx: ServiceContext, query: MyInvoiceQuery): Promise<InvoicePage> {
  invoicesPolicy.authorize(ctx.actor, 'submit', undefined);
  const page = await paginate(
    query,
    (window) =>
      repo.listInvoices(
        ctx.db,
        { userId: ctx.actor.id!, status: query.status, search: query.search },
        window,
      ),
    (row) => row,
  );
  return { ...page, items: await toInvoices(ctx, page.items) };
}

/** Every invoice (managers and payers), filtered; `sort=oldest` is the review queue's order. */
export async function listInvoices(ctx: ServiceContext, query: InvoiceQuery): Promise<InvoicePage> {
  invoicesPolicy.authorize(ctx.actor, 'viewAll', undefined);
  if (query.from && query.to && query.to < query.from)
    throw validationError([{ field: 'to', code: 'dateOrder' }]);
  const page = await paginate(
    query,
    (window) => repo.listInvoices(ctx.db, { ...query, userId: query.personId }, window, query.sort),
    (row) => row,
  );
  return { ...page, items: await toInvoices(ctx, page.items) };
}

/** How many invoices per status, and the amount waiting to be paid (the tab's badge). */
export async function countInvoices(ctx: ServiceContext): Promise<InvoiceCounts> {
  invoicesPolicy.authorize(ctx.actor, 'viewAll', undefined);
  const rows = await repo.countByStatus(ctx.db);
  const count = (status: InvoiceStatus) => rows.find((row) => row.status === status)?.count ?? 0;
  return {
    PENDING: count('PENDING'),
    PAID: count('PAID'),
    REJECTED: count('REJECTED'),
    total: rows.reduce((sum, row) => sum + row.count, 0),
    pendingAmount: rows.find((row) => row.status === 'PENDING')?.amount ?? '0',
  };
}
