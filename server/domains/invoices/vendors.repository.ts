import { sql, type SqlBool } from 'kysely';
import type { VendorStatus } from '../../../shared/vendors.schemas.ts';
import type { Db } from '../../db/connect.ts';
import type { PageWindow } from '../../core/paging.ts';

/** Vendors, with how many invoices name each (a vendor with any is kept, only deactivated). */

function vendorQuery(db: Db) {
  return db
    .selectFrom('vendors as v')
    .selectAll('v')
    .select(sql<number>`(select count(*)::int from invoices i where i.vendor_id = v.id)`.as('invoice_count'))
    .where('v.deleted_at', 'is', null);
}
export type VendorRow = Awaited<ReturnType<ReturnType<typeof vendorQuery>['execute']>>[number];

export const findVendor = (db: Db, id: string) => vendorQuery(db).where('v.id', '=', id).executeTakeFirst();

export const lockVendor = (db: Db, id: string) =>
  db
    .selectFrom('vendors')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

/** The live vendor holding a tax code (other than `exceptId`), to name it in the refusal. */
export const findVendorByTaxCode = (db: Db, taxCode: string, exceptId?: string) => {
  let query = db
    .selectFrom('vendors')
    .select(['id', 'name'])
    .where('tax_code', '=', taxCode)
    .where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

/** A page of vendors by name (then id). */
export async function listVendors(
  db: Db,
  filters: { search?: string; status?: VendorStatus },
  window: PageWindow,
) {
  let query = vendorQuery(db);
  if (filters.status) query = query.where('v.status', '=', filters.status);
  const search = filters.search?.trim();
  if (search) {
    const term = sql`'%' || bo_unaccent(lower(${search})) || '%'`;
    query = query.where(
      sql<SqlBool>`(bo_unaccent(lower(v.name)) like ${term} or coalesce(v.tax_code, '') like ${term})`,
    );
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy(sql`lower(v.name)`)
      .orderBy('v.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export interface VendorValues {
  name: string;
  description: string | null;
  tax_code: string | null;
  website: string | null;
  address: string | null;
}

export async function insertVendor(
  db: Db,
  values: VendorValues & { created_by: string | null },
): Promise<string> {
  const row = await db.insertInto('vendors').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVendor(
  db: Db,
  id: string,
  values: Partial<VendorValues> & { status?: VendorStatus },
): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes a vendor no invoice names (soft: the row stays for the audit trail's references). */
export async function deleteVendor(db: Db, id: string): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export const countVendorInvoices = async (db: Db, id: string) =>
  (
    await db
      .selectFrom('invoices')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('vendor_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n;

/**
 * The vendor an invoice is about to name, share-locked until the invoice commits: a vendor cannot be
 * deleted between the check that it is live and the invoice that names it.
 */
export const findVendorForShare = (db: Db, id: string) =>
  db
    .selectFrom('vendors')
    .select(['id', 'name', 'status', 'deleted_at'])
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
