import type { Db } from '../../db/connect.ts';

/** The platform settings' `app_settings` rows (keys starting `utilities.`). */

export async function findSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Sets a setting (a JSON value), replacing what was there. */
export async function upsertSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }),
    )
    .execute();
}
