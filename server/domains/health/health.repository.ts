import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** The cheapest round trip to the database: throws when it does not answer. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
