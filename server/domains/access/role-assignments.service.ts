import type { ServiceContext } from '../../core/context.ts';
import { requireTransaction } from '../../core/transaction.ts';
import * as repo from './access.repository.ts';

/**
 * Roles as other areas' services use them (access requests, role members, administrators): reads,
 * and giving a person a role. Nothing here authorizes or audits: the calling use case has checked
 * who may do it and writes the audit event; the write joins its transaction.
 */

export type { RoleRecord } from './access.repository.ts';

/** A live role with its permissions and member count. */
export function findRole(ctx: ServiceContext, id: string) {
  return repo.findRole(ctx.db, id);
}

/** The role, locked until the caller's transaction ends. */
export function lockRole(tx: ServiceContext, id: string) {
  requireTransaction(tx, 'lockRole');
  return repo.lockRole(tx.db, id);
}

/** A built-in role ('admin', 'hr', 'user') by its key. */
export function findBuiltInRole(ctx: ServiceContext, key: string) {
  return repo.findBuiltInRole(ctx.db, key);
}

/** How many live people hold the built-in role (the last administrator keeps the Admin role). */
export function countUsersWithBuiltInRole(ctx: ServiceContext, key: string) {
  return repo.countUsersWithBuiltInRole(ctx.db, key);
}

/** Gives a person a role (company-wide when `project_id` is null); holding it already is no error. */
export async function assignRole(
  tx: ServiceContext,
  values: { user_id: string; role_id: string; project_id: string | null; created_by: string | null },
): Promise<void> {
  requireTransaction(tx, 'assignRole');
  await repo.assignRole(tx.db, values);
}
