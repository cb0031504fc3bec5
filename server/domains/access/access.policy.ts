import { PERMISSION_KEYS, type RoleType } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy, holdsAll, isPerson } from '../../core/policy.ts';

/** What the role rules look at: a stored role, or the one a request proposes. */
export interface RoleSubject {
  type: RoleType;
  built_in_key: string | null;
  permissions: readonly string[];
  status?: 'ACTIVE' | 'INACTIVE';
}

/** The built-in Admin role as the rules see it: it carries every permission (the catalog sync keeps it so). */
export const ADMIN_ROLE: RoleSubject = {
  type: 'ACCESS',
  built_in_key: 'admin',
  permissions: PERMISSION_KEYS,
  status: 'ACTIVE',
};

const manages = (actor: Actor) => can(actor, 'roles.manage');

/**
 * A role is within the actor's reach when they hold every permission it carries: creating,
 * editing, (de)activating, deleting or handing out a role is never a way to gain, or to take
 * from others, more than one holds (issue 7). Admin needs every permission of the catalog, even
 * should its stored list lag behind a new permission.
 */
export function withinReach(actor: Actor, role: RoleSubject): boolean {
  if (!holdsAll(actor, role.permissions)) return false;
  return role.built_in_key !== 'admin' || holdsAll(actor, PERMISSION_KEYS);
}

/**
 * Who may do what with roles. `create` and `edit` are asked about the role as it would be after
 * the change as well as before it, so the new permission list must be within reach too.
 */
export const rolePolicy = definePolicy<RoleSubject | null, RoleAbility>('role', {
  view: (actor) => can(actor, 'roles.view'),
  /** One's own roles and permissions (what the client shows and hides by): any signed-in person. */
  viewOwn: (actor) => isPerson(actor),
  /** May manage roles at all: the gate before any record is read. */
  manage: manages,
  create: (actor, role) => manages(actor) && role !== null && withinReach(actor, role),
  // Admin keeps every permission; nobody edits it.
  edit: (actor, role) =>
    manages(actor) && !!role && role.built_in_key !== 'admin' && withinReach(actor, role),
  changeStatus: (actor, role) => manages(actor) && !!role && !role.built_in_key && withinReach(actor, role),
  delete: (actor, role) => manages(actor) && !!role && !role.built_in_key && withinReach(actor, role),
  /** Give the role to a person or take it away (role members, access requests, create-admin). */
  assign: (actor, role) => !!role && role.type === 'ACCESS' && withinReach(actor, role),
});

type RoleAbility = 'view' | 'viewOwn' | 'manage' | 'create' | 'edit' | 'changeStatus' | 'delete' | 'assign';

/** The `abilities` of a role in responses (the keys the client reads). */
export function roleAbilities(actor: Actor, role: RoleSubject): Role['abilities'] {
  const { edit, changeStatus, delete: remove } = rolePolicy.abilities(actor, role);
  return { edit, changeStatus, delete: remove };
}
