import type { Db } from '../../db/connect.ts';

/** Stores a new avatar for the user (replacing the old one) and answers its id. */
export async function replaceAvatar(
  db: Db,
  userId: string,
  contentType: string,
  content: Buffer,
): Promise<string> {
  await db.deleteFrom('user_avatars').where('user_id', '=', userId).execute();
  const row = await db
    .insertInto('user_avatars')
    .values({ user_id: userId, content_type: contentType, content })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteAvatar(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('user_avatars').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findAvatar(db: Db, id: string) {
  return db
    .selectFrom('user_avatars as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.content_type', 'a.content'])
    .where('a.id', '=', id)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}
