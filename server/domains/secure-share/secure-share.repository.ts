import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** Secure share links and the per-address view counter. */

export async function insertShare(
  db: Db,
  values: {
    content: string;
    verifier_hash: string;
    access_limit: number;
    expires_at: Date;
    created_by: string;
  },
) {
  return db
    .insertInto('secure_shares')
    .values(values)
    .returning(['id', 'access_limit', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** Expired or used-up links are deleted whenever a link is made: nothing of them needs to stay. */
export async function deleteDeadShares(db: Db): Promise<void> {
  await db
    .deleteFrom('secure_shares')
    .where((eb) => eb.or([eb('expires_at', '<=', new Date()), eb('content', 'is', null)]))
    .execute();
}

export const findShare = (db: Db, id: string) =>
  db
    .selectFrom('secure_shares')
    .select([
      'id',
      'access_limit',
      'views_used',
      'expires_at',
      'verifier_hash',
      sql<boolean>`content is not null`.as('has_content'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * Uses one view, in one statement: only a live link, whose verifier hash matches, with a view left.
 * Two simultaneous reveals of a one-view link serialise on the row, and the second finds no view
 * left. The last view empties the content in the same statement.
 */
export async function consumeView(db: Db, id: string, verifierHash: string) {
  const result = await sql<{ content: unknown; remaining: number }>`
    with target as (
      select id, content from secure_shares
      where id = ${id} and verifier_hash = ${verifierHash} and expires_at > now()
        and views_used < access_limit and content is not null
      for update
    )
    update secure_shares s
    set views_used = s.views_used + 1,
        content = case when s.views_used + 1 >= s.access_limit then null else s.content end
    from target
    where s.id = target.id
    returning target.content as content, s.access_limit - s.views_used as remaining`.execute(db);
  return result.rows[0];
}

/**
 * Counts a call in its one-minute window for this bucket (address and action) and returns the count
 * so far; one statement, in PostgreSQL, so every replica counts the same calls.
 */
export async function countInWindow(db: Db, bucket: string): Promise<number> {
  const result = await sql<{ count: number }>`
    insert into secure_share_rate (bucket, window_start, count) values (${bucket}, now(), 1)
    on conflict (bucket) do update set
      count = case when secure_share_rate.window_start <= now() - interval '1 minute' then 1 else secure_share_rate.count + 1 end,
      window_start = case when secure_share_rate.window_start <= now() - interval '1 minute' then now() else secure_share_rate.window_start end
    returning count`.execute(db);
  return result.rows[0]!.count;
}
