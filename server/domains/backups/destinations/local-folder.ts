import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ARCHIVE_PATTERN } from '../archive/create-archive.ts';
import type { BackupDestination, StoredArchive } from './destination.ts';

/** A folder on this machine (default: the data folder's `backups`). */
export class LocalFolderDestination implements BackupDestination {
  constructor(readonly folder: string) {}

  async upload(file: string, name: string): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const target = path.join(this.folder, name);
    if (path.resolve(file) === path.resolve(target)) return;
    // Same file system: a rename. Otherwise copied aside, then renamed, so a half copy never shows.
    const temporary = path.join(this.folder, `.${name}.part`);
    await rename(file, target).catch(async () => {
      await copyFile(file, temporary);
      await rename(temporary, target);
    });
  }

  async list(): Promise<StoredArchive[]> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const archives: StoredArchive[] = [];
    for (const name of names.filter((entry) => ARCHIVE_PATTERN.test(entry)).sort()) {
      const info = await stat(path.join(this.folder, name)).catch(() => null);
      if (info?.isFile()) archives.push({ name, bytes: info.size, createdAt: info.mtime });
    }
    return archives;
  }

  async download(name: string): Promise<Readable> {
    if (!ARCHIVE_PATTERN.test(name)) throw new Error(`not an archive name: ${name}`);
    const file = path.join(this.folder, name);
    await stat(file);
    return createReadStream(file);
  }

  async remove(name: string): Promise<void> {
    if (!ARCHIVE_PATTERN.test(name)) throw new Error(`not an archive name: ${name}`);
    await rm(path.join(this.folder, name), { force: true });
  }
}
