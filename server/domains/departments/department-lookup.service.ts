import type { ServiceContext } from '../../core/context.ts';
import * as repo from './departments.repository.ts';

/**
 * Departments as other areas' services look them up (employee forms, imports, exports): by id or by
 * name, with their status. No authorization here: the calling use case has checked its own.
 */

/** Live departments with these ids. */
export function findDepartmentsByIds(ctx: ServiceContext, ids: readonly string[]) {
  return repo.findDepartmentsByIds(ctx.db, ids);
}

/** Live departments with these names, case-insensitively (import files name departments). */
export function findDepartmentsByNames(ctx: ServiceContext, names: readonly string[]) {
  return repo.findDepartmentsByNames(ctx.db, names);
}
