import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar';
import { AppError } from '../../../core/errors.ts';
import { ArchiveDecryptionError, decryptStream, isEncrypted } from './encryption.ts';
import { MANIFEST_ENTRY, parseManifest, type BackupManifest } from './manifest.ts';

const invalid = (reason: string, cause?: unknown) =>
  new AppError('BACKUP_ARCHIVE_INVALID', { params: { reason }, cause });

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, 'r').catch((error: unknown) => {
    throw invalid(`cannot open ${path.basename(file)}`, error);
  });
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  });
  return hash.digest('hex');
}

/**
 * Unpacks an archive into `staging` (a fresh folder of the caller's) and proves it whole: it
 * decrypts (every chunk authenticated), inflates, and checks every entry of the manifest — present,
 * same size, same SHA-256 — and that nothing else is there. Nothing outside `staging` is touched, so
 * a damaged or truncated archive is refused before a restore changes anything.
 */
export async function extractArchive(
  file: string,
  staging: string,
  key: Buffer | null,
): Promise<BackupManifest> {
  const start = await firstBytes(file, 8);
  const encrypted = isEncrypted(start);
  if (encrypted && !key) throw new AppError('BACKUP_KEY_REQUIRED');
  if (!encrypted && !(start[0] === 0x1f && start[1] === 0x8b)) throw invalid('not a Backoffice archive');
  try {
    await pipeline(
      createReadStream(file),
      ...((encrypted ? [decryptStream(key!), createGunzip()] : [createGunzip()]) as [NodeJS.ReadWriteStream]),
      tar.x({
        cwd: staging,
        strict: true,
        // Regular files and folders only: a link in an archive could point outside the staging folder.
        filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      }) as unknown as NodeJS.WritableStream,
    );
  } catch (error) {
    if (error instanceof ArchiveDecryptionError) {
      if (error.reason === 'wrongKey') throw new AppError('BACKUP_KEY_MISMATCH');
      throw invalid(error.reason === 'truncated' ? 'truncated' : 'altered after it was made', error);
    }
    const message = (error as Error).message ?? '';
    throw invalid(/unexpected end|truncat/i.test(message) ? 'truncated' : message || 'unreadable', error);
  }
  const manifestText = await readFile(path.join(staging, MANIFEST_ENTRY), 'utf8').catch(() => null);
  if (manifestText === null) throw invalid('no manifest');
  const manifest = parseManifest(manifestText);
  if (!manifest) throw invalid('manifest unreadable');
  const expected = new Set(manifest.entries.map((entry) => entry.path));
  for (const entry of manifest.entries) {
    const target = path.join(staging, ...entry.path.split('/'));
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) throw invalid(`${entry.path} missing`);
    if (info.size !== entry.bytes || (await sha256Of(target)) !== entry.sha256) {
      throw invalid(`${entry.path} checksum differs`);
    }
  }
  for (const name of (await readdir(staging, { recursive: true })) as string[]) {
    const relative = name.split(path.sep).join('/');
    if (relative === MANIFEST_ENTRY || expected.has(relative)) continue;
    if ((await stat(path.join(staging, name))).isFile()) throw invalid(`${relative} not in the manifest`);
  }
  return manifest;
}
