import type { Db } from '../../db/connect.ts';

/** The `app_settings` rows the accounts area keeps: account settings and the token-signing key. */

export async function findSettings(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute();
}

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

/** Keeps `value` only when the setting has none yet: the first of several racing writers wins. */
export async function insertSettingIfMissing(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
