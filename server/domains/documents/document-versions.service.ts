import type { Readable } from 'node:stream';
import type { DocumentDetail, DocumentVersionBody } from '../../../shared/documents.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import type { StoredUpload } from '../../core/files/streamed-uploads.ts';
import { notifyToAcknowledge } from './document-notify.ts';
import { requireVisibleDocument } from './document-views.ts';
import { documentPolicy, documentsPolicy } from './documents.policy.ts';
import * as repo from './documents.repository.ts';
import { getDocument } from './documents.service.ts';

/** Versions of a document: a new upload becomes the current version, the old ones stay readable. */

/**
 * Uploads a new version; it becomes the current one. Acknowledgements are per version, so when the
 * document requires acknowledgement its whole audience must acknowledge again and is told.
 */
export async function uploadDocumentVersion(
  ctx: ServiceContext,
  id: string,
  input: DocumentVersionBody,
  uploads: readonly StoredUpload[],
): Promise<DocumentDetail> {
  documentsPolicy.authorize(ctx.actor, 'list', undefined);
  const { record } = await requireVisibleDocument(ctx, id);
  documentPolicy.authorize(ctx.actor, 'upload', record);
  const file = uploads[0];
  if (!file) throw validationError([{ field: 'file', code: 'fileRequired' }]);

  await inTransaction(ctx, async (tx) => {
    const before = await repo.findDocument(tx.db, id, { lock: true });
    if (!before) throw new AppError('NOT_FOUND');
    const number = before.current_version + 1;
    const versionId = await repo.insertVersion(tx.db, {
      document_id: id,
      number,
      storage_key: file.key,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.sizeBytes,
      sha256: file.sha256,
      note: input.note?.trim() || null,
      created_by: tx.actor.id,
    });
    await repo.updateDocument(tx.db, id, { current_version: number });
    await recordAudit(tx, {
      action: 'document.version_uploaded',
      entityType: 'document',
      entityId: id,
      before: { currentVersion: before.current_version },
      after: { currentVersion: number, versionId, fileName: file.fileName, sha256: file.sha256 },
    });
    if (before.requires_acknowledgement) await notifyToAcknowledge(tx, id, versionId, number, before.title);
  });
  return getDocument(ctx, id);
}

/** A version's file (the current one when `versionId` is absent), for those who may see the document. */
export async function openDocumentFile(
  ctx: ServiceContext,
  id: string,
  versionId?: string,
): Promise<{ stream: Readable; fileName: string; contentType: string; sizeBytes: number }> {
  documentsPolicy.authorize(ctx.actor, 'list', undefined);
  const { row } = await requireVisibleDocument(ctx, id);
  const version = await repo.findVersion(ctx.db, id, versionId ?? row.version_id);
  const stream = version ? await fileStorage(ctx.config).get(version.storage_key) : null;
  if (!version || !stream) throw new AppError('NOT_FOUND');
  return {
    stream,
    fileName: version.file_name,
    contentType: version.content_type,
    sizeBytes: version.size_bytes,
  };
}
