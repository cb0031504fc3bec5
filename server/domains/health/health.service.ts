import type { Db } from '../../db/connect.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { ping } from './health.repository.ts';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  pendingMigrations: string[];
}

/** Ready means: the database answers and every migration on disk is applied. */
export async function checkReadiness(db: Db): Promise<Readiness> {
  try {
    await ping(db);
  } catch {
    return { ready: false, database: 'unreachable', pendingMigrations: [] };
  }
  const pending = await pendingMigrations(db);
  return { ready: pending.length === 0, database: 'ok', pendingMigrations: pending };
}

/** How long a `select 1` may take before the database counts as unreachable. */
export const DATABASE_PROBE_TIMEOUT_MS = 1_000;
/** How long one answer is reused: probes every second from several balancers cost one query. */
export const DATABASE_PROBE_CACHE_MS = 1_500;

/**
 * A cheap "does the database answer?" for the liveness probe: `select 1` with a short timeout, its
 * answer kept for a moment, and one query in flight however many probes arrive together.
 */
export function databaseProbe(
  db: Db,
  options: { timeoutMs?: number; cacheMs?: number } = {},
): () => Promise<boolean> {
  const timeoutMs = options.timeoutMs ?? DATABASE_PROBE_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? DATABASE_PROBE_CACHE_MS;
  let last: { at: number; ok: boolean } | null = null;
  let inFlight: Promise<boolean> | null = null;

  async function probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([
        ping(db).then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  return () => {
    if (last && Date.now() - last.at < cacheMs) return Promise.resolve(last.ok);
    inFlight ??= probe().then((ok) => {
      last = { at: Date.now(), ok };
      inFlight = null;
      return ok;
    });
    return inFlight;
  };
}
