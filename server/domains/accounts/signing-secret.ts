import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { findSetting, insertSettingIfMissing } from './settings.repository.ts';

const SETTING_KEY = 'auth.jwt_secret';

/**
 * The key that signs access tokens. JWT_SECRET wins; without it a random key is generated once and
 * kept in the database, so every replica and every restart agrees on it.
 */
export async function resolveSigningSecret(db: Db, config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  await insertSettingIfMissing(db, SETTING_KEY, randomBytes(48).toString('base64url'));
  return (await findSetting(db, SETTING_KEY)) as string;
}
