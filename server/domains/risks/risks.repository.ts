import { sql, type SqlBool } from 'kysely';
import type { RiskLevelBand, RiskSort, RiskState, TreatmentMethod } from '../../../shared/risks.schemas.ts';
import type { AssetValueBand } from '../../../shared/rules/asset-value.ts';
import { inBatches, type PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';
import type { RisksTable } from '../../db/database.ts';
import type { Insertable, Updateable } from 'kysely';

/** The risk register; reads of assets and people (other areas' tables) for names and values. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const person = <A extends 'ro' | 'ao' | 'sb' | 'db'>(alias: A) =>
  [
    `${alias}.first_name as ${alias}_first_name`,
    `${alias}.last_name as ${alias}_last_name`,
    `${alias}.email as ${alias}_email`,
    `${alias}.avatar_url as ${alias}_avatar_url`,
  ] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('risks as r')
    .innerJoin('assets as a', 'a.id', 'r.asset_id')
    .leftJoin('users as ro', 'ro.id', 'r.risk_owner_id')
    .leftJoin('users as ao', 'ao.id', 'a.owner_id')
    .leftJoin('users as sb', 'sb.id', 'r.submitted_by')
    .leftJoin('users as db', 'db.id', 'r.decided_by')
    .leftJoin('risks as pr', 'pr.id', 'r.parent_risk_id')
    .where('r.deleted_at', 'is', null);
}

function withColumns(query: ReturnType<typeof baseQuery>) {
  return query
    .selectAll('r')
    .select([
      'a.name as asset_name',
      'a.security_value as asset_value',
      'a.owner_id as asset_owner_id',
      'pr.name as parent_name',
      ...person('ro'),
      ...person('ao'),
      ...person('sb'),
      ...person('db'),
    ]);
}

export async function findRisk(db: Db, id: string, options: { lock?: boolean } = {}) {
  if (options.lock) await db.selectFrom('risks').select('id').where('id', '=', id).forUpdate().execute();
  return withColumns(baseQuery(db)).where('r.id', '=', id).executeTakeFirst();
}
export type RiskRow = NonNullable<Awaited<ReturnType<typeof findRisk>>>;

export interface RiskFilters {
  search?: string;
  state?: RiskState;
  band?: RiskLevelBand;
  treatmentMethod?: TreatmentMethod;
  assetId?: string;
  riskOwnerId?: string;
  residual?: boolean;
  sort?: RiskSort;
}

const LEVEL_RANGE: Record<RiskLevelBand, [number, number]> = {
  LOW: [1, 11],
  MEDIUM: [12, 23],
  HIGH: [24, 35],
  VERY_HIGH: [36, 48],
};

function applyFilters(query: ReturnType<typeof baseQuery>, filters: RiskFilters) {
  let q = query;
  if (filters.state) q = q.where('r.state', '=', filters.state);
  if (filters.band) {
    const [low, high] = LEVEL_RANGE[filters.band];
    q = q.where('r.risk_level', '>=', low).where('r.risk_level', '<=', high);
  }
  if (filters.treatmentMethod) q = q.where('r.treatment_method', '=', filters.treatmentMethod);
  if (filters.assetId) q = q.where('r.asset_id', '=', filters.assetId);
  if (filters.riskOwnerId) q = q.where('r.risk_owner_id', '=', filters.riskOwnerId);
  if (filters.residual === true) q = q.where('r.parent_risk_id', 'is not', null);
  if (filters.residual === false) q = q.where('r.parent_risk_id', 'is', null);
  const search = filters.search?.trim();
  if (search) q = q.where('r.name', 'ilike', `%${escapeLike(search)}%`);
  return q;
}

const ORDER: Record<RiskSort, ReturnType<typeof sql>> = {
  '-level': sql`r.risk_level desc, r.id asc`,
  level: sql`r.risk_level asc, r.id asc`,
  name: sql`lower(r.name) asc, r.id asc`,
  '-name': sql`lower(r.name) desc, r.id desc`,
  expectedCompletionDate: sql`r.expected_completion_date asc nulls last, r.id asc`,
  '-createdAt': sql`r.created_at desc, r.id desc`,
};

/** The two statements of a page of the register (the benchmark runs the very same on bare pg). */
export function riskListQueries(db: Db, filters: RiskFilters, window: PageWindow) {
  const query = applyFilters(baseQuery(db), filters);
  return {
    rows: withColumns(query)
      .orderBy(ORDER[filters.sort ?? '-level'])
      .offset(window.offset)
      .limit(window.limit),
    count: query.select(sql<number>`count(*)::int`.as('total')),
  };
}

/** A page of the register in the chosen order (highest level first by default; the id last). */
export async function listRisks(db: Db, filters: RiskFilters, window: PageWindow) {
  const queries = riskListQueries(db, filters, window);
  const [rows, count] = await Promise.all([queries.rows.execute(), queries.count.executeTakeFirstOrThrow()]);
  return { rows, total: count.total };
}

/** Every matching risk, a batch at a time (the export). */
export async function* iterateRisks(db: Db, filters: RiskFilters, batchSize = 1000) {
  yield* inBatches(
    (offset, limit) =>
      withColumns(applyFilters(baseQuery(db), filters))
        .orderBy(ORDER[filters.sort ?? '-level'])
        .offset(offset)
        .limit(limit)
        .execute(),
    batchSize,
  );
}

export async function insertRisk(db: Db, values: Insertable<RisksTable>): Promise<string> {
  const row = await db.insertInto('risks').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRisk(db: Db, id: string, values: Updateable<RisksTable>): Promise<void> {
  await db
    .updateTable('risks')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteRisk(db: Db, id: string): Promise<void> {
  await db
    .updateTable('risks')
    .set({ deleted_at: new Date(), version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The live residual risks of these risks. */
export function listResiduals(db: Db, parentIds: readonly string[]) {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('risks')
    .select(['id', 'parent_risk_id', 'name', 'state', 'risk_level'])
    .where('parent_risk_id', 'in', [...parentIds])
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// ---- Assets (the assets area's table, read) -------------------------------------------------------

export function findAssetValue(db: Db, assetId: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'name', 'security_value', 'owner_id'])
    .where('id', '=', assetId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The live risks of an asset, highest level first. */
export function listRisksOfAsset(db: Db, assetId: string) {
  return db
    .selectFrom('risks')
    .select(['id', 'name', 'impact', 'likelihood', 'risk_level', 'state'])
    .where('asset_id', '=', assetId)
    .where('deleted_at', 'is', null)
    .orderBy('risk_level', 'desc')
    .orderBy('id')
    .execute();
}

/** Recomputes the level of every live risk of an asset for its new band, in one statement. */
export async function setAssetBand(db: Db, assetId: string, band: AssetValueBand, factor: number) {
  const result = await db
    .updateTable('risks')
    .set({
      asset_band: band,
      risk_level: sql`impact * likelihood * ${factor}`,
      version: sql`version + 1`,
      updated_at: new Date(),
    })
    .where('asset_id', '=', assetId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- People ---------------------------------------------------------------------------------------

export function findPerson(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'status', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- The heat map and the worker ----------------------------------------------------------------

/** Risks by impact and likelihood, residual ones apart, with the highest level of each cell. */
export function heatCells(db: Db) {
  return db
    .selectFrom('risks')
    .select([
      sql<boolean>`parent_risk_id is not null`.as('residual'),
      'impact',
      'likelihood',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`max(risk_level)::int`.as('max_level'),
    ])
    .where('deleted_at', 'is', null)
    .where('state', '<>', 'CLOSED')
    .groupBy([sql`parent_risk_id is not null`, 'impact', 'likelihood'])
    .execute();
}

/**
 * Mitigated risks still being treated or monitored whose plan is past its expected completion
 * date and not yet flagged for that date, locked (two workers share, never repeat).
 */
export function lockOverduePlans(db: Db, today: string, limit: number) {
  return db
    .selectFrom('risks')
    .select(['id', 'name', 'risk_owner_id', 'expected_completion_date'])
    .where('deleted_at', 'is', null)
    .where('treatment_method', '=', 'MITIGATE')
    .where('state', 'in', ['MONITORING_IN_PROGRESS', 'MONITORING_REVIEW'])
    .where('expected_completion_date', '<', today)
    .where(sql<SqlBool>`overdue_flagged_for is distinct from expected_completion_date`)
    .orderBy('expected_completion_date')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Accepted risks whose acceptance is due for review and not yet flagged for that date, locked. */
export function lockReviewsDue(db: Db, today: string, limit: number) {
  return db
    .selectFrom('risks')
    .select(['id', 'name', 'risk_owner_id', 'review_due_date'])
    .where('deleted_at', 'is', null)
    .where('treatment_method', '=', 'ACCEPT')
    .where('review_due_date', '<=', today)
    .where(sql<SqlBool>`review_flagged_for is distinct from review_due_date`)
    .orderBy('review_due_date')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markFlagged(
  db: Db,
  column: 'overdue_flagged_for' | 'review_flagged_for',
  rows: ReadonlyArray<{ id: string; date: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`update risks r set ${sql.ref(column)} = v.date
    from unnest(${sql.val(rows.map((x) => x.id))}::uuid[], ${sql.val(rows.map((x) => x.date))}::date[]) as v(id, date)
    where r.id = v.id`.execute(db);
}

/** Of these people, the active ones (notifications go to them). */
export async function activePeople(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}
