import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import * as tar from 'tar';
import pkg from '../../../../package.json' with { type: 'json' };
import type { FileStorage } from '../../../core/files/file-storage.ts';
import { encryptStream } from './encryption.ts';
import { FILES_PREFIX, MANIFEST_ENTRY, type BackupManifest } from './manifest.ts';
import { copyOut } from './pg-copy.ts';
import * as snapshot from './snapshot.repository.ts';

/** What a backup run reports as it goes (the CLI prints it on stderr). */
export type BackupProgress = (event: { step: 'database' | 'files' | 'archive'; detail: string }) => void;

export interface CreateArchiveOptions {
  databaseUrl: string;
  /** The uploaded files (config.dataDir/files). */
  filesRoot: string;
  /**
   * With FILE_STORAGE=s3, the bucket that holds the uploaded files instead: they are downloaded into
   * the archive (and restored to `filesRoot`, from where `backoffice files migrate --to s3` puts them back).
   */
  filesStorage?: FileStorage | null;
  /** Where the finished archive goes; the temporary file and the staging folder live beside it. */
  folder: string;
  key?: Buffer | null;
  progress?: BackupProgress;
}

export interface CreatedArchive {
  path: string;
  name: string;
  bytes: number;
  sha256: string;
  manifest: BackupManifest;
}

export const ARCHIVE_PATTERN = /^backoffice-\d{8}T\d{9}Z-[0-9a-f]{6}\.tar\.gz(\.enc)?$/;

/**
 * `backoffice-20261126T093000123Z-1a2b3c.tar.gz[.enc]` (UTC, to the millisecond): names sort by time,
 * which retention relies on, and say whether the archive is encrypted.
 */
export function archiveName(now: Date, encrypted: boolean): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `backoffice-${stamp}-${randomUUID().slice(0, 6)}.tar.gz${encrypted ? '.enc' : ''}`;
}

/** Counts bytes, newlines (COPY's text format has one row per line) and the SHA-256 of what passes. */
function measure() {
  const hash = createHash('sha256');
  const stats = { bytes: 0, lines: 0, sha256: '' };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      stats.bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) stats.lines += 1;
      callback(null, chunk);
    },
    flush(callback) {
      stats.sha256 = hash.digest('hex');
      callback();
    },
  });
  return { stream, stats };
}

async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const { stream, stats } = measure();
  // A sink that only drains: the measuring stream does the work.
  await pipeline(createReadStream(file), stream, async (source: AsyncIterable<Buffer>) => {
    for await (const _ of source);
  });
  return { bytes: stats.bytes, sha256: stats.sha256 };
}

/**
 * Dumps every table of the public schema inside one REPEATABLE READ, READ ONLY transaction: one
 * snapshot for the whole database, and only the ACCESS SHARE locks any reader takes, so the API
 * keeps writing while the backup runs.
 */
async function dumpDatabase(client: pg.ClientBase, staging: string, progress?: BackupProgress) {
  await client.query('begin isolation level repeatable read read only');
  try {
    const tables = await snapshot.listTables(client);
    const migrations = await snapshot.appliedMigrations(client);
    const sequences = await snapshot.readSequences(client);
    const serverVersion = await snapshot.serverVersion(client);
    await mkdir(path.join(staging, 'database'), { recursive: true });
    const dumped: BackupManifest['database']['tables'] = [];
    const entries: BackupManifest['entries'] = [];
    for (const table of tables) {
      const entry = `database/${table.name}.copy`;
      const { stream, stats } = measure();
      await pipeline(
        copyOut(client, snapshot.copyOutStatement(table)),
        stream,
        createWriteStream(path.join(staging, entry)),
      );
      dumped.push({ name: table.name, columns: table.columns, rows: stats.lines, entry });
      entries.push({ path: entry, bytes: stats.bytes, sha256: stats.sha256 });
      progress?.({ step: 'database', detail: `${table.name}: ${stats.lines}` });
    }
    await client.query('commit');
    return { database: { serverVersion, migrations, tables: dumped, sequences }, entries };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * The uploaded files, hard-linked into the staging folder (a file written after this point does not
 * change the archive; uploads are never rewritten in place, they are replaced by rename) and hashed.
 */
async function stageFiles(filesRoot: string, staging: string, progress?: BackupProgress) {
  const entries: BackupManifest['entries'] = [];
  let names: string[];
  try {
    names = ((await readdir(filesRoot, { recursive: true })) as string[]).sort();
  } catch {
    return entries; // no file was ever uploaded
  }
  for (const name of names) {
    const source = path.join(filesRoot, name);
    const info = await stat(source).catch(() => null);
    // Half-written uploads (`*.part`) are not files yet; a file deleted meanwhile is simply not in the backup.
    if (!info?.isFile() || name.endsWith('.part')) continue;
    const relative = name.split(path.sep).join('/');
    const target = path.join(staging, 'files', ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await link(source, target).catch(() => copyFile(source, target));
    entries.push({ path: `${FILES_PREFIX}${relative}`, ...(await hashFile(target)) });
  }
  progress?.({ step: 'files', detail: String(entries.length) });
  return entries;
}

/** The uploaded files of a bucket, each streamed into the staging folder, then hashed. */
async function stageStoredFiles(storage: FileStorage, staging: string, progress?: BackupProgress) {
  const entries: BackupManifest['entries'] = [];
  for await (const file of storage.list('')) {
    const source = await storage.get(file.key);
    if (!source) continue; // deleted since it was listed: simply not in the backup
    const target = path.join(staging, 'files', ...file.key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(source, createWriteStream(target, { mode: 0o600 }));
    entries.push({ path: `${FILES_PREFIX}${file.key}`, ...(await hashFile(target)) });
  }
  entries.sort((a, b) => a.path.localeCompare(b.path));
  progress?.({ step: 'files', detail: String(entries.length) });
  return entries;
}

/**
 * Makes one archive: manifest.json, the database's tables and the uploaded files, in a tar, gzipped,
 * encrypted when a key is given. It is written as `.<name>.part` and renamed when whole, so a run
 * killed half-way leaves nothing that looks like a backup. Runs queue behind each other on a
 * PostgreSQL advisory lock.
 */
export async function createArchive(options: CreateArchiveOptions): Promise<CreatedArchive> {
  await mkdir(options.folder, { recursive: true });
  const lockClient = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: 'backoffice-backup',
  });
  await lockClient.connect();
  const staging = path.join(options.folder, `.staging-${randomUUID()}`);
  const name = archiveName(new Date(), Boolean(options.key));
  const temporary = path.join(options.folder, `.${name}.part`);
  try {
    await snapshot.lockBackups(lockClient);
    await removeLeftovers(options.folder);
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: 'backoffice-backup',
    });
    await client.connect();
    let dumped: Awaited<ReturnType<typeof dumpDatabase>>;
    try {
      dumped = await dumpDatabase(client, staging, options.progress);
    } finally {
      await client.end().catch(() => {});
    }
    const fileEntries = options.filesStorage
      ? await stageStoredFiles(options.filesStorage, staging, options.progress)
      : await stageFiles(options.filesRoot, staging, options.progress);
    const manifest: BackupManifest = {
      format: 'backoffice-backup',
      formatVersion: 1,
      appVersion: pkg.version,
      createdAt: new Date().toISOString(),
      database: dumped.database,
      entries: [...dumped.entries, ...fileEntries],
    };
    await writeFile(path.join(staging, MANIFEST_ENTRY), JSON.stringify(manifest, null, 1));
    const top = [MANIFEST_ENTRY, 'database', ...(fileEntries.length ? ['files'] : [])];
    const { stream, stats } = measure();
    const stages: NodeJS.ReadWriteStream[] = [createGzip({ level: 6 })];
    if (options.key) stages.push(encryptStream(options.key));
    await pipeline(
      tar.c({ cwd: staging, portable: true, noMtime: true }, top) as unknown as NodeJS.ReadableStream,
      ...(stages as [NodeJS.ReadWriteStream]),
      stream,
      createWriteStream(temporary, { mode: 0o600 }),
    );
    const target = path.join(options.folder, name);
    await rename(temporary, target);
    options.progress?.({ step: 'archive', detail: `${name} (${stats.bytes} bytes)` });
    return { path: target, name, bytes: stats.bytes, sha256: stats.sha256, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(temporary, { force: true });
    await snapshot.unlockBackups(lockClient).catch(() => {});
    await lockClient.end().catch(() => {});
  }
}

/** What a killed run left behind (we hold the lock, so no other run is writing them). */
async function removeLeftovers(folder: string): Promise<void> {
  for (const entry of await readdir(folder)) {
    if (entry.startsWith('.staging-') || (entry.startsWith('.backoffice-') && entry.endsWith('.part'))) {
      await rm(path.join(folder, entry), { recursive: true, force: true });
    }
  }
}
