import type { Actor } from '../../core/context.ts';
import type { Db } from '../../db/connect.ts';
import { ACCOUNT_SETTING_DEFAULTS } from './account-settings.ts';
import { isPasswordExpired } from './passwords.repository.ts';

/** The calls a person with an expired password may still make: the ones that replace it, and leaving. */
export const PASSWORD_EXPIRY_EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  '/api/auth/me',
  '/api/auth/sign-out',
  '/api/password-expiry',
  '/api/change-password',
  '/api/change-password/validations',
  '/api/change-password/expiry-notified',
  '/api/update-password',
  '/api/update-password/validations',
]);

/**
 * True when this call must answer 498 PASSWORD_EXPIRED: the signed-in person's password is past the
 * maximum age and the route is not one of the exempt ones.
 */
export async function blockedByPasswordExpiry(
  db: Db,
  actor: Actor,
  routeUrl: string | undefined,
): Promise<boolean> {
  if (!actor.id || (routeUrl && PASSWORD_EXPIRY_EXEMPT_ROUTES.has(routeUrl))) return false;
  return isPasswordExpired(db, actor.id, ACCOUNT_SETTING_DEFAULTS['password.max_age_days']);
}
