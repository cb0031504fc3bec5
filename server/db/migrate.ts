import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, type MigrationResultSet } from 'kysely/migration';
import type { Db } from './connect.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

function migrator(db: Db): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }),
    // Work lands from parallel branches: a migration named before one already applied still runs.
    allowUnorderedMigrations: true,
  });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (result.results ?? []).map(
    (r) => `${r.direction === 'Up' ? 'applied' : 'reverted'} ${r.migrationName}`,
  );
}

/** Applies every pending migration; returns what it did, one line per migration. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return unwrap(await migrator(db).migrateToLatest());
}

/** Reverts the most recent migration. */
export async function migrateDown(db: Db): Promise<string[]> {
  return unwrap(await migrator(db).migrateDown());
}

/** Names of migrations present on disk but not applied to this database (for /readyz). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
