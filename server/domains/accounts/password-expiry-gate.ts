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
 * maximum age (read with the session) and the route is not one of the exempt ones.
 */
export function blockedByPasswordExpiry(passwordExpired: boolean, routeUrl: string | undefined): boolean {
  return passwordExpired && !(routeUrl && PASSWORD_EXPIRY_EXEMPT_ROUTES.has(routeUrl));
}
