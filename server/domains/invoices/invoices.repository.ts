import { sql, type SqlBool } from 'kysely';
import type { InvoiceCategory, InvoiceKind, InvoiceStatus } from '../../../shared/invoices.schemas.ts';
import type { DetectedType } from '../../../shared/rules/file-type.ts';
import type { Db } from '../../db/connect.ts';
import type { PageWindow } from '../../core/paging.ts';

/** Invoices and their attachments; reads of people and vendors for what an invoice shows. */

function invoiceQuery(db: Db) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('vendors as v', 'v.id', 'i.vendor_id')
    .leftJoin('users as d', 'd.id', 'i.decided_by')
    .select([
      'i.id',
      'i.user_id',
      'i.name',
      sql<string>`i.invoice_date::text`.as('invoice_date'),
      'i.reference_id',
      'i.amount',
      'i.category',
      'i.kind',
      'i.vendor_id',
      'i.status',
      sql<string | null>`i.payment_date::text`.as('payment_date'),
      'i.rejection_reason',
      'i.decided_by',
      'i.decided_at',
      'i.version',
      'i.created_at',
      'i.updated_at',
      'u.first_name as creator_first_name',
      'u.last_name as creator_last_name',
      'u.email as creator_email',
      'u.avatar_url as creator_avatar_url',
      'v.name as vendor_name',
      'v.tax_code as vendor_tax_code',
      'v.status as vendor_status',
      'd.first_name as decider_first_name',
      'd.last_name as decider_last_name',
    ]);
}
export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceQuery>['execute']>>[number];

export const findInvoice = (db: Db, id: string) => invoiceQuery(db).where('i.id', '=', id).executeTakeFirst();

/** The invoice row, locked for the rest of the transaction (its status and version are decided on). */
export const lockInvoice = (db: Db, id: string) =>
  db
    .selectFrom('invoices')
    .select([
      'id',
      'user_id',
      'status',
      'version',
      'vendor_id',
      sql<string>`invoice_date::text`.as('invoice_date'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export interface InvoiceFilters {
  userId?: string;
  status?: InvoiceStatus;
  category?: InvoiceCategory;
  kind?: InvoiceKind;
  vendorId?: string;
  search?: string;
  from?: string;
  to?: string;
}

function filtered(db: Db, filters: InvoiceFilters) {
  let query = invoiceQuery(db);
  if (filters.userId) query = query.where('i.user_id', '=', filters.userId);
  if (filters.status) query = query.where('i.status', '=', filters.status);
  if (filters.category) query = query.where('i.category', '=', filters.category);
  if (filters.kind) query = query.where('i.kind', '=', filters.kind);
  if (filters.vendorId) query = query.where('i.vendor_id', '=', filters.vendorId);
  if (filters.from) query = query.where('i.invoice_date', '>=', filters.from);
  if (filters.to) query = query.where('i.invoice_date', '<=', filters.to);
  const search = filters.search?.trim();
  if (search) {
    // Names, reference ids, the submitter and the vendor, without Vietnamese accents.
    const term = sql`'%' || bo_unaccent(lower(${search})) || '%'`;
    query = query.where(
      sql<SqlBool>`(i.search_text like ${term} or u.search_text like ${term}
        or bo_unaccent(lower(coalesce(v.name, ''))) like ${term})`,
    );
  }
  return query;
}

/** A page of invoices: newest first, or (the review queue) oldest first; the id breaks ties. */
export async function listInvoices(
  db: Db,
  filters: InvoiceFilters,
  window: PageWindow,
  sort: 'newest' | 'oldest' = 'newest',
) {
  const query = filtered(db, filters);
  const direction = sort === 'oldest' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    query
      .orderBy('i.created_at', direction)
      .orderBy('i.id', direction)
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

/**
 * Every invoice of the filters in batches, by invoice date then id (keyset: an export of hundreds of
 * thousands reads each row once and holds one batch).
 */
export async function* invoiceBatches(db: Db, filters: InvoiceFilters, size = 2000) {
  let after: { date: string; id: string } | null = null;
  for (;;) {
    let query = filtered(db, filters);
    if (after) {
      const { date, id } = after;
      query = query.where(sql<SqlBool>`(i.invoice_date, i.id) > (${date}::date, ${id}::uuid)`);
    }
    const rows = await query.orderBy('i.invoice_date').orderBy('i.id').limit(size).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { date: last.invoice_date, id: last.id };
  }
}

/** How many invoices per status, and the pending amount. */
export async function countByStatus(db: Db) {
  return db
    .selectFrom('invoices')
    .select([
      'status',
      sql<number>`count(*)::int`.as('count'),
      sql<string>`coalesce(sum(amount), 0)::text`.as('amount'),
    ])
    .groupBy('status')
    .execute();
}

export interface InvoiceValues {
  name: string;
  invoice_date: string;
  reference_id: string | null;
  amount: bigint;
  category: InvoiceCategory;
  kind: InvoiceKind;
  vendor_id: string | null;
}

export async function insertInvoice(
  db: Db,
  values: InvoiceValues & { user_id: string; created_by: string | null },
): Promise<string> {
  const row = await db.insertInto('invoices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes an invoice's fields; the version moves on. */
export async function updateInvoice(db: Db, id: string, values: InvoiceValues): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface StatusValues {
  status: InvoiceStatus;
  payment_date: string | null;
  rejection_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
}

/** Pays, rejects or reopens; the version moves on. */
export async function setInvoiceStatus(db: Db, id: string, values: StatusValues): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes an invoice; its attachment rows go with it (the files are the caller's to remove). */
export async function deleteInvoice(db: Db, id: string): Promise<void> {
  await db.deleteFrom('invoices').where('id', '=', id).execute();
}

export const listAttachments = (db: Db, invoiceIds: readonly string[]) =>
  invoiceIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('invoice_attachments')
        .selectAll()
        .where('invoice_id', 'in', [...invoiceIds])
        .orderBy('created_at')
        .orderBy('position')
        .orderBy('id')
        .execute();
export type AttachmentRow = Awaited<ReturnType<typeof listAttachments>>[number];

export const findAttachment = (db: Db, invoiceId: string, attachmentId: string) =>
  db
    .selectFrom('invoice_attachments')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();

export interface NewAttachment {
  invoice_id: string;
  storage_key: string;
  file_name: string;
  content_type: DetectedType;
  size_bytes: number;
  sha256: string;
  position: number;
  created_by: string | null;
}

export async function insertAttachments(db: Db, rows: readonly NewAttachment[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('invoice_attachments')
      .values([...rows])
      .execute();
}

/** Removes attachment rows of an invoice; returns their storage keys (the files to delete after commit). */
export async function deleteAttachments(
  db: Db,
  invoiceId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('invoice_attachments')
    .where('invoice_id', '=', invoiceId)
    .where('id', 'in', [...ids])
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}

/** People by id, with what mails to them need (the accounts area's table, read only). */
export function listPeople(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'avatar_url', 'language', 'status', 'deleted_at'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Which of these storage keys an attachment row still names (the rest are orphans). */
export async function keptStorageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('invoice_attachments')
    .select('storage_key')
    .where('storage_key', 'in', [...keys])
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}
