import type { Readable } from 'node:stream';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import { requireVisibleInvoice } from './invoice-access.ts';
import * as repo from './invoices.repository.ts';

/** An attachment of an invoice, for those who may see the invoice (the review queue previews it). */
export async function openInvoiceAttachment(
  ctx: ServiceContext,
  invoiceId: string,
  attachmentId: string,
): Promise<{ stream: Readable; fileName: string; contentType: string; sizeBytes: number }> {
  await requireVisibleInvoice(ctx, invoiceId);
  const attachment = await repo.findAttachment(ctx.db, invoiceId, attachmentId);
  const stream = attachment ? await fileStorage(ctx.config).get(attachment.storage_key) : null;
  if (!attachment || !stream) throw new AppError('NOT_FOUND');
  return {
    stream,
    fileName: attachment.file_name,
    contentType: attachment.content_type,
    sizeBytes: attachment.size_bytes,
  };
}
