import type {
  AudienceOptions,
  DocumentBody,
  DocumentDetail,
  DocumentPage,
  DocumentQuery,
  DocumentUpdateBody,
} from '../../../shared/documents.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageOf, pageWindow } from '../../core/paging.ts';
import { isPerson } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { StoredUpload } from '../../core/files/streamed-uploads.ts';
import {
  audienceProblems,
  duplicateTitle,
  requireVisibleDocument,
  throwIfProblems,
  toDocuments,
  toVersion,
} from './document-views.ts';
import { notifyToAcknowledge } from './document-notify.ts';
import { documentPolicy, documentsPolicy, managesDocuments } from './documents.policy.ts';
import * as repo from './documents.repository.ts';

/** Company documents: the list each person may see, one document with its versions, publishing and changing. */

/** Lists the documents the caller may see (managers: all), by category and title; `toAcknowledge` narrows to their to-read list. */
export async function listDocuments(ctx: ServiceContext, query: DocumentQuery): Promise<DocumentPage> {
  documentsPolicy.authorize(ctx.actor, 'list', undefined);
  if (query.toAcknowledge) documentsPolicy.authorize(ctx.actor, 'readList', undefined);
  const window = pageWindow(query);
  const me = isPerson(ctx.actor) ? ctx.actor.id : null;
  const { rows, total } = await repo.listDocuments(
    ctx.db,
    {
      search: query.search,
      category: query.category,
      visibleTo: managesDocuments(ctx.actor) ? null : me,
      toAcknowledgeBy: query.toAcknowledge && me ? me : undefined,
    },
    window,
  );
  return { items: await toDocuments(ctx, rows), ...pageOf(window, total) };
}

/** One document the caller may see, with every version (newest first). */
export async function getDocument(ctx: ServiceContext, id: string): Promise<DocumentDetail> {
  documentsPolicy.authorize(ctx.actor, 'list', undefined);
  const { row } = await requireVisibleDocument(ctx, id);
  const [document] = await toDocuments(ctx, [row]);
  const versions = await repo.listVersions(ctx.db, id);
  return { ...document!, versions: versions.map(toVersion) };
}

/**
 * Publishes a document with its first version (the uploaded `file`). When it requires
 * acknowledgement, its audience is told (DOCUMENT_TO_ACKNOWLEDGE).
 */
export async function createDocument(
  ctx: ServiceContext,
  input: DocumentBody,
  uploads: readonly StoredUpload[],
): Promise<DocumentDetail> {
  documentsPolicy.authorize(ctx.actor, 'create', undefined);
  const roleIds = input.visibility === 'ROLES' ? (input.roleIds ?? []) : [];
  const departmentIds = input.visibility === 'DEPARTMENTS' ? (input.departmentIds ?? []) : [];
  const requiresAcknowledgement = input.requiresAcknowledgement ?? input.category === 'REGULATION';
  const problems = await audienceProblems(ctx, { ...input, roleIds, departmentIds, requiresAcknowledgement });
  const file = uploads[0];
  if (!file) problems.push({ field: 'file', code: 'fileRequired' });
  throwIfProblems(problems);

  const id = await inTransaction(ctx, async (tx) => {
    const id = await repo
      .insertDocument(tx.db, {
        title: input.title.trim(),
        description: input.description?.trim() || null,
        category: input.category,
        visibility: input.visibility,
        requires_acknowledgement: requiresAcknowledgement,
        created_by: tx.actor.id,
      })
      .catch((error) => Promise.reject(duplicateTitle(error)));
    await repo.setAudience(tx.db, id, roleIds, departmentIds);
    const versionId = await repo.insertVersion(tx.db, {
      document_id: id,
      number: 1,
      storage_key: file!.key,
      file_name: file!.fileName,
      content_type: file!.contentType,
      size_bytes: file!.sizeBytes,
      sha256: file!.sha256,
      note: input.note?.trim() || null,
      created_by: tx.actor.id,
    });
    const created = await repo.findDocument(tx.db, id);
    await recordAudit(tx, {
      action: 'document.created',
      entityType: 'document',
      entityId: id,
      after: { ...created, roleIds, departmentIds, fileSha256: file!.sha256 },
    });
    if (requiresAcknowledgement) await notifyToAcknowledge(tx, id, versionId, 1, input.title.trim());
    return id;
  });
  return getDocument(ctx, id);
}

/**
 * Changes a document's fields and audience (not its file: that is a new version). Turning
 * acknowledgement on, or widening the audience, tells the newly concerned who have not acknowledged.
 */
export async function updateDocument(
  ctx: ServiceContext,
  id: string,
  input: DocumentUpdateBody,
): Promise<DocumentDetail> {
  documentsPolicy.authorize(ctx.actor, 'list', undefined);
  const { row, record } = await requireVisibleDocument(ctx, id);
  documentPolicy.authorize(ctx.actor, 'edit', record);
  const names = await repo.audienceNames(ctx.db, [id]);
  const category = input.category ?? row.category;
  const visibility = input.visibility ?? row.visibility;
  const requiresAcknowledgement = input.requiresAcknowledgement ?? row.requires_acknowledgement;
  const roleIds = visibility === 'ROLES' ? (input.roleIds ?? names.roles.map((r) => r.id)) : [];
  const departmentIds =
    visibility === 'DEPARTMENTS' ? (input.departmentIds ?? names.departments.map((d) => d.id)) : [];
  const problems = await audienceProblems(ctx, {
    category,
    visibility,
    roleIds,
    departmentIds,
    requiresAcknowledgement,
  });
  if (problems.length) throw validationError(problems);

  await inTransaction(ctx, async (tx) => {
    const before = await repo.findDocument(tx.db, id, { lock: true });
    if (!before) throw new AppError('NOT_FOUND');
    if (before.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    const pendingBefore = new Set(
      before.requires_acknowledgement ? await repo.pendingAudience(tx.db, id, before.version_id) : [],
    );
    await repo
      .updateDocument(tx.db, id, {
        title: input.title?.trim(),
        description: input.description === undefined ? undefined : input.description?.trim() || null,
        category,
        visibility,
        requires_acknowledgement: requiresAcknowledgement,
      })
      .catch((error) => Promise.reject(duplicateTitle(error)));
    await repo.setAudience(tx.db, id, roleIds, departmentIds);
    const after = await repo.findDocument(tx.db, id);
    await recordAudit(tx, {
      action: 'document.updated',
      entityType: 'document',
      entityId: id,
      before: {
        ...before,
        roleIds: names.roles.map((r) => r.id),
        departmentIds: names.departments.map((d) => d.id),
      },
      after: { ...after, roleIds, departmentIds },
    });
    if (requiresAcknowledgement) {
      await notifyToAcknowledge(
        tx,
        id,
        before.version_id,
        before.version_number,
        after!.title,
        pendingBefore,
      );
    }
  });
  return getDocument(ctx, id);
}

/** The roles and departments a document may be shown to, for the publishing form. */
export async function listAudienceOptions(ctx: ServiceContext): Promise<AudienceOptions> {
  documentsPolicy.authorize(ctx.actor, 'create', undefined);
  return repo.audienceOptions(ctx.db);
}

/** Withdraws a document (soft delete: its versions and acknowledgements stay for the record). */
export async function deleteDocument(ctx: ServiceContext, id: string): Promise<void> {
  documentsPolicy.authorize(ctx.actor, 'list', undefined);
  const { record } = await requireVisibleDocument(ctx, id);
  documentPolicy.authorize(ctx.actor, 'delete', record);
  await inTransaction(ctx, async (tx) => {
    const before = await repo.findDocument(tx.db, id, { lock: true });
    if (!before) throw new AppError('NOT_FOUND');
    await repo.softDeleteDocument(tx.db, id);
    await recordAudit(tx, { action: 'document.deleted', entityType: 'document', entityId: id, before });
  });
}
