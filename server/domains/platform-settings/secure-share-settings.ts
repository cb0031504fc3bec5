import {
  SECURE_SHARE_SETTING_DEFAULTS,
  type SecureShareSettings,
} from '../../../shared/platform-settings.schemas.ts';
import { SECURE_SHARE_LIMITS } from '../../../shared/secrets.schemas.ts';
import type { Db } from '../../db/connect.ts';
import { findSetting } from './platform-settings.repository.ts';

/**
 * Service API of the platform settings for the secure share area: the limits in force (no
 * authorization: creating a link is checked by the caller). A stored value outside the ceilings,
 * or a default above its maximum, is read as the nearest allowed value, so a bad row can never
 * widen what a link may ask for.
 */

export const SECURE_SHARE_SETTING_KEY = 'utilities.secure_share';

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;

export async function readSecureShareSettings(db: Db): Promise<SecureShareSettings> {
  const stored = ((await findSetting(db, SECURE_SHARE_SETTING_KEY)) ?? {}) as Partial<
    Record<string, unknown>
  >;
  const { accessLimit, expirationHours } = SECURE_SHARE_LIMITS;
  const defaults = SECURE_SHARE_SETTING_DEFAULTS;
  const maxViews = clamp(stored.maxViews, accessLimit.min, accessLimit.max, defaults.maxViews);
  const maxHours = clamp(stored.maxHours, expirationHours.min, expirationHours.max, defaults.maxHours);
  return {
    maxViews,
    defaultViews: clamp(stored.defaultViews, 1, maxViews, Math.min(defaults.defaultViews, maxViews)),
    maxHours,
    defaultHours: clamp(stored.defaultHours, 1, maxHours, Math.min(defaults.defaultHours, maxHours)),
  };
}
