import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, assertSafePrefix, type FileStorage, type StoredFile } from './storage-key.ts';

/** Files under one folder of the local disk (config.dataDir/files by default). */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const temporary = `${target}.${randomUUID()}.part`;
    await writeFile(temporary, data, { mode: 0o640 });
    await rename(temporary, target);
  }

  async putStream(key: string, data: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(data, createWriteStream(temporary, { mode: 0o640 }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const target = this.pathOf(key);
    if (!(await this.exists(key))) return null;
    return createReadStream(target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    assertSafePrefix(prefix);
    const folder = prefix ? path.join(this.root, ...prefix.split('/')) : this.root;
    let entries: string[];
    try {
      entries = (await readdir(folder, { recursive: true })) as string[];
    } catch {
      return; // nothing was ever stored under it
    }
    for (const entry of entries) {
      const info = await stat(path.join(folder, entry)).catch(() => null);
      if (!info?.isFile()) continue;
      const key = [...(prefix ? [prefix] : []), ...entry.split(path.sep)].join('/');
      yield { key, modifiedAt: info.mtime, sizeBytes: info.size };
    }
  }
}
