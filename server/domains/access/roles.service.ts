import {
  PERMISSIONS,
  isPermission,
  permissionsForRoleType,
  type RoleType,
} from '../../../shared/permissions.ts';
import type { Role, RoleBody, RoleStatusBody, RoleUpdateBody } from '../../../shared/roles.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { roleAbilities, rolePolicy } from './access.policy.ts';
import * as repo from './access.repository.ts';

function toRole(ctx: ServiceContext, record: repo.RoleRecord): Role {
  const allowed = permissionsForRoleType(record.type);
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    type: record.type,
    status: record.status,
    builtIn: record.built_in_key !== null,
    permissions: record.permissions,
    permissionCount: record.permissions.length,
    allPermissions: allowed.every((p) => record.permissions.includes(p)),
    memberCount: record.member_count,
    createdAt: record.created_at.toISOString(),
    updatedAt: record.updated_at.toISOString(),
    abilities: roleAbilities(ctx.actor, record),
  };
}

/** Rejects permissions that do not exist or that a role of this type cannot carry. */
function checkPermissions(type: RoleType, permissions: readonly string[]): void {
  const problems = permissions.flatMap((permission, index): FieldProblem[] => {
    if (!isPermission(permission)) {
      return [{ field: `permissions.${index}`, code: 'unknownPermission', params: { permission } }];
    }
    if (!(PERMISSIONS[permission].roleTypes as readonly string[]).includes(type)) {
      return [{ field: `permissions.${index}`, code: 'permissionNotForRoleType', params: { permission } }];
    }
    return [];
  });
  if (problems.length > 0) throw validationError(problems);
}

function duplicateName(error: unknown): AppError | unknown {
  return isUniqueViolation(error, 'roles_type_name_live_key')
    ? new AppError('ALREADY_EXISTS', {
        params: { field: 'name' },
        details: [{ field: 'name', code: 'alreadyExists', message: '' }],
      })
    : error;
}

async function requireRole(ctx: ServiceContext, id: string, lock = false): Promise<repo.RoleRecord> {
  const role = lock ? await repo.lockRole(ctx.db, id) : await repo.findRole(ctx.db, id);
  if (!role) throw new AppError('NOT_FOUND');
  return role;
}

/** Lists roles, optionally of one type. */
export async function listRoles(ctx: ServiceContext, type?: RoleType): Promise<Role[]> {
  rolePolicy.authorize(ctx.actor, 'view', null);
  return (await repo.listRoles(ctx.db, type)).map((r) => toRole(ctx, r));
}

/** Creates a role with its permissions, all of which the creator must hold. */
export async function createRole(ctx: ServiceContext, input: RoleBody): Promise<Role> {
  checkPermissions(input.type, input.permissions);
  rolePolicy.authorize(ctx.actor, 'create', {
    type: input.type,
    built_in_key: null,
    permissions: input.permissions,
  });
  return inTransaction(ctx, async (tx) => {
    const id = await repo
      .insertRole(tx.db, {
        name: input.name.trim(),
        description: input.description?.trim() || null,
        type: input.type,
        created_by: tx.actor.id,
      })
      .catch((error) => Promise.reject(duplicateName(error)));
    await repo.replaceRolePermissions(tx.db, id, input.permissions);
    const created = await requireRole(tx, id);
    await recordAudit(tx, { action: 'role.created', entityType: 'role', entityId: id, after: created });
    return toRole(tx, created);
  });
}

/**
 * Renames a role, changes its description or replaces its permissions. The role must be within
 * the editor's reach before and after: nobody edits a role that carries more than they hold, nor
 * makes one carry more (which is also how nobody makes a role they hold grant them more).
 */
export async function updateRole(ctx: ServiceContext, id: string, input: RoleUpdateBody): Promise<Role> {
  return inTransaction(ctx, async (tx) => {
    const before = await requireRole(tx, id, true);
    if (before.built_in_key === 'admin') throw new AppError('BUILT_IN_ROLE');
    rolePolicy.authorize(tx.actor, 'edit', before);
    if (input.permissions) {
      checkPermissions(before.type, input.permissions);
      rolePolicy.authorize(tx.actor, 'edit', { ...before, permissions: input.permissions });
    }
    await repo
      .updateRole(tx.db, id, {
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.description !== undefined && { description: input.description?.trim() || null }),
      })
      .catch((error) => Promise.reject(duplicateName(error)));
    if (input.permissions) await repo.replaceRolePermissions(tx.db, id, input.permissions);
    const after = await requireRole(tx, id);
    await recordAudit(tx, { action: 'role.updated', entityType: 'role', entityId: id, before, after });
    return toRole(tx, after);
  });
}

/** Activates or deactivates a role; a deactivated role grants nothing until it is active again. */
export async function setRoleStatus(ctx: ServiceContext, id: string, input: RoleStatusBody): Promise<Role> {
  return inTransaction(ctx, async (tx) => {
    const before = await requireRole(tx, id, true);
    // Built-in roles (Admin among them) are never switched off: the last administrator stays one.
    if (before.built_in_key) throw new AppError('BUILT_IN_ROLE');
    rolePolicy.authorize(tx.actor, 'changeStatus', before);
    const status = input.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
    await repo.updateRole(tx.db, id, { status });
    const after = await requireRole(tx, id);
    await recordAudit(tx, {
      action: status === 'ACTIVE' ? 'role.activated' : 'role.deactivated',
      entityType: 'role',
      entityId: id,
      before: { status: before.status },
      after: { status: after.status },
    });
    return toRole(tx, after);
  });
}

/** Deletes a role that nobody holds any more. */
export async function deleteRole(ctx: ServiceContext, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await requireRole(tx, id, true);
    if (before.built_in_key) throw new AppError('BUILT_IN_ROLE');
    rolePolicy.authorize(tx.actor, 'delete', before);
    if (before.member_count > 0)
      throw new AppError('ROLE_IN_USE', { params: { count: before.member_count } });
    await repo.updateRole(tx.db, id, { deleted_at: new Date() });
    await recordAudit(tx, { action: 'role.deleted', entityType: 'role', entityId: id, before });
  });
}

/** The permission catalog, optionally only what one role type may carry. */
export function listPermissions(ctx: ServiceContext, roleType?: RoleType) {
  rolePolicy.authorize(ctx.actor, 'view', null);
  const keys = roleType
    ? permissionsForRoleType(roleType)
    : (Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]);
  return keys.map((key) => ({
    key,
    area: PERMISSIONS[key].area,
    roleTypes: [...PERMISSIONS[key].roleTypes],
  }));
}
