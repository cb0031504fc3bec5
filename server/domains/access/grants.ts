import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { administratorStanding, companyPermissionsOf } from './access.repository.ts';

/**
 * What people hold, for the rules of other areas: "nobody acts on someone above them" compares
 * the actor's permissions with the person's, and no change may leave the company without an
 * active administrator. Other areas call these instead of reading the access tables.
 */

/** Each person's company-wide permissions (from active ACCESS and EMPLOYEE_ROLE roles). */
export function companyPermissions(
  ctx: ServiceContext,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  return companyPermissionsOf(ctx.db, [...new Set(userIds)]);
}

/**
 * Refuses (LAST_ADMINISTRATOR) a change that would take the person out of the active
 * administrators (removing their Admin role, deactivating or deleting them) when they are the
 * last one. Call inside the change's transaction, before the change: it locks the Admin role so
 * two administrators removing each other at once cannot both succeed.
 */
export async function keepAnActiveAdministrator(tx: ServiceContext, userId: string): Promise<void> {
  if (!tx.inTransaction)
    throw new Error('keepAnActiveAdministrator must run inside the change’s transaction');
  const { isAdministrator, others } = await administratorStanding(tx.db, userId);
  if (isAdministrator && others === 0) throw new AppError('LAST_ADMINISTRATOR');
}
