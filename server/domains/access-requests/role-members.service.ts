import type { RoleMemberList } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { assignRole, findRole, lockRole, type RoleRecord } from '../access/role-assignments.service.ts';
import { keepAnActiveAdministrator } from '../access/grants.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { roleMemberAbilities, roleMemberPolicy } from './access-requests.policy.ts';
import { pushToUsers } from '../notifications/realtime.service.ts';
import * as repo from './access-requests.repository.ts';
import { requireAssignableRole } from './assignable-role.ts';

async function requireAccessRole(ctx: ServiceContext, roleId: string, lock = false): Promise<RoleRecord> {
  const role = lock ? await lockRole(ctx, roleId) : await findRole(ctx, roleId);
  if (!role || role.type !== 'ACCESS') throw new AppError('NOT_FOUND');
  return role;
}

/** The people holding an access role (company-wide), with what the caller may do. */
export async function listRoleMembers(ctx: ServiceContext, roleId: string): Promise<RoleMemberList> {
  const role = await requireAccessRole(ctx, roleId);
  roleMemberPolicy.authorize(ctx.actor, 'view', role);
  const abilities = roleMemberAbilities(ctx.actor, role);
  const rows = await repo.listRoleMembers(ctx.db, roleId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      status: row.status,
      assignedAt: row.assigned_at.toISOString(),
      abilities: abilities.member,
    })),
    abilities: abilities.list,
  };
}

/** People who could be given the role, matched by name or email (at most 20). */
export async function listRoleCandidates(ctx: ServiceContext, roleId: string, search?: string) {
  const role = await requireAccessRole(ctx, roleId);
  roleMemberPolicy.authorize(ctx.actor, 'manage', role);
  const rows = await repo.listRoleCandidates(ctx.db, roleId, search, 20);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
  }));
}

/**
 * Gives a person an access role: only a role within the caller's reach (`roleMemberPolicy.add`),
 * so nobody gains, or hands out, more than they hold.
 */
export async function addRoleMember(ctx: ServiceContext, roleId: string, userId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const locked = await requireAccessRole(tx, roleId, true);
    roleMemberPolicy.authorize(tx.actor, 'manage', locked);
    // Inactive or out of reach: a field error, as when a reviewer picks the role to grant.
    const role = await requireAssignableRole(tx, roleId, 'roleId');
    roleMemberPolicy.authorize(tx.actor, 'add', role);
    const user = await findUserById(tx, userId);
    if (!user || user.status === 'INACTIVE')
      throw validationError([{ field: 'userId', code: 'invalid', params: { field: 'userId' } }]);
    await assignRole(tx, {
      user_id: user.id,
      role_id: role.id,
      project_id: null,
      created_by: tx.actor.id,
    });
    await recordAudit(tx, {
      action: 'role.member_added',
      entityType: 'role',
      entityId: role.id,
      after: { userId: user.id, email: user.email },
    });
    await pushToUsers(tx, [user.id], 'access-changed', { reason: 'ROLE_ADDED', role: role.name });
  });
}

/**
 * Takes an access role away from a person: only from a role within the caller's reach; the last
 * active administrator keeps the Admin role (LAST_ADMINISTRATOR).
 */
export async function removeRoleMember(ctx: ServiceContext, roleId: string, userId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const role = await requireAccessRole(tx, roleId, true);
    roleMemberPolicy.authorize(tx.actor, 'manage', role);
    if (!roleMemberPolicy.can(tx.actor, 'remove', role))
      throw validationError([{ field: 'roleId', code: 'rolePermissionsNotHeld' }]);
    if (role.built_in_key === 'admin') await keepAnActiveAdministrator(tx, userId);
    const removed = await repo.removeRoleMember(tx.db, role.id, userId);
    if (!removed) throw new AppError('NOT_FOUND');
    await recordAudit(tx, {
      action: 'role.member_removed',
      entityType: 'role',
      entityId: role.id,
      before: { userId },
    });
    await pushToUsers(tx, [userId], 'access-changed', { reason: 'ROLE_REMOVED', role: role.name });
  });
}
