import type { Db } from '../../db/connect.ts';
import { findSettings, upsertSetting } from './settings.repository.ts';

/** Account settings kept in `app_settings` (key → jsonb number), with the defaults used when unset. */
export const ACCOUNT_SETTING_DEFAULTS = {
  /** Days a password stays valid; 0 turns expiry off. */
  'password.max_age_days': 90,
  /** Days before expiry when the reminder goes out and the notice appears. */
  'password.reminder_days': 14,
  'invitation.ttl_hours': 168,
  'password.reset_ttl_minutes': 60,
} as const;

export type AccountSettingKey = keyof typeof ACCOUNT_SETTING_DEFAULTS;
export type AccountSettings = Record<AccountSettingKey, number>;

const KEYS = Object.keys(ACCOUNT_SETTING_DEFAULTS) as AccountSettingKey[];

function asNumber(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/** Every account setting, the stored value or its default. */
export async function readAccountSettings(db: Db): Promise<AccountSettings> {
  const rows = await findSettings(db, KEYS);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    KEYS.map((key) => [key, asNumber(stored.get(key), ACCOUNT_SETTING_DEFAULTS[key])]),
  ) as AccountSettings;
}

export async function writeAccountSettings(db: Db, values: Partial<AccountSettings>): Promise<void> {
  for (const [key, value] of Object.entries(values)) await upsertSetting(db, key, value);
}
