import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import { AppError } from './errors.ts';

/**
 * A rate limit counted in PostgreSQL, so it holds across server replicas: the general per-address
 * limit (@fastify/rate-limit) counts in each process's memory, which N replicas multiply by N.
 * Used where a request has an effect outside the app worth bounding (a mail to someone's inbox);
 * meant for rare routes: each request costs two statements.
 */
export interface SharedLimit {
  /** What is limited, e.g. 'forgot-password'. */
  scope: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit of `key` (a client address) and returns the count in the current window with the
 * seconds until it ends. One statement: concurrent hits from several replicas all count.
 */
export async function countHit(
  db: Db,
  limit: SharedLimit,
  key: string,
): Promise<{ hits: number; retryAfterSeconds: number }> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const { rows } = await sql<{ hits: number; retry_after: number }>`
    insert into rate_limit_counters as c (scope, key, window_started_at, hits)
    values (${limit.scope}, ${key}, now(), 1)
    on conflict (scope, key) do update set
      hits = case when c.window_started_at + ${window} <= now() then 1 else c.hits + 1 end,
      window_started_at = case when c.window_started_at + ${window} <= now() then now()
        else c.window_started_at end
    returning hits, ceil(extract(epoch from (window_started_at + ${window} - now())))::int as retry_after
  `.execute(db);
  // Windows that have ended go at once: the keys are client addresses, kept no longer than they
  // count (the limited routes are rare, so this costs little).
  await sql`delete from rate_limit_counters where scope = ${limit.scope}
    and window_started_at + ${window} <= now()`.execute(db);
  const row = rows[0]!;
  return { hits: row.hits, retryAfterSeconds: Math.max(1, row.retry_after) };
}

/** A preHandler that answers 429 TOO_MANY_REQUESTS once the request's address is over the limit. */
export function sharedRateLimit(db: Db, limit: SharedLimit) {
  return async (request: FastifyRequest): Promise<void> => {
    const { hits, retryAfterSeconds } = await countHit(db, limit, request.ip);
    if (hits > limit.max) {
      throw new AppError('TOO_MANY_REQUESTS', { headers: { 'retry-after': String(retryAfterSeconds) } });
    }
  };
}
