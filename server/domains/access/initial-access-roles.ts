import type { AccessRoleChoice } from '../../../shared/employees.schemas.ts';
import type { Problem } from '../../../shared/rules/problems.ts';
import { recordAudits } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { authorize } from '../../core/policy.ts';
import { rolePolicy } from './access.policy.ts';
import { assignRoles, findBuiltInRole, listRoles, type RoleRecord } from './access.repository.ts';

/**
 * The access roles a new employee starts with. Without a choice, the built-in User role: a person HR
 * creates can open the everyday screens on their first day instead of meeting "Access denied".
 * (When the platform settings gain a default-role setting, `defaultAccessRoleId` reads it.)
 */
export async function defaultAccessRoleId(ctx: ServiceContext): Promise<string | null> {
  const role = await findBuiltInRole(ctx.db, 'user');
  return role && role.status === 'ACTIVE' && !role.deleted_at ? role.id : null;
}

async function activeAccessRoles(ctx: ServiceContext): Promise<RoleRecord[]> {
  return (await listRoles(ctx.db, 'ACCESS')).filter((role) => role.status === 'ACTIVE');
}

/**
 * The access roles the caller may give a person they create: the default role, and every active
 * access role whose permissions the caller holds (nobody hands out more than they have).
 */
export async function listAccessRoleChoices(ctx: ServiceContext): Promise<AccessRoleChoice[]> {
  authorize(ctx.actor, 'employees.manage');
  const defaultId = await defaultAccessRoleId(ctx);
  return (await activeAccessRoles(ctx))
    .filter((role) => role.id === defaultId || rolePolicy.can(ctx.actor, 'assign', role))
    .map((role) => ({
      id: role.id,
      name: role.name,
      description: role.description,
      permissionCount: role.permissions.length,
      isDefault: role.id === defaultId,
    }));
}

/** What is wrong with a choice of access roles, per item (`accessRoleIds.<i>`), without writing anything. */
export async function accessRoleProblems(
  ctx: ServiceContext,
  roleIds: readonly string[],
): Promise<Problem[]> {
  if (roleIds.length === 0) return [];
  const defaultId = await defaultAccessRoleId(ctx);
  const roles = new Map((await activeAccessRoles(ctx)).map((role) => [role.id, role]));
  const problems: Problem[] = [];
  roleIds.forEach((id, index) => {
    const role = roles.get(id);
    const field = `accessRoleIds.${index}`;
    if (!role) problems.push({ field, code: 'roleNotAssignable' });
    else if (id !== defaultId && !rolePolicy.can(ctx.actor, 'assign', role)) {
      problems.push({ field, code: 'rolePermissionsNotHeld' });
    }
  });
  return problems;
}

/**
 * Gives a new person their first access roles inside the transaction that creates them: the chosen
 * ones (checked with `accessRoleProblems` beforehand), or the default role when none were chosen.
 * Each assignment is audited like any other role membership.
 */
export async function grantInitialAccessRoles(
  tx: ServiceContext,
  person: { id: string; email: string },
  roleIds: readonly string[] | undefined,
): Promise<void> {
  await grantInitialAccessRolesToMany(tx, [person], roleIds);
}

/** The same for many new people at once (an import): one insert and one audit insert per thousand. */
export async function grantInitialAccessRolesToMany(
  tx: ServiceContext,
  people: ReadonlyArray<{ id: string; email: string }>,
  roleIds: readonly string[] | undefined,
): Promise<void> {
  const defaultId = roleIds === undefined ? await defaultAccessRoleId(tx) : null;
  const chosen = [...new Set(roleIds ?? (defaultId ? [defaultId] : []))];
  const grants = people.flatMap((person) => chosen.map((roleId) => ({ person, roleId })));
  await assignRoles(
    tx.db,
    grants.map(({ person, roleId }) => ({
      user_id: person.id,
      role_id: roleId,
      project_id: null,
      created_by: tx.actor.id,
    })),
  );
  await recordAudits(
    tx,
    grants.map(({ person, roleId }) => ({
      action: 'role.member_added',
      entityType: 'role',
      entityId: roleId,
      after: { userId: person.id, email: person.email, reason: roleIds === undefined ? 'default' : 'chosen' },
    })),
  );
}
