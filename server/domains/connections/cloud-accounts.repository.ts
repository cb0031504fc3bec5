import type { CloudRole, CloudService } from '../../../shared/connections.schemas.ts';
import type { Db } from '../../db/connect.ts';

/** Cloud accounts (the company's) and their use by projects. */

const linkQuery = (db: Db) =>
  db
    .selectFrom('project_cloud_accounts as l')
    .innerJoin('cloud_accounts as a', 'a.id', 'l.cloud_account_id')
    // A deleted service role's id is cleared on its links; the join condition is the backstop.
    .leftJoin('service_roles as sr', (join) =>
      join.onRef('sr.id', '=', 'l.service_role_id').on('sr.deleted_at', 'is', null),
    )
    .select([
      'a.id',
      'l.id as link_id',
      'l.project_id',
      'a.service',
      'a.account_id',
      'a.name',
      'l.role',
      'l.note',
      'l.status',
      'sr.id as service_role_id',
      'sr.name as service_role_name',
      'sr.color as service_role_color',
    ]);
export type CloudLinkRow = Awaited<ReturnType<ReturnType<typeof linkQuery>['execute']>>[number];

export const listProjectAccounts = (db: Db, projectId: string) =>
  linkQuery(db)
    .where('l.project_id', '=', projectId)
    .orderBy('a.service')
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();

export const findLink = (db: Db, projectId: string, cloudAccountId: string) =>
  linkQuery(db).where('l.project_id', '=', projectId).where('a.id', '=', cloudAccountId).executeTakeFirst();

export const findLinkById = (db: Db, linkId: string) =>
  linkQuery(db).where('l.id', '=', linkId).executeTakeFirst();

export const findAccountByKey = (db: Db, service: CloudService, accountId: string) =>
  db
    .selectFrom('cloud_accounts')
    .selectAll()
    .where('service', '=', service)
    .where('account_id', '=', accountId)
    .executeTakeFirst();

export const findAccounts = (db: Db, ids: readonly string[]) =>
  db
    .selectFrom('cloud_accounts')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();

export const listUnlinked = (db: Db, projectId: string) =>
  db
    .selectFrom('cloud_accounts as a')
    .select(['a.id', 'a.service', 'a.account_id', 'a.name'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('project_cloud_accounts as l')
            .select('l.id')
            .whereRef('l.cloud_account_id', '=', 'a.id')
            .where('l.project_id', '=', projectId),
        ),
      ),
    )
    .orderBy('a.service')
    .orderBy('a.name')
    .execute();

export async function insertAccount(
  db: Db,
  values: { service: CloudService; account_id: string; name: string; created_by: string | null },
): Promise<string> {
  return (await db.insertInto('cloud_accounts').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertLinks(
  db: Db,
  projectId: string,
  links: ReadonlyArray<{ cloudAccountId: string; role: CloudRole; note: string | null }>,
  createdBy: string | null,
): Promise<void> {
  await db
    .insertInto('project_cloud_accounts')
    .values(
      links.map((link) => ({
        project_id: projectId,
        cloud_account_id: link.cloudAccountId,
        role: link.role,
        note: link.note,
        created_by: createdBy,
      })),
    )
    .execute();
}

export async function updateLink(
  db: Db,
  linkId: string,
  values: {
    role?: CloudRole;
    note?: string | null;
    status?: 'ACTIVE' | 'INACTIVE';
    service_role_id?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('project_cloud_accounts')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', linkId)
    .execute();
}

export async function renameAccount(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('cloud_accounts').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteLink(db: Db, linkId: string): Promise<void> {
  await db.deleteFrom('project_cloud_accounts').where('id', '=', linkId).execute();
}
