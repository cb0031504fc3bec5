import { sql, type Kysely } from 'kysely';

/**
 * Rate limits that hold across server replicas (issue 23): one row per limited thing and key (a
 * client address), counting hits in the current window. Rows are tiny and rewritten in place; the
 * ones whose window has ended are deleted by the next hit of the same scope.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limit_counters (
      scope text not null,
      key text not null,
      window_started_at timestamptz not null,
      hits integer not null,
      primary key (scope, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_counters`.execute(db);
}
