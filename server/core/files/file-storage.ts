import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';

/**
 * Where uploaded files live. Keys are relative paths made of safe segments ('users/<id>/<uuid>.pdf').
 * Local disk is the default; an S3-compatible driver implements the same calls for deployments
 * with several server replicas.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Writes a stream as it arrives (uploads of several large files keep the server's memory flat).
   * Rejects, leaving nothing under `key`, when the stream fails.
   */
  putStream(key: string, data: Readable, contentType: string): Promise<void>;
  /** A stream of the file, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every file whose key starts with `prefix/`, with when it was last written (for clean-ups). */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Files under one folder of the local disk (config.dataDir/files by default). */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

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
    const folder = path.join(this.root, ...prefix.split('/'));
    let entries: string[];
    try {
      entries = (await readdir(folder, { recursive: true })) as string[];
    } catch {
      return; // nothing was ever stored under it
    }
    for (const entry of entries) {
      const info = await stat(path.join(folder, entry)).catch(() => null);
      if (info?.isFile()) yield { key: [prefix, ...entry.split(path.sep)].join('/'), modifiedAt: info.mtime };
    }
  }
}

const storages = new Map<string, FileStorage>();

/** The storage of a configuration: one instance per folder. */
export function fileStorage(config: { dataDir: string }): FileStorage {
  const root = path.join(config.dataDir, 'files');
  let storage = storages.get(root);
  if (!storage) storages.set(root, (storage = new LocalDiskStorage(root)));
  return storage;
}
