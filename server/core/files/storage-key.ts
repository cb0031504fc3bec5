import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are relative paths made of safe segments ('users/<id>/<uuid>.pdf').
 * Local disk is the default (local-disk-storage.ts); an S3-compatible bucket (s3-file-storage.ts)
 * implements the same calls for deployments with several server replicas. `fileStorage(config)`
 * in file-storage.ts picks one.
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
  /**
   * Every file whose key starts with `prefix/` (every file for ''), with when it was last written
   * (for clean-ups) and its size (for `backoffice files migrate`).
   */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
  sizeBytes: number;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

/** Refuses a key that could leave the storage's folder or prefix ('../x', '/etc/passwd', 'a//b'). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** A list prefix: '' (everything) or safe segments without a trailing slash. */
export function assertSafePrefix(prefix: string): void {
  if (prefix !== '' && !/^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)*$/.test(prefix)) {
    throw new Error(`unsafe storage prefix: ${prefix}`);
  }
  if (prefix.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`unsafe storage prefix: ${prefix}`);
  }
}

/** A file being written by LocalDiskStorage (`<key>.<uuid>.part`): not a stored file yet. */
export const isPartialFile = (key: string) => /\.[0-9a-f-]{36}\.part$/.test(key);
