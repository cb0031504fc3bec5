import type { ServiceRoleColor } from '../../../shared/connections.schemas.ts';
import type { Db } from '../../db/connect.ts';

/** Service roles (soft-deleted: a deleted name can be used again) and their use by cloud accounts. */

const roleQuery = (db: Db) =>
  db
    .selectFrom('service_roles as r')
    .select((eb) => [
      'r.id',
      'r.name',
      'r.color',
      eb
        .selectFrom('project_cloud_accounts as l')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('l.service_role_id', '=', 'r.id')
        .as('usage'),
    ])
    .where('r.deleted_at', 'is', null);
export type ServiceRoleRow = Awaited<ReturnType<ReturnType<typeof roleQuery>['execute']>>[number];

export const listRoles = (db: Db) => roleQuery(db).orderBy('r.name').orderBy('r.id').execute();

export const findRole = (db: Db, id: string) => roleQuery(db).where('r.id', '=', id).executeTakeFirst();

/** A live role with this name, case-insensitively (the unique index's rule), other than `exceptId`. */
export const findRoleByName = (db: Db, name: string, exceptId?: string) =>
  db
    .selectFrom('service_roles')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();

export const insertRole = (db: Db, input: { name: string; color: ServiceRoleColor }) =>
  db.insertInto('service_roles').values(input).returning('id').executeTakeFirstOrThrow();

export const updateRole = (db: Db, id: string, input: { name?: string; color?: ServiceRoleColor }) =>
  db
    .updateTable('service_roles')
    .set({ ...input, updated_at: new Date() })
    .where('id', '=', id)
    .execute();

/** Deletes a role: its cloud accounts lose it (they keep their access role). */
export async function deleteRole(db: Db, id: string) {
  await db
    .updateTable('project_cloud_accounts')
    .set({ service_role_id: null, updated_at: new Date() })
    .where('service_role_id', '=', id)
    .execute();
  await db
    .updateTable('service_roles')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
