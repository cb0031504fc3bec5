import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

// `bigint` (int8) columns hold VND amounts and counts: return them as strings, never lossy floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);
// `date` columns are calendar dates: keep 'YYYY-MM-DD' instead of a midnight in some time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  url: string;
  destroy(): Promise<void>;
}

// The address each connection was opened with: backups open their own sessions (COPY, a snapshot).
const ADDRESSES = new WeakMap<Db, string>();

/** The PostgreSQL URL a connection was opened with (not for a transaction's handle). */
export function databaseUrlOf(db: Db): string {
  const url = ADDRESSES.get(db);
  if (!url) throw new Error('this database handle was not opened by connectDatabase');
  return url;
}

/** Opens a pooled Kysely connection to a PostgreSQL URL. */
export function connectDatabase(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'backoffice' });
  // An idle client that loses its server (a restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one: between two queries of a transaction nobody listens to its 'error'
  // (the pool listens only while it is idle), and an unheard 'error' event ends the process. The
  // failure still reaches the caller: the next query on that client rejects.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  ADDRESSES.set(db, url);
  return { db, pool, url, destroy: () => db.destroy() };
}
