import type { Permission } from '../../shared/permissions.ts';
import type { Actor } from './context.ts';
import { AppError } from './errors.ts';

/** A record a permission may be checked against: project-scoped records carry their project. */
export interface Scoped {
  projectId?: string | null;
}

/** True when the actor holds the permission company-wide, or within the record's project. */
export function can(actor: Actor, permission: Permission, record?: Scoped): boolean {
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

/** Throws FORBIDDEN unless the actor may do `permission` (on `record`, when given). */
export function authorize(actor: Actor, permission: Permission, record?: Scoped): void {
  if (!can(actor, permission, record)) {
    throw new AppError('FORBIDDEN', { details: { permission } });
  }
}
