import type {
  Acknowledgement,
  AcknowledgementPage,
  AcknowledgementQuery,
  ReminderResult,
  ToAcknowledgeCount,
} from '../../../shared/documents.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { pageOf, pageWindow } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { notifyToAcknowledge } from './document-notify.ts';
import { requireVisibleDocument } from './document-views.ts';
import { documentPolicy, documentsPolicy } from './documents.policy.ts';
import * as repo from './documents.repository.ts';

/** Read acknowledgements: people acknowledge the current version; HR sees who has and has not, and reminds. */

/** How many documents the caller must still acknowledge (the sidebar's badge, the home card). */
export async function countMyDocumentsToAcknowledge(ctx: ServiceContext): Promise<ToAcknowledgeCount> {
  documentsPolicy.authorize(ctx.actor, 'readList', undefined);
  return { count: await repo.countToAcknowledge(ctx.db, ctx.actor.id!) };
}

/**
 * The caller acknowledges having read the current version of a document that requires it.
 * Acknowledging again changes nothing (the first moment is kept).
 */
export async function acknowledgeDocument(ctx: ServiceContext, id: string): Promise<Acknowledgement> {
  documentsPolicy.authorize(ctx.actor, 'readList', undefined);
  const { row, record } = await requireVisibleDocument(ctx, id);
  if (!row.requires_acknowledgement) throw new AppError('ACKNOWLEDGEMENT_NOT_REQUIRED');
  documentPolicy.authorize(ctx.actor, 'acknowledge', record);
  const userId = ctx.actor.id!;
  return inTransaction(ctx, async (tx) => {
    const inserted = await repo.insertAcknowledgement(tx.db, {
      version_id: row.version_id,
      user_id: userId,
      ip: tx.request.ip,
    });
    const mine = await repo.acknowledgementsOf(tx.db, userId, [row.version_id]);
    const acknowledgedAt = mine.get(row.version_id)!.toISOString();
    if (inserted) {
      await recordAudit(tx, {
        action: 'document.acknowledged',
        entityType: 'document',
        entityId: id,
        after: { versionId: row.version_id, versionNumber: row.version_number, acknowledgedAt },
      });
    }
    return { versionId: row.version_id, acknowledgedAt };
  });
}

async function requireTrackedVersion(ctx: ServiceContext, id: string, versionId?: string) {
  const { row, record } = await requireVisibleDocument(ctx, id);
  documentPolicy.authorize(ctx.actor, 'track', record);
  const version = await repo.findVersion(ctx.db, id, versionId ?? row.version_id);
  if (!version)
    throw validationError([{ field: 'versionId', code: 'invalid', params: { field: 'versionId' } }]);
  return { row, version };
}

/** Who of the document's audience has and has not acknowledged a version (the current one by default). */
export async function listAcknowledgements(
  ctx: ServiceContext,
  id: string,
  query: AcknowledgementQuery,
): Promise<AcknowledgementPage> {
  documentsPolicy.authorize(ctx.actor, 'list', undefined);
  const { version } = await requireTrackedVersion(ctx, id, query.versionId);
  const window = pageWindow(query);
  const [page, acknowledged, pending] = await Promise.all([
    repo.listAudience(ctx.db, id, version.id, query.status, window),
    repo.listAudience(ctx.db, id, version.id, 'ACKNOWLEDGED', { ...window, offset: 0, limit: 0 }),
    repo.listAudience(ctx.db, id, version.id, 'PENDING', { ...window, offset: 0, limit: 0 }),
  ]);
  return {
    items: page.rows.map((row) => ({
      userId: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      department: row.department,
      acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
    })),
    ...pageOf(window, page.total),
    versionId: version.id,
    versionNumber: version.number,
    acknowledgedCount: acknowledged.total,
    pendingCount: pending.total,
  };
}

/** Reminds everyone of the audience who has not acknowledged the current version (DOCUMENT_ACKNOWLEDGEMENT_REMINDER). */
export async function remindPendingReaders(ctx: ServiceContext, id: string): Promise<ReminderResult> {
  documentsPolicy.authorize(ctx.actor, 'list', undefined);
  const { row } = await requireTrackedVersion(ctx, id);
  if (!row.requires_acknowledgement) throw new AppError('ACKNOWLEDGEMENT_NOT_REQUIRED');
  return inTransaction(ctx, async (tx) => {
    const remindedCount = await notifyToAcknowledge(
      tx,
      id,
      row.version_id,
      row.version_number,
      row.title,
      new Set(),
      'DOCUMENT_ACKNOWLEDGEMENT_REMINDER',
    );
    await recordAudit(tx, {
      action: 'document.readers_reminded',
      entityType: 'document',
      entityId: id,
      after: { versionId: row.version_id, remindedCount },
    });
    return { remindedCount };
  });
}
