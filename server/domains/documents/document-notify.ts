import type { ServiceContext } from '../../core/context.ts';
import { notifyEach } from '../notifications/notifications.service.ts';
import * as repo from './documents.repository.ts';

/**
 * Tells the audience of a document version who have not acknowledged it that they must
 * (DOCUMENT_TO_ACKNOWLEDGE), in the caller's transaction. `alreadyTold` leaves out those told before
 * (a changed audience tells only the newly concerned). Returns how many were told.
 */
export async function notifyToAcknowledge(
  tx: ServiceContext,
  documentId: string,
  versionId: string,
  versionNumber: number,
  title: string,
  alreadyTold: ReadonlySet<string> = new Set(),
  type: 'DOCUMENT_TO_ACKNOWLEDGE' | 'DOCUMENT_ACKNOWLEDGEMENT_REMINDER' = 'DOCUMENT_TO_ACKNOWLEDGE',
): Promise<number> {
  const pending = (await repo.pendingAudience(tx.db, documentId, versionId)).filter(
    (id) => !alreadyTold.has(id) && id !== tx.actor.id,
  );
  return notifyEach(tx, type, [
    {
      recipientIds: pending,
      data: { actor: null, document: { id: documentId, title, version: versionNumber } },
    },
  ]);
}
