import { AppError } from '../../core/errors.ts';
import type { EnforcementKind } from './enforcement-types.ts';

/**
 * The calls a blocked person may still make — the ones that resolve the block, in one place:
 * reading themselves, their device status, declaring or rechecking a device, signing out, the
 * connected-account page (to link Discord), and — the break-glass for administrators — the
 * work-device update settings (those routes still require `platform-settings.manage`, so only
 * administrators get through, and they can always lower a requirement that locked them out).
 */
export const SECURITY_ENFORCEMENT_OPEN_ROUTES: ReadonlySet<string> = new Set([
  '/api/auth/me',
  '/api/auth/sign-out',
  '/api/auth/refresh',
  '/api/user-roles/me',
  '/api/me/device-status',
  '/api/me/work-devices',
  '/api/me/work-devices/:id',
  '/api/me/work-devices/recheck',
  '/api/me/connected-accounts',
  '/api/platform-settings/work-device-updates',
]);

/**
 * Throws the enforcement's code when a block is in force and the route is not open: an outdated
 * device answers DEVICE_OUTDATED (the UI shows the outdated-device modal), a missing checklist or
 * chat account SECURITY_ENFORCEMENT with its type (the UI shows the matching modal).
 */
export function checkSecurityEnforcement(
  blocks: readonly EnforcementKind[],
  routeUrl: string | undefined,
): void {
  if (blocks.length === 0 || (routeUrl && SECURITY_ENFORCEMENT_OPEN_ROUTES.has(routeUrl))) return;
  if (blocks.includes('OUTDATED_DEVICE')) throw new AppError('DEVICE_OUTDATED');
  throw new AppError('SECURITY_ENFORCEMENT', { details: { type: blocks[0] } });
}
