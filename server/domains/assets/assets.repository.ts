import { sql, type SqlBool } from 'kysely';
import type { AssetStatus, AssetType, AssetSort, AssetValueBand } from '../../../shared/assets.schemas.ts';
import type { CiaLabel, ConfidentialityLabel } from '../../../shared/rules/asset-value.ts';
import { inBatches, type PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/** Assets and their assignee history; reads of people (the accounts area's table) for names. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ASSET_COLUMNS = [
  'a.id',
  'a.name',
  'a.type',
  'a.status',
  'a.serial_number',
  'a.quantity',
  'a.storage_bytes',
  'a.processors',
  'a.priority',
  'a.kind',
  'a.description',
  'a.location',
  'a.owner_id',
  'a.confidentiality',
  'a.integrity',
  'a.availability',
  'a.security_value',
  'a.assignee_id',
  'a.assigned_at',
  'a.version',
  'a.created_at',
  'a.updated_at',
] as const;

const PERSON = (alias: 'o' | 'p') =>
  [
    `${alias}.first_name as ${alias}_first_name`,
    `${alias}.last_name as ${alias}_last_name`,
    `${alias}.email as ${alias}_email`,
    `${alias}.avatar_url as ${alias}_avatar_url`,
    `${alias}.status as ${alias}_status`,
    `${alias}.deleted_at as ${alias}_deleted_at`,
  ] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('assets as a')
    .leftJoin('users as o', 'o.id', 'a.owner_id')
    .leftJoin('users as p', 'p.id', 'a.assignee_id')
    .where('a.deleted_at', 'is', null);
}

function withColumns(query: ReturnType<typeof baseQuery>) {
  return query.select([...ASSET_COLUMNS, ...PERSON('o'), ...PERSON('p')]);
}

export async function findAsset(db: Db, id: string, options: { lock?: boolean } = {}) {
  const row = await withColumns(baseQuery(db)).where('a.id', '=', id).executeTakeFirst();
  if (row && options.lock)
    await db.selectFrom('assets').select('id').where('id', '=', id).forUpdate().execute();
  return row;
}
export type AssetRow = NonNullable<Awaited<ReturnType<typeof findAsset>>>;

export interface AssetFilters {
  search?: string;
  type?: AssetType;
  status?: AssetStatus;
  band?: AssetValueBand;
  assigned?: boolean;
  assigneeId?: string;
  inactiveAssignee?: boolean;
  sort?: AssetSort;
}

const BAND_RANGE: Record<AssetValueBand, [number, number]> = { LOW: [3, 4], MEDIUM: [5, 6], HIGH: [7, 9] };

function applyFilters(query: ReturnType<typeof baseQuery>, filters: AssetFilters) {
  let q = query;
  if (filters.assigneeId) q = q.where('a.assignee_id', '=', filters.assigneeId);
  if (filters.assigned === true) q = q.where('a.assignee_id', 'is not', null);
  if (filters.assigned === false) q = q.where('a.assignee_id', 'is', null);
  if (filters.type) q = q.where('a.type', '=', filters.type);
  if (filters.status) q = q.where('a.status', '=', filters.status);
  if (filters.band) {
    const [low, high] = BAND_RANGE[filters.band];
    q = q.where('a.security_value', '>=', low).where('a.security_value', '<=', high);
  }
  if (filters.inactiveAssignee)
    q = q.where(sql<SqlBool>`p.id is not null and (p.status <> 'ACTIVE' or p.deleted_at is not null)`);
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    q = q.where((eb) => eb.or([eb('a.name', 'ilike', pattern), eb('a.serial_number', 'ilike', pattern)]));
  }
  return q;
}

const ORDER: Record<AssetSort, ReturnType<typeof sql>> = {
  name: sql`lower(a.name) asc, a.id asc`,
  '-name': sql`lower(a.name) desc, a.id desc`,
  securityValue: sql`a.security_value asc, lower(a.name) asc, a.id asc`,
  '-securityValue': sql`a.security_value desc, lower(a.name) asc, a.id asc`,
  createdAt: sql`a.created_at asc, a.id asc`,
  '-createdAt': sql`a.created_at desc, a.id desc`,
};

/** The two statements of a page of the list (the benchmark runs the very same on bare pg). */
export function assetListQueries(db: Db, filters: AssetFilters, window: PageWindow) {
  const query = applyFilters(baseQuery(db), filters);
  return {
    rows: withColumns(query)
      .orderBy(ORDER[filters.sort ?? 'name'])
      .offset(window.offset)
      .limit(window.limit),
    count: query.select(sql<number>`count(*)::int`.as('total')),
  };
}

/** A page of live assets in the chosen order (the id last: a stable order). */
export async function listAssets(db: Db, filters: AssetFilters, window: PageWindow) {
  const queries = assetListQueries(db, filters, window);
  const [rows, count] = await Promise.all([queries.rows.execute(), queries.count.executeTakeFirstOrThrow()]);
  return { rows, total: count.total };
}

/** Every matching asset, a batch at a time (exports), in name order. */
export async function* iterateAssets(db: Db, filters: AssetFilters, batchSize = 1000) {
  yield* inBatches(
    (offset, limit) =>
      withColumns(applyFilters(baseQuery(db), filters))
        .orderBy(ORDER[filters.sort ?? 'name'])
        .offset(offset)
        .limit(limit)
        .execute(),
    batchSize,
  );
}

export interface AssetValues {
  name: string;
  type: AssetType;
  status: AssetStatus;
  serial_number: string | null;
  quantity: number;
  storage_bytes: string | null;
  processors: string | null;
  priority: number;
  kind: number;
  description: string | null;
  location: string | null;
  owner_id: string | null;
  confidentiality: ConfidentialityLabel;
  integrity: CiaLabel;
  availability: CiaLabel;
  security_value: number;
}

export async function insertAsset(
  db: Db,
  values: AssetValues & { created_by: string | null },
): Promise<string> {
  const row = await db.insertInto('assets').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAsset(
  db: Db,
  ids: string | readonly string[],
  values: Partial<AssetValues> & { assignee_id?: string | null; assigned_at?: Date | null },
): Promise<void> {
  const list = typeof ids === 'string' ? [ids] : [...ids];
  if (list.length === 0) return;
  await db
    .updateTable('assets')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', 'in', list)
    .execute();
}

export async function softDeleteAsset(db: Db, id: string): Promise<void> {
  await db
    .updateTable('assets')
    .set({ deleted_at: new Date(), version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Live assets of these ids, locked for the caller's transaction (bulk actions). */
export function lockAssets(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('assets')
    .select(['id', 'name', 'serial_number', 'status', 'assignee_id'])
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Live assets with these serial numbers per type (uniqueness checks before a write). */
export function findBySerials(db: Db, pairs: ReadonlyArray<{ type: AssetType; serial: string }>) {
  if (pairs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('assets')
    .select(['id', 'type', 'serial_number'])
    .where('deleted_at', 'is', null)
    .where(
      sql<SqlBool>`(type, lower(serial_number)) in (${sql.join(
        pairs.map((p) => sql`(${p.type}, ${p.serial.toLowerCase()})`),
      )})`,
    )
    .execute();
}

// ---- Assignee history -----------------------------------------------------------------------------

export async function openAssignments(
  db: Db,
  rows: ReadonlyArray<{ asset_id: string; user_id: string }>,
  assignedBy: string | null,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('asset_assignments')
    .values(rows.map((row) => ({ ...row, assigned_by: assignedBy, assigned_at: at })))
    .execute();
}

/** Ends the open assignments of these assets (a check-in, a hand-over to someone else). */
export async function closeAssignments(
  db: Db,
  assetIds: readonly string[],
  returnedBy: string | null,
  at: Date,
): Promise<void> {
  if (assetIds.length === 0) return;
  await db
    .updateTable('asset_assignments')
    .set({ returned_at: at, returned_by: returnedBy })
    .where('asset_id', 'in', [...assetIds])
    .where('returned_at', 'is', null)
    .execute();
}

/** Who held the asset, latest first. */
export function listAssignments(db: Db, assetId: string) {
  return db
    .selectFrom('asset_assignments as h')
    .innerJoin('users as p', 'p.id', 'h.user_id')
    .leftJoin('users as b', 'b.id', 'h.assigned_by')
    .leftJoin('users as r', 'r.id', 'h.returned_by')
    .select([
      'h.id',
      'h.user_id',
      'h.assigned_at',
      'h.returned_at',
      'p.first_name',
      'p.last_name',
      'p.email',
      'p.avatar_url',
      'p.status',
      'p.deleted_at',
      sql<string | null>`nullif(concat_ws(' ', b.first_name, b.last_name), '')`.as('assigned_by_name'),
      sql<string | null>`nullif(concat_ws(' ', r.first_name, r.last_name), '')`.as('returned_by_name'),
    ])
    .where('h.asset_id', '=', assetId)
    .orderBy('h.assigned_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}

// ---- People -------------------------------------------------------------------------------------

/** The people behind ids (assignee and owner checks): status and deletion included. */
export function findPeople(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'status', 'deleted_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** People by email (imports name owners and assignees by email). */
export function findPeopleByEmails(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'status', 'deleted_at'])
    .where(sql<SqlBool>`lower(email) in (${sql.join([...new Set(emails.map((e) => e.toLowerCase()))])})`)
    .execute();
}

/** Active people by name: a picker's choices. */
export function listActivePeople(db: Db, search: string | undefined, limit = 20) {
  let query = db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'avatar_url'])
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where('user_type', '<>', 'EXTERNAL');
  const text = search?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`concat_ws(' ', first_name, last_name)`, 'ilike', pattern),
        eb('email', 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('first_name').orderBy('last_name').orderBy('id').limit(limit).execute();
}
