import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import { AppError } from '../../../core/errors.ts';
import { connectDatabase } from '../../../db/connect.ts';
import { MIGRATIONS_DIR } from '../../../db/migrate.ts';
import { prepareDatabase } from '../../../db/open.ts';
import { FILES_PREFIX, type BackupManifest } from './manifest.ts';
import { copyIn } from './pg-copy.ts';
import { extractArchive } from './read-archive.ts';
import * as snapshot from './snapshot.repository.ts';

type Progress = (event: { step: 'verify' | 'database' | 'files' | 'migrate'; detail: string }) => void;

/** Every migration of this installation, by name (what `kysely_migration` records). */
async function migrationsOnDisk() {
  return new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }).getMigrations();
}

/** An archive with a migration we lack was made by a newer Backoffice: refused, nothing touched. */
async function assertKnownMigrations(manifest: BackupManifest) {
  const known = await migrationsOnDisk();
  const unknown = manifest.database.migrations.find((name) => !(name in known));
  if (unknown) throw new AppError('BACKUP_ARCHIVE_NEWER', { params: { migration: unknown } });
}

/** Brings an empty database to exactly the archive's schema: the migrations it had, no more. */
async function migrateToArchive(url: string, manifest: BackupManifest) {
  const all = await migrationsOnDisk();
  const wanted = Object.fromEntries(manifest.database.migrations.map((name) => [name, all[name]!]));
  const handle = connectDatabase(url, 2);
  try {
    const result = await new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => wanted },
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    if (result.error) throw result.error;
  } finally {
    await handle.destroy();
  }
}

/**
 * Loads the archive's rows in one transaction: foreign keys are dropped and added back afterwards
 * (so they are checked against the whole data, as pg_restore does), our triggers stay quiet, the
 * rows migrations seeded make way, sequences go back to where they were. Returns rows per table.
 */
async function loadData(url: string, manifest: BackupManifest, staging: string, progress?: Progress) {
  const client = new pg.Client({ connectionString: url, application_name: 'backoffice-restore' });
  await client.connect();
  const counts: Record<string, number> = {};
  try {
    await client.query('begin');
    const present = new Map((await snapshot.listTables(client)).map((table) => [table.name, table]));
    const missing = manifest.database.tables.find((table) => !present.has(table.name));
    if (missing)
      throw new AppError('BACKUP_ARCHIVE_INVALID', { params: { reason: `table ${missing.name} unknown` } });
    const keys = await snapshot.listForeignKeys(client);
    for (const key of keys) await snapshot.dropForeignKey(client, key);
    for (const name of present.keys()) await snapshot.setUserTriggers(client, name, false);
    await snapshot.truncateTables(client, [...present.keys()]);
    for (const table of manifest.database.tables) {
      const stream = copyIn(client, snapshot.copyInStatement(table));
      await pipeline(createReadStream(path.join(staging, ...table.entry.split('/'))), stream);
      counts[table.name] = stream.rowCount;
      if (stream.rowCount !== table.rows) {
        throw new AppError('BACKUP_ARCHIVE_INVALID', {
          params: { reason: `${table.name}: ${stream.rowCount} rows loaded, ${table.rows} expected` },
        });
      }
      progress?.({ step: 'database', detail: `${table.name}: ${stream.rowCount}` });
    }
    for (const key of keys) await snapshot.addForeignKey(client, key);
    for (const name of present.keys()) await snapshot.setUserTriggers(client, name, true);
    for (const sequence of manifest.database.sequences) await snapshot.writeSequence(client, sequence);
    await client.query('commit');
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function hasFiles(folder: string): Promise<boolean> {
  const names = (await readdir(folder, { recursive: true }).catch(() => [])) as string[];
  for (const name of names)
    if ((await stat(path.join(folder, name)).catch(() => null))?.isFile()) return true;
  return false;
}

async function placeFiles(manifest: BackupManifest, staging: string, filesRoot: string) {
  await rm(filesRoot, { recursive: true, force: true });
  await mkdir(filesRoot, { recursive: true });
  for (const entry of manifest.entries) {
    if (!entry.path.startsWith(FILES_PREFIX)) continue;
    const relative = entry.path.slice(FILES_PREFIX.length).split('/');
    const target = path.join(filesRoot, ...relative);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(path.join(staging, ...entry.path.split('/')), target);
  }
}

export interface RestoreOptions {
  file: string;
  databaseUrl: string;
  filesRoot: string;
  key: Buffer | null;
  force?: boolean;
  progress?: Progress;
}

export interface RestoreResult {
  manifest: BackupManifest;
  counts: Record<string, number>;
  files: number;
  migrationsApplied: string[];
}

/**
 * Restores an archive into the database of `databaseUrl` and the files folder: verifies the whole
 * archive first (nothing is touched when it is damaged), refuses a target holding data unless
 * `force`, loads the archive's schema and rows, puts the files back, then applies the migrations
 * this installation has and the archive did not.
 */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  // Staged beside the files folder: moving the files in is a rename on the same file system.
  const staging = path.join(path.dirname(options.filesRoot), `.restore-${randomUUID()}`);
  await mkdir(staging, { recursive: true });
  try {
    const manifest = await extractArchive(options.file, staging, options.key);
    options.progress?.({ step: 'verify', detail: `${manifest.entries.length}` });
    await assertKnownMigrations(manifest);
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      const people = await snapshot.holdsPeople(client);
      const files = await hasFiles(options.filesRoot);
      if ((people || files) && !options.force) {
        const what = [people ? 'database' : '', files ? 'files' : ''].filter(Boolean).join(', ');
        throw new AppError('BACKUP_TARGET_NOT_EMPTY', { params: { what } });
      }
      await snapshot.resetPublicSchema(client);
    } finally {
      await client.end().catch(() => {});
    }
    await migrateToArchive(options.databaseUrl, manifest);
    const counts = await loadData(options.databaseUrl, manifest, staging, options.progress);
    await placeFiles(manifest, staging, options.filesRoot);
    options.progress?.({
      step: 'files',
      detail: `${manifest.entries.filter((e) => e.path.startsWith(FILES_PREFIX)).length}`,
    });
    const handle = connectDatabase(options.databaseUrl, 2);
    const migrationsApplied: string[] = [];
    try {
      await prepareDatabase(handle, { info: (line) => migrationsApplied.push(line), warn: () => {} });
    } finally {
      await handle.destroy();
    }
    options.progress?.({ step: 'migrate', detail: `${migrationsApplied.length}` });
    return {
      manifest,
      counts,
      files: manifest.entries.filter((entry) => entry.path.startsWith(FILES_PREFIX)).length,
      migrationsApplied,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export interface DrillResult {
  matched: boolean;
  createdAt: string;
  tables: Array<{ name: string; expected: number; actual: number }>;
  files: number;
}

/**
 * The restore drill: restores the archive into a throw-away database on the same server, compares
 * every table's rows with the manifest (files were compared by checksum while unpacking) and drops it.
 */
export async function drillArchive(options: {
  file: string;
  databaseUrl: string;
  workFolder: string;
  key: Buffer | null;
}): Promise<DrillResult> {
  const staging = path.join(options.workFolder, `.drill-${randomUUID()}`);
  await mkdir(staging, { recursive: true });
  const name = `backoffice_drill_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(options.databaseUrl);
  const drillUrl = new URL(options.databaseUrl);
  drillUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const manifest = await extractArchive(options.file, staging, options.key);
    await assertKnownMigrations(manifest);
    await admin.query(`create database "${name}"`);
    await migrateToArchive(drillUrl.toString(), manifest);
    const counts = await loadData(drillUrl.toString(), manifest, staging);
    const tables = manifest.database.tables.map((table) => ({
      name: table.name,
      expected: table.rows,
      actual: counts[table.name] ?? -1,
    }));
    return {
      matched: tables.every((table) => table.expected === table.actual),
      createdAt: manifest.createdAt,
      tables,
      files: manifest.entries.filter((entry) => entry.path.startsWith(FILES_PREFIX)).length,
    };
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}
