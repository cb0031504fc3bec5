import { sql } from 'kysely';
import {
  BUILT_IN_ROLES,
  PERMISSION_KEYS,
  PERMISSIONS,
  builtInRolePermissions,
  type BuiltInRoleKey,
} from '../../../shared/permissions.ts';
import type { Db } from '../../db/connect.ts';
import { findBuiltInRole, insertRole, replaceRolePermissions } from './access.repository.ts';

/**
 * Brings the database in line with the catalog in shared/permissions.ts: every permission exists,
 * retired ones are gone, the built-in roles exist, and Admin holds every permission.
 * Runs at start (after migrations), idempotent, safe when several replicas start at once.
 */
export async function syncPermissionCatalog(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One replica at a time: a transaction-scoped advisory lock.
    await sql`select pg_advisory_xact_lock(hashtext('backoffice.permission-catalog'))`.execute(trx);
    await trx
      .insertInto('permissions')
      .values(
        PERMISSION_KEYS.map((key) => ({
          key,
          area: PERMISSIONS[key].area,
          role_types: [...PERMISSIONS[key].roleTypes],
        })),
      )
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          area: (eb) => eb.ref('excluded.area'),
          role_types: (eb) => eb.ref('excluded.role_types'),
        }),
      )
      .execute();
    await trx.deleteFrom('permissions').where('key', 'not in', PERMISSION_KEYS).execute();

    for (const key of Object.keys(BUILT_IN_ROLES) as BuiltInRoleKey[]) {
      const existing = await findBuiltInRole(trx, key);
      if (!existing) {
        const id = await insertRole(trx, {
          name: BUILT_IN_ROLES[key].name,
          description: null,
          type: 'ACCESS',
          created_by: null,
          built_in_key: key,
        });
        await replaceRolePermissions(trx, id, builtInRolePermissions(key));
      } else if (BUILT_IN_ROLES[key].permissions === 'ALL') {
        await replaceRolePermissions(trx, existing.id, builtInRolePermissions(key));
      }
    }
  });
}
