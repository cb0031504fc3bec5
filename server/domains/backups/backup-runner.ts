import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ServiceContext } from '../../core/context.ts';
import { fileStorage } from '../../core/files/file-storage.ts';
import { databaseUrlOf } from '../../db/connect.ts';
import { parseKey } from '../connections/token-crypto.ts';
import { createArchive, type BackupProgress, type CreatedArchive } from './archive/create-archive.ts';
import { drillArchive, type DrillResult } from './archive/restore-archive.ts';
import type { BackupDestination } from './destinations/destination.ts';
import { LocalFolderDestination } from './destinations/local-folder.ts';
import { defaultBackupFolder } from './backup-destinations.ts';

/** Helpers the backup use cases share: making an archive, shipping it, rotating, drilling. */

/** BACKUP_ENCRYPTION_KEY as bytes, or null (archives are then only compressed). */
export const archiveKey = (ctx: ServiceContext) =>
  ctx.config.BACKUP_ENCRYPTION_KEY ? parseKey(ctx.config.BACKUP_ENCRYPTION_KEY) : null;

/** The database this context works on: backups open their own sessions to it. */
export const databaseUrlFor = (ctx: ServiceContext) => databaseUrlOf(ctx.db);

/**
 * Makes an archive and ships it to `destination`: a local folder receives it where it was made;
 * a remote one gets a streamed upload, after which the local copy goes.
 */
export async function makeAndShip(
  ctx: ServiceContext,
  databaseUrl: string,
  destination: BackupDestination,
  progress?: BackupProgress,
): Promise<CreatedArchive> {
  const local = destination instanceof LocalFolderDestination;
  const folder = local ? destination.folder : path.join(defaultBackupFolder(ctx), '.outgoing');
  const archive = await createArchive({
    databaseUrl,
    filesRoot: path.join(ctx.config.dataDir, 'files'),
    filesStorage: ctx.config.FILE_STORAGE === 's3' ? fileStorage(ctx.config) : null,
    folder,
    key: archiveKey(ctx),
    progress,
  });
  if (!local) {
    try {
      await destination.upload(archive.path, archive.name, archive.bytes);
    } finally {
      await rm(archive.path, { force: true });
    }
  }
  return archive;
}

/**
 * Keeps the newest `retention` archives of one configuration at the destination; returns the names
 * it deleted. Only archives this configuration made (`own`, from its logs) are candidates: two
 * configurations sharing a folder or bucket never delete each other's archives, and files someone
 * else put there stay.
 */
export async function applyRetention(
  destination: BackupDestination,
  retention: number,
  own: ReadonlySet<string>,
): Promise<string[]> {
  const archives = (await destination.list())
    .filter((archive) => own.has(archive.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  const old = archives.slice(0, Math.max(0, archives.length - retention));
  for (const archive of old) await destination.remove(archive.name);
  return old.map((archive) => archive.name);
}

/** Fetches an archive from its destination to a local file (drills of remote archives), then drills it. */
export async function drillFromDestination(
  ctx: ServiceContext,
  databaseUrl: string,
  destination: BackupDestination,
  name: string,
): Promise<DrillResult> {
  const workFolder = path.join(defaultBackupFolder(ctx), '.drills');
  await mkdir(workFolder, { recursive: true });
  if (destination instanceof LocalFolderDestination) {
    return drillArchive({
      file: path.join(destination.folder, name),
      databaseUrl,
      workFolder,
      key: archiveKey(ctx),
    });
  }
  const file = path.join(workFolder, name);
  try {
    await pipeline(await destination.download(name), createWriteStream(file));
    return await drillArchive({ file, databaseUrl, workFolder, key: archiveKey(ctx) });
  } finally {
    await rm(file, { force: true });
  }
}
