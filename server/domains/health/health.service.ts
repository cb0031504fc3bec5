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
