import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isPartialFile, type FileStorage, type StoredFile } from './storage-key.ts';

/**
 * `backoffice files migrate`: copies every file of one storage to another (the local disk to a
 * bucket, or back), keeping the keys, so the rows that name them need no change. Resumable: a key
 * already in the target with the same size is skipped, and a copy interrupted half-way leaves
 * nothing under its key (the drivers' putStream), so running it again after an interruption copies
 * what is left. Source files are deleted only when asked, and only once the target's copy has been
 * read back and found to have the same SHA-256.
 */

export interface MigrateFilesOptions {
  from: FileStorage;
  to: FileStorage;
  /** Count what would be copied, write nothing. */
  dryRun?: boolean;
  /** Delete each source file once its copy in the target is verified (read back, same SHA-256). */
  deleteSource?: boolean;
  /** Copies at once (default 4). */
  concurrency?: number;
  /** Called after each file (for progress on stderr). */
  progress?: (event: { key: string; outcome: FileOutcome }) => void;
}

export type FileOutcome = 'copied' | 'skipped' | 'failed';

export interface MigrateFilesResult {
  /** Files copied (with --dry-run: that would be copied). */
  copied: number;
  /** Files already in the target with the same size. */
  skipped: number;
  failed: number;
  /** Source files deleted after verification. */
  deleted: number;
  bytesCopied: number;
  /** The first failures, with their reason. */
  failures: Array<{ key: string; reason: string }>;
  dryRun: boolean;
}

const MAX_REPORTED_FAILURES = 50;

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: 'application/zip',
  json: 'application/json',
};

/** The type a copied object is stored with (the routes serve the type kept in their rows anyway). */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Copies one file, streamed; returns its SHA-256 and size as read from the source. */
async function copy(from: FileStorage, to: FileStorage, file: StoredFile) {
  const source = await from.get(file.key);
  if (!source) throw new Error('the source file is gone');
  const hash = createHash('sha256');
  let bytes = 0;
  const counted = new PassThrough();
  const copying = to.putStream(file.key, counted, contentTypeOfKey(file.key));
  await Promise.all([
    pipeline(
      source,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
      counted,
    ),
    copying,
  ]);
  if (bytes !== file.sizeBytes) throw new Error(`read ${bytes} bytes, the listing said ${file.sizeBytes}`);
  return { sha256: hash.digest('hex'), bytes };
}

/** True when the target's copy reads back with the source's SHA-256 (`sourceSha` when known). */
async function verified(from: FileStorage, to: FileStorage, key: string, sourceSha?: string) {
  const target = await to.get(key);
  if (!target) return false;
  const expected = sourceSha ?? (await from.get(key).then((stream) => (stream ? sha256Of(stream) : null)));
  return expected !== null && (await sha256Of(target)) === expected;
}

export async function migrateFiles(options: MigrateFilesOptions): Promise<MigrateFilesResult> {
  const { from, to } = options;
  const result: MigrateFilesResult = {
    copied: 0,
    skipped: 0,
    failed: 0,
    deleted: 0,
    bytesCopied: 0,
    failures: [],
    dryRun: options.dryRun ?? false,
  };
  // What the target holds, by key: one listing (paged) instead of a request per file.
  const present = new Map<string, number>();
  for await (const file of to.list('')) if (!isPartialFile(file.key)) present.set(file.key, file.sizeBytes);

  const handle = async (file: StoredFile) => {
    let outcome: FileOutcome;
    try {
      let sourceSha: string | undefined;
      if (present.get(file.key) === file.sizeBytes) {
        outcome = 'skipped';
      } else if (options.dryRun) {
        outcome = 'copied';
        result.bytesCopied += file.sizeBytes;
      } else {
        const copied = await copy(from, to, file);
        sourceSha = copied.sha256;
        result.bytesCopied += copied.bytes;
        outcome = 'copied';
      }
      if (options.deleteSource && !options.dryRun) {
        if (!(await verified(from, to, file.key, sourceSha)))
          throw new Error('the copy in the target does not match: the source file is kept');
        await from.delete(file.key);
        result.deleted++;
      }
    } catch (error) {
      outcome = 'failed';
      if (result.failures.length < MAX_REPORTED_FAILURES)
        result.failures.push({ key: file.key, reason: (error as Error).message || String(error) });
    }
    result[outcome]++;
    options.progress?.({ key: file.key, outcome });
  };

  // A few copies at once from one listing: the listing is read as the copies make room.
  const files = from.list('')[Symbol.asyncIterator]();
  const next = async (): Promise<StoredFile | null> => {
    for (;;) {
      const item = await files.next();
      if (item.done) return null;
      if (!isPartialFile(item.value.key)) return item.value;
    }
  };
  let reading = Promise.resolve<StoredFile | null>(null);
  const take = () => (reading = reading.then(next));
  await Promise.all(
    Array.from({ length: options.concurrency ?? 4 }, async () => {
      for (let file = await take(); file; file = await take()) await handle(file);
    }),
  );
  return result;
}
