import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { DeviceVersionRequirementsTable, WorkDevicesTable } from '../../db/tables/devices.ts';
import type { EnforcementKind } from './enforcement-types.ts';

/** Work devices, version requirements, update settings, enforcements and exemptions (issue 19 part A). */

/** `= any($1::uuid[])`: one parameter for any number of people (a company-wide re-evaluation). */
const anyOf = (userIds: readonly string[]) => sql<string>`any(${sql.val(userIds)}::uuid[])`;

export type WorkDeviceRecord = Selectable<WorkDevicesTable>;
export type RequirementRecord = Selectable<DeviceVersionRequirementsTable>;

export function listDevicesOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([] as WorkDeviceRecord[]);
  return db
    .selectFrom('work_devices')
    .selectAll()
    .where('user_id', '=', anyOf(userIds))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findDevice(db: Db, id: string, options: { lock?: boolean } = {}) {
  const query = db.selectFrom('work_devices').selectAll().where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertDevice(db: Db, values: Insertable<WorkDevicesTable>): Promise<string> {
  const row = await db.insertInto('work_devices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDevice(
  db: Db,
  id: string,
  values: Omit<Updateable<WorkDevicesTable>, 'id' | 'user_id' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('work_devices')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteDevice(db: Db, id: string): Promise<void> {
  await db.deleteFrom('work_devices').where('id', '=', id).execute();
}

export function listRequirements(db: Db) {
  return db.selectFrom('device_version_requirements').selectAll().orderBy('kind').orderBy('name').execute();
}

export async function replaceRequirements(
  db: Db,
  rows: ReadonlyArray<{ kind: 'OS' | 'BROWSER'; name: string; latest_version: string; release_date: string }>,
): Promise<void> {
  await db.deleteFrom('device_version_requirements').execute();
  if (rows.length) await db.insertInto('device_version_requirements').values(rows).execute();
}

export async function findUpdateSettings(db: Db, options: { lock?: boolean } = {}) {
  const query = db.selectFrom('device_update_settings').selectAll().where('id', '=', true);
  return (options.lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

export async function saveUpdateSettings(
  db: Db,
  values: { grace_period_days: number; require_declaration: boolean; discord_check: boolean },
): Promise<void> {
  await db
    .updateTable('device_update_settings')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', true)
    .execute();
}

/** Active people: everyone the evaluation looks at when the requirements change. */
export async function listActivePeopleIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** People with at least one device: the evaluation's scope while declaring is not required. */
export async function listPeopleWithDevices(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('work_devices').select('user_id').distinct().execute();
  return rows.map((row) => row.user_id);
}

export function listEnforcements(db: Db, userIds: readonly string[], types?: readonly EnforcementKind[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  let query = db.selectFrom('security_enforcements').selectAll().where('user_id', '=', anyOf(userIds));
  if (types) query = query.where('type', 'in', types);
  return query.orderBy('user_id').orderBy('type').execute();
}
export type EnforcementRecord = Awaited<ReturnType<typeof listEnforcements>>[number];

/** The enforcements in force now, as the per-request statement reads them (request-actor.repository.ts). */
export async function listBlockingKinds(db: Db, userId: string): Promise<EnforcementKind[]> {
  const rows = await db
    .selectFrom('security_enforcements')
    .select('type')
    .where('user_id', '=', userId)
    .where('blocks_at', '<=', sql<Date>`now()`)
    .orderBy('type')
    .execute();
  return rows.map((row) => row.type);
}

export interface EnforcementWrite {
  user_id: string;
  type: EnforcementKind;
  blocks_at: Date;
  data: Record<string, unknown>;
}

/**
 * Writes (or rewrites) enforcement rows in one statement whatever their number: the rows travel as
 * one JSON parameter (a company-wide re-evaluation would pass PostgreSQL's 65,535 parameters as a
 * multi-row `values`).
 */
export async function upsertEnforcements(db: Db, rows: readonly EnforcementWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into security_enforcements (user_id, type, blocks_at, data)
    select user_id, type, blocks_at, data
    from json_populate_recordset(null::security_enforcements, ${JSON.stringify(rows)}::json)
    on conflict (user_id, type) do update
      set blocks_at = excluded.blocks_at, data = excluded.data, updated_at = now()`.execute(db);
}

export async function deleteEnforcements(
  db: Db,
  type: EnforcementKind,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await sql`
    delete from security_enforcements
    where type = ${type} and user_id = any(${sql.val(userIds)}::uuid[])`.execute(db);
}

export async function listExemptIds(db: Db, userIds?: readonly string[]): Promise<Set<string>> {
  let query = db.selectFrom('security_exemptions').select('user_id');
  if (userIds) {
    if (userIds.length === 0) return new Set();
    query = query.where('user_id', '=', anyOf(userIds));
  }
  return new Set((await query.execute()).map((row) => row.user_id));
}

export async function insertExemption(db: Db, userId: string, reason: string | null): Promise<boolean> {
  const result = await db
    .insertInto('security_exemptions')
    .values({ user_id: userId, reason })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteExemption(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('security_exemptions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Active people with their department, for the compliance report. */
export function listPeopleForCompliance(db: Db, departmentId?: string) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'd.name as department'])
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null);
  if (departmentId) query = query.where('u.department_id', '=', departmentId);
  return query.orderBy('d.name').orderBy('u.email').execute();
}

/** People with an enforcement of these kinds (to lift it when the rules loosen). */
export async function listEnforcedUserIds(db: Db, types: readonly EnforcementKind[]): Promise<string[]> {
  const rows = await db
    .selectFrom('security_enforcements')
    .select('user_id')
    .distinct()
    .where('type', 'in', types)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Active people and the Discord account linked to them (read from the people's table). */
export function listPeopleChatAccounts(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'discord_account_id'])
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .orderBy('email')
    .execute();
}
