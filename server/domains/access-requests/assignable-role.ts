import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { rolePolicy } from '../access/access.policy.ts';
import { findRole, type RoleRecord } from '../access/role-assignments.service.ts';

/**
 * An ACCESS role that can be given to people: active, not deleted, and within the actor's reach
 * (`rolePolicy.assign`: every permission it carries is theirs, and Admin only for whoever holds
 * every permission). Refusals are field errors on `field`, where the role was chosen.
 */
export async function requireAssignableRole(
  ctx: ServiceContext,
  roleId: string,
  field = 'roleId',
): Promise<RoleRecord> {
  const role = await findRole(ctx, roleId);
  if (!role || role.type !== 'ACCESS' || role.status !== 'ACTIVE')
    throw validationError([{ field, code: 'roleNotAssignable' }]);
  if (!rolePolicy.can(ctx.actor, 'assign', role))
    throw validationError([{ field, code: 'rolePermissionsNotHeld' }]);
  return role;
}
