import type { Permission } from '../../../shared/permissions.ts';
import type { ServiceContext } from '../../core/context.ts';
import * as repo from './access.repository.ts';

/**
 * Service API of the access area: who holds a permission (approvers of leave, overtime …). No
 * authorization here: the calling use case has checked its own.
 */

/** Of the people, those holding `permission` through an active role (company-wide or a project's). */
export function findPermissionHolders(ctx: ServiceContext, ids: readonly string[], permission: Permission) {
  return repo.findPermissionHolders(ctx.db, ids, permission);
}

/** Active people holding `permission`, by name: an approver picker's choices (50), or whom to tell (`limit`). */
export function listPermissionHolders(
  ctx: ServiceContext,
  permission: Permission,
  options: { exceptId?: string | null; search?: string; limit?: number } = {},
) {
  return repo.listPermissionHolders(ctx.db, permission, options);
}
