import type { Permission, RoleType } from '../../../shared/permissions.ts';
import { isPermission } from '../../../shared/permissions.ts';
import type { UserRolesResponse } from '../../../shared/roles.schemas.ts';
import type { Actor, ServiceContext } from '../../core/context.ts';
import type { Db } from '../../db/connect.ts';
import { rolePolicy } from './access.policy.ts';
import { listUserGrants, type GrantRow } from './access.repository.ts';
import { findLiveSessionWithGrants } from './request-actor.repository.ts';
import type { EnforcementKind } from '../devices/enforcement-types.ts';

function toActorPermissions(grants: GrantRow[]) {
  const permissions = new Set<Permission>();
  const projectPermissions = new Map<string, Set<Permission>>();
  for (const grant of grants) {
    const target =
      grant.role_type === 'PROJECT' && grant.project_id
        ? (projectPermissions.get(grant.project_id) ??
          projectPermissions.set(grant.project_id, new Set()).get(grant.project_id)!)
        : grant.role_type === 'PROJECT'
          ? null // a project role without a project grants nothing
          : permissions;
    for (const key of grant.permissions) if (target && isPermission(key)) target.add(key);
  }
  return { permissions, projectPermissions };
}

/** The grants an actor was built from: the same request asking for its own roles needs no second query. */
const grantsOfActor = new WeakMap<Actor, GrantRow[]>();

/** Builds the Actor for a signed-in user from the active roles they hold. */
export async function loadUserActor(
  db: Db,
  user: { id: string; email: string },
  sessionId?: string,
): Promise<Actor> {
  const grants = await listUserGrants(db, user.id);
  const actor: Actor = {
    kind: 'user',
    id: user.id,
    label: user.email,
    sessionId,
    ...toActorPermissions(grants),
  };
  grantsOfActor.set(actor, grants);
  return actor;
}

/**
 * The actor of an authenticated API call, from its token's session: `undefined` when the session
 * ended or its person may no longer sign in. One prepared statement (see request-actor.repository.ts).
 */
export async function loadRequestActor(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<
  { actor: Actor; language: string; passwordExpired: boolean; blocks: EnforcementKind[] } | undefined
> {
  const row = await findLiveSessionWithGrants(db, sessionId, userId);
  if (!row) return undefined;
  const { grants, permissions, projectPermissions } = permissionsOfGrants(row.grants_json);
  const actor: Actor = {
    kind: 'user',
    id: row.id,
    label: row.email,
    sessionId,
    permissions,
    projectPermissions,
  };
  grantsOfActor.set(actor, grants);
  return { actor, language: row.language, passwordExpired: row.password_expired, blocks: row.blocks };
}

/**
 * Most calls come from a few dozen distinct role sets: the permissions built from one (JSON text
 * of the grants) are remembered, and actors share them read-only. Bounded; emptied when full.
 */
const permissionsByGrants = new Map<string, { grants: GrantRow[] } & ReturnType<typeof toActorPermissions>>();
function permissionsOfGrants(grantsJson: string) {
  let known = permissionsByGrants.get(grantsJson);
  if (!known) {
    const grants = JSON.parse(grantsJson) as GrantRow[];
    known = { grants, ...toActorPermissions(grants) };
    if (permissionsByGrants.size >= 1000) permissionsByGrants.clear();
    permissionsByGrants.set(grantsJson, known);
  }
  return known;
}

/** The caller's roles: access permissions flat, project-role permissions grouped by project (spec section 6). */
export async function getMyRoles(ctx: ServiceContext, type?: RoleType): Promise<UserRolesResponse> {
  rolePolicy.authorize(ctx.actor, 'viewOwn', null);
  const known = grantsOfActor.get(ctx.actor);
  const grants = known
    ? known.filter((grant) => !type || grant.role_type === type)
    : await listUserGrants(ctx.db, ctx.actor.id!, type);
  const { permissions, projectPermissions } = toActorPermissions(grants);
  return {
    roles: grants.map((g) => ({
      id: g.role_id,
      name: g.role_name,
      type: g.role_type,
      projectId: g.project_id,
      permissions: g.permissions,
    })),
    permissions: [...permissions].sort(),
    projectPermissions: Object.fromEntries(
      [...projectPermissions].map(([projectId, set]) => [projectId, [...set].sort()]),
    ),
  };
}
