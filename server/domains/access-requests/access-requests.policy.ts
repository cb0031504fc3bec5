import type { AccessRequest, RoleMember, RoleMemberList } from '../../../shared/account.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson, isSelf } from '../../core/policy.ts';
import type { AccessRequestStatus } from '../../db/database.ts';
import { rolePolicy, type RoleSubject } from '../access/access.policy.ts';

/** What the access-request rules look at. */
export interface AccessRequestSubject {
  requester_id: string;
  status: AccessRequestStatus;
}

const reviews = (actor: Actor) => can(actor, 'access-requests.review');

/**
 * Who may ask for access and who reviews. `null` is "access requests in general". Granting hands
 * out a role, so the role itself must also be within the reviewer's reach (`rolePolicy.assign`).
 */
export const accessRequestPolicy = definePolicy<AccessRequestSubject | null, AccessRequestAbility>(
  'access-request',
  {
    /** Any signed-in person may ask (not the system: a request needs someone to grant it to). */
    request: (actor) => isPerson(actor),
    /** A person's own requests; `null` asks for "my requests" in general. */
    viewOwn: (actor, request) => (request ? isSelf(actor, request.requester_id) : isPerson(actor)),
    review: reviews,
    grant: (actor, request) => reviews(actor) && request?.status === 'PENDING',
    deny: (actor, request) => reviews(actor) && request?.status === 'PENDING',
  },
);

type AccessRequestAbility = 'request' | 'viewOwn' | 'review' | 'grant' | 'deny';

/** The `abilities` of an access request in responses (the keys the client reads). */
export function accessRequestAbilities(
  actor: Actor,
  request: AccessRequestSubject,
): AccessRequest['abilities'] {
  const { grant, deny } = accessRequestPolicy.abilities(actor, request);
  return { grant, deny };
}

/**
 * Who may see and change the members of an access role: those who view roles see them; those who
 * manage roles add and remove members, of roles within their reach only (Admin: only those who
 * hold every permission), and add only to active roles.
 */
export const roleMemberPolicy = definePolicy<RoleSubject, RoleMemberAbility>('role-member', {
  view: (actor) => can(actor, 'roles.view'),
  /** May manage members at all: the gate before the role's own rule. */
  manage: (actor) => can(actor, 'roles.manage'),
  add: (actor, role) =>
    can(actor, 'roles.manage') && role.status === 'ACTIVE' && rolePolicy.can(actor, 'assign', role),
  remove: (actor, role) => can(actor, 'roles.manage') && rolePolicy.can(actor, 'assign', role),
});

type RoleMemberAbility = 'view' | 'manage' | 'add' | 'remove';

/** The list's and each member's `abilities` (the keys the client reads). */
export function roleMemberAbilities(
  actor: Actor,
  role: RoleSubject,
): { list: RoleMemberList['abilities']; member: RoleMember['abilities'] } {
  const { add, remove } = roleMemberPolicy.abilities(actor, role);
  return { list: { add }, member: { remove } };
}
