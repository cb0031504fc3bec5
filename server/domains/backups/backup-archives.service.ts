import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { BackupProgress } from './archive/create-archive.ts';
import { drillArchive, restoreArchive, type RestoreOptions } from './archive/restore-archive.ts';
import { defaultBackupFolder, destinationOfAddress } from './backup-destinations.ts';
import { archiveKey, databaseUrlFor, makeAndShip } from './backup-runner.ts';
import { LocalFolderDestination } from './destinations/local-folder.ts';

/** Backups from the terminal (`backoffice backup run|list|restore|verify`): the same archive as the worker's. */

const destinationFor = (ctx: ServiceContext, to?: string) =>
  to ? destinationOfAddress(to) : new LocalFolderDestination(defaultBackupFolder(ctx));

/** Makes an archive now and ships it to `to` (a folder or s3://bucket/prefix; default the data folder's `backups`). */
export async function runBackupArchive(
  ctx: ServiceContext,
  options: { to?: string; progress?: BackupProgress },
) {
  authorize(ctx.actor, 'backups.manage');
  const started = Date.now();
  const destination = destinationFor(ctx, options.to);
  const archive = await makeAndShip(ctx, databaseUrlFor(ctx), destination, options.progress);
  const where =
    destination instanceof LocalFolderDestination
      ? path.join(destination.folder, archive.name)
      : `${options.to!.replace(/\/$/, '')}/${archive.name}`;
  const result = {
    name: archive.name,
    location: where,
    bytes: archive.bytes,
    sha256: archive.sha256,
    encrypted: archiveKey(ctx) !== null,
    durationMs: Date.now() - started,
    tables: archive.manifest.database.tables.length,
    rows: archive.manifest.database.tables.reduce((sum, table) => sum + table.rows, 0),
    files: archive.manifest.entries.filter((entry) => entry.path.startsWith('files/')).length,
  };
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'backup.created',
      entityType: 'backup',
      entityId: archive.name,
      after: result,
    }),
  );
  return result;
}

/** The archives at a destination, oldest first. */
export async function listBackupArchives(ctx: ServiceContext, options: { to?: string }) {
  authorize(ctx.actor, 'backups.manage');
  const archives = await destinationFor(ctx, options.to).list();
  return archives.map((archive) => ({
    name: archive.name,
    bytes: archive.bytes,
    createdAt: archive.createdAt?.toISOString() ?? null,
    encrypted: archive.name.endsWith('.enc'),
  }));
}

/**
 * Restores an archive into this database and data folder (see restoreArchive: verified first,
 * refuses data unless `force`, newer migrations applied after). The restored database records it.
 */
export async function restoreBackupArchive(
  ctx: ServiceContext,
  options: { file: string; force?: boolean; progress?: RestoreOptions['progress'] },
) {
  authorize(ctx.actor, 'backups.manage');
  const result = await restoreArchive({
    file: path.resolve(options.file),
    databaseUrl: databaseUrlFor(ctx),
    filesRoot: path.join(ctx.config.dataDir, 'files'),
    key: archiveKey(ctx),
    force: options.force,
    progress: options.progress,
  });
  const summary = {
    archive: path.basename(options.file),
    createdAt: result.manifest.createdAt,
    appVersion: result.manifest.appVersion,
    tables: Object.keys(result.counts).length,
    rows: Object.values(result.counts).reduce((sum, count) => sum + count, 0),
    files: result.files,
    migrationsApplied: result.migrationsApplied,
  };
  // The restored database has its own people: whoever ran the restore may not be among them, so the
  // event keeps their label without pointing at a row of theirs.
  const restoredCtx = { ...ctx, actor: { ...ctx.actor, id: null } };
  await inTransaction(restoredCtx, (tx) =>
    recordAudit(tx, {
      action: 'backup.restored',
      entityType: 'backup',
      entityId: summary.archive,
      after: summary,
    }),
  );
  return summary;
}

/** Restores an archive into a throw-away database and compares it with its manifest (nothing else is touched). */
export async function verifyBackupArchive(ctx: ServiceContext, options: { file: string }) {
  authorize(ctx.actor, 'backups.manage');
  const workFolder = path.join(defaultBackupFolder(ctx), '.drills');
  await mkdir(workFolder, { recursive: true });
  const result = await drillArchive({
    file: path.resolve(options.file),
    databaseUrl: databaseUrlFor(ctx),
    workFolder,
    key: archiveKey(ctx),
  });
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: result.matched ? 'backup.drill_passed' : 'backup.drill_failed',
      entityType: 'backup',
      entityId: path.basename(options.file),
      after: { matched: result.matched, tables: result.tables.length, files: result.files },
    }),
  );
  return { archive: path.basename(options.file), ...result };
}
