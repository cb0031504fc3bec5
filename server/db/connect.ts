import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

// `bigint` (int8) columns hold VND amounts and counts: return them as strings, never lossy floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);
// `date` columns are calendar dates: keep 'YYYY-MM-DD' instead of a midnight in some time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

/** The pg pool behind each Kysely instance, for the few statements that must be named (prepared). */
const poolsByDb = new WeakMap<Db, pg.Pool>();

/**
 * The pool a Db was opened on. Kysely sends every query unnamed, so PostgreSQL parses and plans it
 * each time; the per-request authentication statement is sent named through the pool instead.
 */
export function poolOf(db: Db): pg.Pool {
  const pool = poolsByDb.get(db);
  if (!pool) throw new Error('this Db was not opened with connectDatabase');
  return pool;
}

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  url: string;
  /**
   * Where to open connections that need a whole session (LISTEN, session advisory locks, COPY with
   * an exported snapshot, the job queue): DATABASE_SESSION_URL behind a transaction-mode pooler,
   * otherwise the pool's own URL.
   */
  sessionUrl: string;
  destroy(): Promise<void>;
}

// Where each pool's sessions of their own go: backups open them (COPY, a snapshot, a lock).
const ADDRESSES = new WeakMap<Db, string>();

/** The session URL of a pool (its own URL unless a session URL was given); not for a transaction's handle. */
export function databaseUrlOf(db: Db): string {
  const url = ADDRESSES.get(db);
  if (!url) throw new Error('this database handle was not opened by connectDatabase');
  return url;
}

/** Opens a pooled Kysely connection to a PostgreSQL URL. */
export function connectDatabase(url: string, poolSize = 10, sessionUrl = url): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'backoffice' });
  // An idle client that loses its server (a restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one: between two queries of a transaction nobody listens to its 'error'
  // (the pool listens only while it is idle), and an unheard 'error' event ends the process. The
  // failure still reaches the caller: the next query on that client rejects.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  poolsByDb.set(db, pool);
  ADDRESSES.set(db, sessionUrl);
  return { db, pool, url, sessionUrl, destroy: () => db.destroy() };
}
