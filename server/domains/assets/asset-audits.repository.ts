import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** Asset audits and their confirmations. */

export async function insertAudit(db: Db, name: string, createdBy: string | null): Promise<string> {
  const row = await db
    .insertInto('asset_audits')
    .values({ name, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const auditColumns = (db: Db) =>
  db
    .selectFrom('asset_audits as au')
    .leftJoin('users as u', 'u.id', 'au.created_by')
    .select([
      'au.id',
      'au.name',
      'au.created_at',
      'au.closed_at',
      sql<string | null>`nullif(concat_ws(' ', u.first_name, u.last_name), '')`.as('created_by_name'),
      sql<number>`(select count(*)::int from asset_audit_checks c join assets a on a.id = c.asset_id
        where c.audit_id = au.id and a.deleted_at is null)`.as('confirmed_count'),
      sql<number>`(select count(*)::int from assets a where a.deleted_at is null)`.as('asset_count'),
    ]);

export function findAudit(db: Db, id: string) {
  return auditColumns(db).where('au.id', '=', id).executeTakeFirst();
}

/** The latest audits first. */
export function listAudits(db: Db, limit = 50) {
  return auditColumns(db).orderBy('au.created_at', 'desc').orderBy('au.id', 'desc').limit(limit).execute();
}

/** Records (or corrects) where an asset was seen in an audit. */
export async function upsertCheck(
  db: Db,
  values: { audit_id: string; asset_id: string; location: string; confirmed_by: string | null },
): Promise<void> {
  await db
    .insertInto('asset_audit_checks')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['audit_id', 'asset_id']).doUpdateSet({
        location: values.location,
        confirmed_by: values.confirmed_by,
        confirmed_at: new Date(),
      }),
    )
    .execute();
}

export function listChecks(db: Db, auditId: string) {
  return db
    .selectFrom('asset_audit_checks as c')
    .innerJoin('assets as a', 'a.id', 'c.asset_id')
    .leftJoin('users as u', 'u.id', 'c.confirmed_by')
    .select([
      'c.asset_id',
      'a.name',
      'a.serial_number',
      'c.location',
      'c.confirmed_at',
      sql<string | null>`nullif(concat_ws(' ', u.first_name, u.last_name), '')`.as('confirmed_by_name'),
    ])
    .where('c.audit_id', '=', auditId)
    .where('a.deleted_at', 'is', null)
    .orderBy(sql`lower(a.name)`)
    .orderBy('a.id')
    .execute();
}

/** Live assets nobody has confirmed in the audit, by name. */
export function listNotSeen(db: Db, auditId: string) {
  return db
    .selectFrom('assets as a')
    .select(['a.id', 'a.name', 'a.serial_number', 'a.location'])
    .where('a.deleted_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('asset_audit_checks as c')
            .select('c.asset_id')
            .whereRef('c.asset_id', '=', 'a.id')
            .where('c.audit_id', '=', auditId),
        ),
      ),
    )
    .orderBy(sql`lower(a.name)`)
    .orderBy('a.id')
    .execute();
}

/** Closes an audit; false when it was closed already (by someone else meanwhile). */
export async function closeAudit(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('asset_audits')
    .set({ closed_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
