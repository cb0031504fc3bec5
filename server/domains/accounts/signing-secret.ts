import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';

const SETTING_KEY = 'auth.jwt_secret';

/**
 * The key that signs access tokens. JWT_SECRET wins; without it a random key is generated once and
 * kept in the database, so every replica and every restart agrees on it.
 */
export async function resolveSigningSecret(db: Db, config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  await db
    .insertInto('app_settings')
    .values({ key: SETTING_KEY, value: JSON.stringify(randomBytes(48).toString('base64url')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirstOrThrow();
  return row.value as string;
}
