import type { RoleMemberList } from '../../../shared/account.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { authorize, can } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import {
  assignRole,
  countUsersWithBuiltInRole,
  findRole,
  lockRole,
  type RoleRecord,
} from '../access/access.repository.ts';
import { pushToUsers } from '../notifications/realtime.service.ts';
import { findUserById } from '../users/users.repository.ts';
import { canAssignRole, requireAssignableRole } from './access-requests.service.ts';
import * as repo from './access-requests.repository.ts';

async function requireAccessRole(ctx: ServiceContext, roleId: string, lock = false): Promise<RoleRecord> {
  const role = lock ? await lockRole(ctx.db, roleId) : await findRole(ctx.db, roleId);
  if (!role || role.type !== 'ACCESS') throw new AppError('NOT_FOUND');
  return role;
}

/** The people holding an access role (company-wide), with what the caller may do. */
export async function listRoleMembers(ctx: ServiceContext, roleId: string): Promise<RoleMemberList> {
  authorize(ctx.actor, 'roles.view');
  const role = await requireAccessRole(ctx, roleId);
  const manage = can(ctx.actor, 'roles.manage') && canAssignRole(ctx.actor, role);
  const rows = await repo.listRoleMembers(ctx.db, roleId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      status: row.status,
      assignedAt: row.assigned_at.toISOString(),
      abilities: { remove: manage },
    })),
    abilities: { add: manage && role.status === 'ACTIVE' },
  };
}

/** People who could be given the role, matched by name or email (at most 20). */
export async function listRoleCandidates(ctx: ServiceContext, roleId: string, search?: string) {
  authorize(ctx.actor, 'roles.manage');
  await requireAccessRole(ctx, roleId);
  const rows = await repo.listRoleCandidates(ctx.db, roleId, search, 20);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
  }));
}

/** Gives a person an access role. */
export async function addRoleMember(ctx: ServiceContext, roleId: string, userId: string): Promise<void> {
  authorize(ctx.actor, 'roles.manage');
  await inTransaction(ctx, async (tx) => {
    await requireAccessRole(tx, roleId, true);
    const role = await requireAssignableRole(tx, roleId, 'roleId');
    const user = await findUserById(tx.db, userId);
    if (!user || user.status === 'INACTIVE')
      throw validationError([{ field: 'userId', code: 'invalid', params: { field: 'userId' } }]);
    await assignRole(tx.db, {
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

/** Takes an access role away from a person; the last administrator keeps the Admin role. */
export async function removeRoleMember(ctx: ServiceContext, roleId: string, userId: string): Promise<void> {
  authorize(ctx.actor, 'roles.manage');
  await inTransaction(ctx, async (tx) => {
    const role = await requireAccessRole(tx, roleId, true);
    if (!canAssignRole(tx.actor, role))
      throw validationError([{ field: 'roleId', code: 'rolePermissionsNotHeld' }]);
    const removed = await repo.removeRoleMember(tx.db, role.id, userId);
    if (!removed) throw new AppError('NOT_FOUND');
    // Checked after the removal, inside the transaction: throwing puts the assignment back.
    if (role.built_in_key === 'admin' && (await countUsersWithBuiltInRole(tx.db, 'admin')) === 0)
      throw validationError([{ field: 'userId', code: 'lastAdministrator' }]);
    await recordAudit(tx, {
      action: 'role.member_removed',
      entityType: 'role',
      entityId: role.id,
      before: { userId },
    });
    await pushToUsers(tx, [userId], 'access-changed', { reason: 'ROLE_REMOVED', role: role.name });
  });
}
