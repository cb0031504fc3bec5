import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import { invoicesPolicy } from './invoices.policy.ts';
import * as repo from './invoices.repository.ts';

/**
 * Attachment files that no invoice names. An upload streams its files to storage before the
 * invoice's transaction commits; a refused or failed request deletes them at once, but a server that
 * dies in between (or a `.part` file of a write cut short) leaves them behind. The daily sweep removes
 * such files once they are old enough that no request can still be about to commit them.
 */

/** Files younger than this may belong to an upload still in flight. */
const GRACE_HOURS = 24;
/** Keys looked up per query. */
const BATCH = 500;

/** Deletes attachment files no invoice names, older than the grace period. */
export async function sweepOrphanAttachmentFiles(
  ctx: ServiceContext,
  options: { now?: Date } = {},
): Promise<{ checked: number; deleted: number }> {
  invoicesPolicy.authorize(ctx.actor, 'runJobs', undefined);
  const storage = fileStorage(ctx.config);
  const cutoff = (options.now ?? new Date()).getTime() - GRACE_HOURS * 3_600_000;
  let checked = 0;
  const orphans: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    const kept = await repo.keptStorageKeys(ctx.db, batch);
    orphans.push(...batch.filter((key) => !kept.has(key)));
    batch = [];
  };
  for await (const file of storage.list('invoices')) {
    checked++;
    if (file.modifiedAt.getTime() > cutoff) continue;
    batch.push(file.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  for (const key of orphans) await storage.delete(key);
  if (orphans.length > 0)
    await inTransaction(ctx, (tx) =>
      recordAudit(tx, {
        action: 'invoice_attachment.orphans_deleted',
        entityType: 'invoice_attachment',
        after: { deleted: orphans.length, keys: orphans.slice(0, 100) },
      }),
    );
  return { checked, deleted: orphans.length };
}
