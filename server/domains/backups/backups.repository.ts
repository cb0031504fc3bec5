import { sql, type Selectable, type Insertable, type Updateable } from 'kysely';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';
import type { BackupConfigurationsTable, BackupLogsTable } from '../../db/database.ts';

export type BackupConfigurationRecord = Selectable<BackupConfigurationsTable>;
export type BackupLogRecord = Selectable<BackupLogsTable>;

/** Every backup configuration, by name. */
export function listConfigurations(db: Db) {
  return db
    .selectFrom('backup_configurations')
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export function findConfiguration(db: Db, id: string, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('backup_configurations').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function findConfigurationByName(db: Db, name: string) {
  return db.selectFrom('backup_configurations').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function insertConfiguration(
  db: Db,
  values: Insertable<BackupConfigurationsTable>,
): Promise<string> {
  const row = await db
    .insertInto('backup_configurations')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConfiguration(db: Db, id: string, values: Updateable<BackupConfigurationsTable>) {
  await db
    .updateTable('backup_configurations')
    .set({ ...values, updated_at: sql`now()` as never })
    .where('id', '=', id)
    .execute();
}

export async function deleteConfiguration(db: Db, id: string) {
  await db.deleteFrom('backup_configurations').where('id', '=', id).execute();
}

/** The latest log of each configuration. */
export function latestLogs(db: Db, configurationIds: string[]) {
  if (configurationIds.length === 0) return Promise.resolve([] as BackupLogRecord[]);
  return db
    .selectFrom('backup_logs')
    .selectAll()
    .distinctOn('configuration_id')
    .where('configuration_id', 'in', configurationIds)
    .orderBy('configuration_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A page of one configuration's logs, newest first. */
export async function listLogs(db: Db, configurationId: string, window: PageWindow) {
  const base = db.selectFrom('backup_logs').where('configuration_id', '=', configurationId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export function findLog(db: Db, id: string) {
  return db.selectFrom('backup_logs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertLog(db: Db, values: Insertable<BackupLogsTable>): Promise<string> {
  const row = await db.insertInto('backup_logs').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLog(db: Db, id: string, values: Updateable<BackupLogsTable>) {
  await db.updateTable('backup_logs').set(values).where('id', '=', id).execute();
}

/** Takes the queued runs (each once, even with several workers): they become RUNNING. */
export function claimQueuedLogs(db: Db, limit: number) {
  return db
    .updateTable('backup_logs')
    .set({ status: 'RUNNING' })
    .where(
      'id',
      'in',
      db
        .selectFrom('backup_logs')
        .select('id')
        .where('status', '=', 'QUEUED')
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** Whether a run of this configuration is queued or under way (run now twice queues one run). */
export async function hasPendingRun(db: Db, configurationId: string) {
  const row = await db
    .selectFrom('backup_logs')
    .select('id')
    .where('configuration_id', '=', configurationId)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .executeTakeFirst();
  return row !== undefined;
}

const PERIOD = { DAILY: '1 day', WEEKLY: '7 days', MONTHLY: '1 month' } as const;

/**
 * Active configurations due a scheduled run: none started within their period (less an hour, so a
 * run at 02:05 yesterday does not push today's to 03:00), and none queued or running.
 */
export function listDueConfigurations(db: Db) {
  return db
    .selectFrom('backup_configurations as c')
    .selectAll('c')
    .where('c.active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('backup_logs as l')
            .select('l.id')
            .whereRef('l.configuration_id', '=', 'c.id')
            .where((eb) =>
              eb.or([
                eb('l.status', 'in', ['QUEUED', 'RUNNING']),
                eb(
                  'l.created_at',
                  '>',
                  sql<Date>`now() - (case c.frequency when 'DAILY' then interval '${sql.raw(PERIOD.DAILY)}' when 'WEEKLY' then interval '${sql.raw(PERIOD.WEEKLY)}' else interval '${sql.raw(PERIOD.MONTHLY)}' end) + interval '1 hour'`,
                ),
              ]),
            ),
        ),
      ),
    )
    .orderBy('c.id')
    .execute();
}

/** The archives a configuration's runs made (the candidates of its retention). */
export async function archiveNamesOf(db: Db, configurationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('backup_logs')
    .select('archive_name')
    .where('configuration_id', '=', configurationId)
    .where('archive_name', 'is not', null)
    .execute();
  return rows.map((row) => row.archive_name!);
}

/** The newest successful run of each active configuration: what the monthly drill restores. */
export function latestSucceededLogs(db: Db) {
  return db
    .selectFrom('backup_logs as l')
    .innerJoin('backup_configurations as c', 'c.id', 'l.configuration_id')
    .selectAll('l')
    .distinctOn('l.configuration_id')
    .where('c.active', '=', true)
    .where('l.status', '=', 'SUCCEED')
    .where('l.archive_name', 'is not', null)
    .orderBy('l.configuration_id')
    .orderBy('l.created_at', 'desc')
    .execute();
}

/** Runs left RUNNING by a worker that died: marked failed so the configuration can run again. */
export function failAbandonedRuns(db: Db, olderThanHours: number) {
  return db
    .updateTable('backup_logs')
    .set({ status: 'FAILED', error: 'interrupted', finished_at: sql`now()` as never })
    .where('status', '=', 'RUNNING')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${olderThanHours})`)
    .returning('id')
    .execute();
}
