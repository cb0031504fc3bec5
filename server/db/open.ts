import path from 'node:path';
import type { Config } from '../config.ts';
import { syncPermissionCatalog } from '../domains/access/permission-catalog.ts';
import { connectDatabase, type DatabaseHandle } from './connect.ts';
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
  const handle = connectDatabase(url, config.DATABASE_POOL_SIZE);
  return {
    ...handle,
    embedded,
    async close() {
      await handle.destroy();
      await embedded?.stop();
    },
  };
}

/** Applies pending migrations and brings the permission catalog and built-in roles up to date. */
export async function prepareDatabase(handle: DatabaseHandle, log: Log): Promise<void> {
  for (const line of await migrateToLatest(handle.db)) log.info(line);
  await syncPermissionCatalog(handle.db);
}
