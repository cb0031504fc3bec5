import path from 'node:path';
import type { Config } from '../config.ts';
import { syncPermissionCatalog } from '../domains/access/permission-catalog.ts';
import { connectDatabase, type DatabaseHandle, type Db } from './connect.ts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
import { migrateToLatest } from './migrate.ts';

export interface OpenDatabase extends DatabaseHandle {
  embedded: EmbeddedDatabase | null;
  /** Closes the pool, then stops the embedded server when there is one. */
  close(): Promise<void>;
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL in the data directory when it is unset. */
export async function openDatabase(config: Config, log: Log): Promise<OpenDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(
      path.join(config.dataDir, 'postgres'),
      config.EMBEDDED_PG_PORT,
      log,
    );
    url = await ensureDatabase(embedded.serverUrl, 'backoffice');
    log.info(`embedded PostgreSQL is running on port ${embedded.port}`);
  }
  // The embedded database has no pooler in front: one URL serves both.
  const sessionUrl = (embedded ? null : config.DATABASE_SESSION_URL) ?? url;
  const handle = connectDatabase(url, config.DATABASE_POOL_SIZE, sessionUrl);
  return {
    ...handle,
    embedded,
    async close() {
      await handle.destroy();
      await embedded?.stop();
    },
  };
}

/**
 * Runs `work` on a connection of a whole session: the pool's own when it is one, otherwise a short
 * pool on DATABASE_SESSION_URL (the migration lock is a session-level advisory lock, which a
 * transaction-mode pooler would not hold).
 */
export async function withSessionDb<T>(handle: DatabaseHandle, work: (db: Db) => Promise<T>): Promise<T> {
  if (handle.sessionUrl === handle.url) return work(handle.db);
  const session = connectDatabase(handle.sessionUrl, 2);
  try {
    return await work(session.db);
  } finally {
    await session.destroy();
  }
}

/**
 * Applies pending migrations and brings the permission catalog and built-in roles up to date.
 * Replicas and workers starting together may all call it: migrations run under Kysely's migration
 * lock (a PostgreSQL advisory lock), the catalog under its own; the late ones find nothing to do.
 */
export async function prepareDatabase(handle: DatabaseHandle, log: Log): Promise<void> {
  await withSessionDb(handle, async (db) => {
    for (const line of await migrateToLatest(db)) log.info(line);
  });
  await syncPermissionCatalog(handle.db);
}
