import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * The leave area's settings tables: absence types, holidays, the absence rules (one `app_settings`
 * row, 'leave.rules', written only here) and approvers' substitutes.
 */

export const RULES_KEY = 'leave.rules';

export function listAbsenceTypes(db: Db) {
  return db
    .selectFrom('absence_types as t')
    .selectAll('t')
    .select(sql<boolean>`exists (select 1 from leave_requests r where r.absence_type_id = t.id)`.as('in_use'))
    .orderBy('t.position')
    .orderBy('t.name')
    .execute();
}
export type AbsenceTypeRow = Awaited<ReturnType<typeof listAbsenceTypes>>[number];

export function findAbsenceType(db: Db, id: string) {
  return db.selectFrom('absence_types').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the catalogue while it is replaced: two editors save one after the other. */
export async function lockAbsenceTypes(db: Db): Promise<void> {
  await sql`lock table absence_types in share row exclusive mode`.execute(db);
}

export interface AbsenceTypeValues {
  name: string;
  total_day: number | null;
  counts_against_balance: boolean;
  accrual: 'UPFRONT' | 'MONTHLY';
  seniority_bonus: boolean;
  carry_forward_max_days: number;
  carry_forward_expires: string | null;
  min_notice_days: number;
  allow_half_day: boolean;
  attachment_after_days: number | null;
  paid: boolean;
  active: boolean;
  position: number;
}

export async function insertAbsenceType(db: Db, values: AbsenceTypeValues): Promise<string> {
  const row = await db
    .insertInto('absence_types')
    .values({ ...values, carry_forward_max_days: String(values.carry_forward_max_days) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAbsenceType(db: Db, id: string, values: AbsenceTypeValues): Promise<void> {
  await db
    .updateTable('absence_types')
    .set({ ...values, carry_forward_max_days: String(values.carry_forward_max_days), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteAbsenceTypes(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('absence_types')
      .where('id', 'in', [...ids])
      .execute();
}

export async function findRules(db: Db): Promise<unknown> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', RULES_KEY)
    .executeTakeFirst();
  return row?.value;
}

export async function saveRules(db: Db, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('app_settings')
    .values({ key: RULES_KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}

// ---- Holidays -----------------------------------------------------------------------------------

export function listHolidays(db: Db, range: { from?: string; to?: string } = {}) {
  let query = db.selectFrom('holidays').selectAll();
  if (range.from) query = query.where('end_date', '>=', range.from);
  if (range.to) query = query.where('start_date', '<=', range.to);
  return query.orderBy('start_date').orderBy('id').execute();
}
export type HolidayRow = Awaited<ReturnType<typeof listHolidays>>[number];

export function findHoliday(db: Db, id: string, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('holidays').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface HolidayValues {
  name: string;
  start_date: string;
  end_date: string;
  description: string | null;
}

export async function insertHoliday(db: Db, values: HolidayValues): Promise<string> {
  const row = await db.insertInto('holidays').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHoliday(db: Db, id: string, values: HolidayValues): Promise<void> {
  await db
    .updateTable('holidays')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteHoliday(db: Db, id: string): Promise<void> {
  await db.deleteFrom('holidays').where('id', '=', id).execute();
}

// ---- Substitutes --------------------------------------------------------------------------------

export async function findSubstituteId(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('leave_substitutes')
    .select('substitute_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.substitute_id ?? null;
}

export async function setSubstitute(db: Db, userId: string, substituteId: string | null): Promise<void> {
  if (!substituteId) {
    await db.deleteFrom('leave_substitutes').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('leave_substitutes')
    .values({ user_id: userId, substitute_id: substituteId })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ substitute_id: substituteId, updated_at: new Date() }),
    )
    .execute();
}

// ---- Calendar feeds -----------------------------------------------------------------------------

export function listFeeds(db: Db, ownerId: string) {
  return db
    .selectFrom('leave_calendar_feeds as f')
    .leftJoin('departments as d', 'd.id', 'f.department_id')
    .select(['f.id', 'f.scope', 'f.department_id', 'f.created_at', 'd.name as department_name'])
    .where('f.owner_id', '=', ownerId)
    .where('f.revoked_at', 'is', null)
    .orderBy('f.created_at')
    .execute();
}

export async function insertFeed(
  db: Db,
  values: {
    owner_id: string;
    scope: 'PERSON' | 'DEPARTMENT';
    department_id: string | null;
    token_hash: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('leave_calendar_feeds')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findFeed(db: Db, id: string) {
  return db.selectFrom('leave_calendar_feeds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFeedByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('leave_calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.owner_id')
    .select([
      'f.id',
      'f.owner_id',
      'f.scope',
      'f.department_id',
      'u.status as owner_status',
      'u.deleted_at as owner_deleted_at',
    ])
    .where('f.token_hash', '=', tokenHash)
    .where('f.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function revokeFeed(db: Db, id: string): Promise<void> {
  await db.updateTable('leave_calendar_feeds').set({ revoked_at: new Date() }).where('id', '=', id).execute();
}
