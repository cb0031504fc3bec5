import type { Permission } from '../../shared/permissions.ts';
import type { Actor } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Authorization in one place per area (Outline's `server/policies` is the model).
 *
 * An area's `<area>.policy.ts` calls `definePolicy` with one rule per ability: "may this actor do
 * this to this record?". The service calls `policy.authorize(actor, 'update', record)`; the
 * response's `abilities` come from `policy.abilities(actor, record)`. Both read the same rules, so
 * what the UI offers and what the server allows cannot drift.
 *
 * The primitives below (`can`, `canAnywhere`) answer for one permission; rules combine them with
 * facts about the record (its project, its owner, who it is about).
 */

/** A record a permission may be checked against: project-scoped records carry their project. */
export interface Scoped {
  projectId?: string | null;
}

/** True when the actor holds the permission company-wide, or within the record's project. */
export function can(actor: Actor, permission: Permission, record?: Scoped | null): boolean {
  if (actor.kind === 'system') return true;
  if (actor.permissions.has(permission)) return true;
  if (record?.projectId) return actor.projectPermissions.get(record.projectId)?.has(permission) ?? false;
  return false;
}

/** True when the actor holds the permission company-wide or in at least one project. */
export function canAnywhere(actor: Actor, permission: Permission): boolean {
  if (can(actor, permission)) return true;
  for (const permissions of actor.projectPermissions.values()) if (permissions.has(permission)) return true;
  return false;
}

/**
 * Where the actor holds the permission: 'all' when company-wide (or the system), otherwise the ids
 * of the projects whose project role grants it (maybe none). Lists of project-scoped records filter
 * by it, so a project manager sees the records of their projects and no others.
 */
export function projectScope(actor: Actor, permission: Permission): 'all' | string[] {
  if (can(actor, permission)) return 'all';
  const ids: string[] = [];
  for (const [projectId, permissions] of actor.projectPermissions) {
    if (permissions.has(permission)) ids.push(projectId);
  }
  return ids;
}

/** True when the actor is a signed-in person (not the system, not anonymous). */
export function isPerson(actor: Actor): actor is Actor & { id: string } {
  return actor.kind === 'user' && actor.id !== null;
}

/** True when the actor is the person the record is about. */
export function isSelf(actor: Actor, personId: string | null | undefined): boolean {
  return isPerson(actor) && personId != null && actor.id === personId;
}

/**
 * Throws FORBIDDEN unless the actor holds `permission` (on `record`, when given). Prefer a policy's
 * `authorize`; this stays for checks that are one permission and nothing more (routes' gates).
 */
export function authorize(actor: Actor, permission: Permission, record?: Scoped): void {
  if (!can(actor, permission, record)) {
    throw new AppError('FORBIDDEN', { details: { permission } });
  }
}

/** One rule: may `actor` do this (to `record`, when the ability is about one)? */
export type Rule<R> = (actor: Actor, record: R) => boolean;

export interface Policy<R, A extends string> {
  /** The thing this policy guards ('department', 'role', …), named in FORBIDDEN details. */
  readonly subject: string;
  /** Every ability, in declaration order (the table-driven tests walk them). */
  readonly names: readonly A[];
  can(actor: Actor, ability: A, record: R): boolean;
  /** Throws FORBIDDEN unless the rule allows it. */
  authorize(actor: Actor, ability: A, record: R): void;
  /** Every ability of the actor on the record: the `abilities` object sent to the client. */
  abilities(actor: Actor, record: R): Record<A, boolean>;
}

/**
 * Declares an area's policy. `R` is what the rules look at: the record (or a small view of it), or
 * `undefined` for abilities that concern no record yet (`create`, `view` of a list).
 */
export function definePolicy<R, A extends string>(subject: string, rules: Record<A, Rule<R>>): Policy<R, A> {
  const names = Object.keys(rules) as A[];
  const check = (actor: Actor, ability: A, record: R) => rules[ability](actor, record);
  return {
    subject,
    names,
    can: check,
    authorize(actor, ability, record) {
      if (!check(actor, ability, record)) {
        throw new AppError('FORBIDDEN', { details: { subject, ability } });
      }
    },
    abilities(actor, record) {
      return Object.fromEntries(names.map((name) => [name, check(actor, name, record)])) as Record<
        A,
        boolean
      >;
    },
  };
}

/**
 * True when the actor holds every one of `permissions` company-wide. The rule behind "nobody acts
 * on someone above them": granting a role, or acting on a person, needs every permission it carries.
 */
export function holdsAll(actor: Actor, permissions: Iterable<string>): boolean {
  if (actor.kind === 'system') return true;
  for (const permission of permissions) if (!actor.permissions.has(permission as Permission)) return false;
  return true;
}
