import { Type, type Static } from 'typebox';
import { SearchText, Uuid } from './common.schemas.ts';
import { PageQueryFields, Paged } from './paging.schemas.ts';
import { SECURE_SHARE_LIMITS } from './secrets.schemas.ts';

/**
 * /platform-settings (spec: settings categories SECURITY, BACKUP, UTILITIES, AUDIT_SCHEDULE,
 * WORK_DEVICE_UPDATE_MANAGEMENT). Each category is a section of the page; `?category=X` selects one.
 */

export const SETTINGS_CATEGORIES = [
  'SECURITY',
  'BACKUP',
  'UTILITIES',
  'AUDIT_SCHEDULE',
  'WORK_DEVICE_UPDATE_MANAGEMENT',
] as const;
export type SettingsCategory = (typeof SETTINGS_CATEGORIES)[number];

// ---- SECURITY: who expires when ------------------------------------------------------------------

/** Where a password stands: expired, expiring within the reminder days, fine, or never (no expiry). */
export const PASSWORD_STANDINGS = ['EXPIRED', 'EXPIRING_SOON', 'OK', 'NEVER'] as const;
export type PasswordStanding = (typeof PASSWORD_STANDINGS)[number];

export const PasswordExpiryQuery = Type.Object(
  {
    search: Type.Optional(SearchText()),
    status: Type.Optional(Type.Enum(PASSWORD_STANDINGS)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type PasswordExpiryQuery = Static<typeof PasswordExpiryQuery>;

export const PasswordExpiryRow = Type.Object({
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  department: Type.Union([Type.String(), Type.Null()]),
  passwordChangedAt: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(PASSWORD_STANDINGS),
  remindedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PasswordExpiryRow = Static<typeof PasswordExpiryRow>;
export const PasswordExpiryPage = Paged(PasswordExpiryRow);
export type PasswordExpiryPage = Static<typeof PasswordExpiryPage>;

export const PasswordReminderParams = Type.Object({ userId: Uuid });
export type PasswordReminderParams = Static<typeof PasswordReminderParams>;
export const PasswordRemindersSent = Type.Object({ reminded: Type.Integer({ minimum: 0 }) });
export type PasswordRemindersSent = Static<typeof PasswordRemindersSent>;
/** Most people one "remind all expiring" reaches; the rest get the worker's daily reminder. */
export const REMIND_ALL_MAX = 500;

// ---- UTILITIES: the header's utilities (secure share) ------------------------------------------

/**
 * The secure share settings: the most views and hours a link may ask for (at most the ceilings of
 * SECURE_SHARE_LIMITS) and what the form starts with (at most the maximum). Until an administrator
 * sets them: 10 views, 168 hours, default 1 view and 24 hours.
 */
export const SECURE_SHARE_SETTING_DEFAULTS = {
  maxViews: 10,
  defaultViews: SECURE_SHARE_LIMITS.accessLimit.default,
  maxHours: 168,
  defaultHours: SECURE_SHARE_LIMITS.expirationHours.default,
} as const;
const views = { minimum: 1, maximum: SECURE_SHARE_LIMITS.accessLimit.max };
const hours = { minimum: 1, maximum: SECURE_SHARE_LIMITS.expirationHours.max };

export const SecureShareSettings = Type.Object(
  {
    maxViews: Type.Integer(views),
    defaultViews: Type.Integer(views),
    maxHours: Type.Integer(hours),
    defaultHours: Type.Integer(hours),
  },
  { additionalProperties: false },
);
export type SecureShareSettings = Static<typeof SecureShareSettings>;

/** UTILITIES as the section shows it: the secure share settings, and the company time zone (read-only). */
export const UtilitySettings = Type.Object({
  secureShare: SecureShareSettings,
  companyTimeZone: Type.String(),
});
export type UtilitySettings = Static<typeof UtilitySettings>;
