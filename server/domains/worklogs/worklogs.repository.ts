import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { PageWindow } from '../../core/paging.ts';

/** Work logs and their locks; reads of projects and their members (the projects area's tables). */

/** Serialises one person's work-log writes: two saves cannot both pass the 24-hour day. */
export async function lockPersonWorkLogs(db: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('worklogs:' || ${userId}))`.execute(db);
}

function logQuery(db: Db) {
  return db
    .selectFrom('work_logs as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .innerJoin('projects as p', 'p.id', 'w.project_id')
    .selectAll('w')
    .select(['u.first_name', 'u.last_name', 'u.email', 'p.name as project_name']);
}
export type WorkLogRow = Awaited<ReturnType<ReturnType<typeof logQuery>['execute']>>[number];

export const findWorkLog = (db: Db, id: string) => logQuery(db).where('w.id', '=', id).executeTakeFirst();

export const lockWorkLog = (db: Db, id: string) =>
  db.selectFrom('work_logs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export interface WorkLogFilters {
  /** Logs of this person, or (with `orProjectIds`) of these projects. */
  userId?: string;
  /** 'all', or the projects whose logs are in view; with `userId`, either matches. */
  projectIds?: 'all' | readonly string[];
  personId?: string;
  projectId?: string;
  jiraTask?: string;
  search?: string;
  from?: string;
  to?: string;
}

/** A page of logs, newest day first (then newest written, then id: a stable order). */
export async function listWorkLogs(db: Db, filters: WorkLogFilters, window: PageWindow) {
  let query = logQuery(db);
  const scope = filters.projectIds;
  if (scope !== 'all') {
    const ids = [...(scope ?? [])];
    query = query.where((eb) =>
      eb.or([
        ...(filters.userId ? [eb('w.user_id', '=', filters.userId)] : []),
        ...(ids.length > 0 ? [eb('w.project_id', 'in', ids)] : []),
        ...(filters.userId || ids.length > 0 ? [] : [sql<boolean>`false`]),
      ]),
    );
  }
  if (filters.personId) query = query.where('w.user_id', '=', filters.personId);
  if (filters.projectId) query = query.where('w.project_id', '=', filters.projectId);
  if (filters.jiraTask)
    query = query.where(sql<boolean>`${filters.jiraTask.toUpperCase()} = any(w.jira_task_keys)`);
  if (filters.search) query = query.where('w.description', 'ilike', `%${escapeLike(filters.search)}%`);
  if (filters.from) query = query.where('w.work_date', '>=', filters.from);
  if (filters.to) query = query.where('w.work_date', '<=', filters.to);
  const [rows, count] = await Promise.all([
    query
      .orderBy('w.work_date', 'desc')
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .select(sql<number>`coalesce(sum(w.minutes), 0)::int`.as('minutes'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The person's logs between two days (the week grid). */
export const listPersonLogs = (db: Db, userId: string, from: string, to: string) =>
  logQuery(db)
    .where('w.user_id', '=', userId)
    .where('w.work_date', '>=', from)
    .where('w.work_date', '<=', to)
    .orderBy('p.name')
    .orderBy('w.description')
    .orderBy('w.work_date')
    .orderBy('w.id')
    .execute();

/** Minutes the person has logged on each of `days`, leaving out the logs in `exclude`. */
export async function minutesPerDay(
  db: Db,
  userId: string,
  days: readonly string[],
  exclude: readonly string[] = [],
): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  let query = db
    .selectFrom('work_logs')
    .select([sql<string>`work_date::text`.as('day'), sql<number>`sum(minutes)::int`.as('minutes')])
    .where('user_id', '=', userId)
    .where('work_date', 'in', [...days])
    .groupBy('work_date');
  if (exclude.length > 0) query = query.where('id', 'not in', [...exclude]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.day, row.minutes]));
}

export interface WorkLogValues {
  project_id: string;
  work_date: string;
  minutes: number;
  description: string;
  jira_task_keys: string[];
}

export async function insertWorkLogs(
  db: Db,
  userId: string,
  createdBy: string | null,
  values: readonly WorkLogValues[],
): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insertInto('work_logs')
    .values(values.map((v) => ({ ...v, user_id: userId, created_by: createdBy })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function updateWorkLog(db: Db, id: string, values: Partial<WorkLogValues>): Promise<void> {
  await db
    .updateTable('work_logs')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteWorkLogs(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('work_logs')
    .where('id', 'in', [...ids])
    .execute();
}

// ---- Projects a person may log on ---------------------------------------------------------------

/** The person's memberships of live projects, with the dates they cover (one row per membership). */
export const listMemberships = (db: Db, userId: string) =>
  db
    .selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .select([
      'p.id',
      'p.name',
      'p.status as project_status',
      'c.name as client_name',
      'm.status',
      sql<string | null>`m.joined_at::text`.as('joined_at'),
      sql<string | null>`m.exited_at::text`.as('exited_at'),
    ])
    .where('m.user_id', '=', userId)
    .where('m.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
export type MembershipRow = Awaited<ReturnType<typeof listMemberships>>[number];

export const findProjectNames = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('projects')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .where('deleted_at', 'is', null)
        .execute();

// ---- Locks --------------------------------------------------------------------------------------

/** Locks in force that touch the range, for these projects (and those over every project). */
export const listActiveLocks = (db: Db, projectIds: readonly string[] | 'all', from: string, to: string) => {
  let query = db
    .selectFrom('work_log_locks')
    .select([
      'id',
      'project_id',
      sql<string>`starts_on::text`.as('starts_on'),
      sql<string>`ends_on::text`.as('ends_on'),
    ])
    .where('lifted_at', 'is', null)
    .where('starts_on', '<=', to)
    .where('ends_on', '>=', from);
  if (projectIds !== 'all')
    query = query.where((eb) =>
      eb.or([
        eb('project_id', 'is', null),
        ...(projectIds.length > 0 ? [eb('project_id', 'in', [...projectIds])] : []),
      ]),
    );
  return query.execute();
};
export type ActiveLockRow = Awaited<ReturnType<typeof listActiveLocks>>[number];

function lockQuery(db: Db) {
  return db
    .selectFrom('work_log_locks as l')
    .leftJoin('projects as p', 'p.id', 'l.project_id')
    .leftJoin('users as a', 'a.id', 'l.locked_by')
    .leftJoin('users as b', 'b.id', 'l.lifted_by')
    .select([
      'l.id',
      'l.project_id',
      'p.name as project_name',
      sql<string>`l.starts_on::text`.as('starts_on'),
      sql<string>`l.ends_on::text`.as('ends_on'),
      'l.note',
      'l.created_at',
      'l.lifted_at',
      sql<string | null>`trim(a.first_name || ' ' || a.last_name)`.as('locked_by_name'),
      sql<string | null>`trim(b.first_name || ' ' || b.last_name)`.as('lifted_by_name'),
    ]);
}
export type LockRow = Awaited<ReturnType<ReturnType<typeof lockQuery>['execute']>>[number];

export const findLock = (db: Db, id: string) => lockQuery(db).where('l.id', '=', id).executeTakeFirst();

/** A page of locks, the latest period first; `projectIds` limits them to those projects' (and company-wide) locks. */
export async function listLocks(
  db: Db,
  filters: { projectIds: 'all' | readonly string[]; projectId?: string; includeLifted?: boolean },
  window: PageWindow,
) {
  let query = lockQuery(db);
  if (filters.projectIds !== 'all') {
    const ids = [...filters.projectIds];
    query = query.where((eb) =>
      eb.or([eb('l.project_id', 'is', null), ...(ids.length > 0 ? [eb('l.project_id', 'in', ids)] : [])]),
    );
  }
  if (filters.projectId) query = query.where('l.project_id', '=', filters.projectId);
  if (!filters.includeLifted) query = query.where('l.lifted_at', 'is', null);
  const [rows, count] = await Promise.all([
    query
      .orderBy('l.starts_on', 'desc')
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id')
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

export async function insertLock(
  db: Db,
  values: {
    project_id: string | null;
    starts_on: string;
    ends_on: string;
    note: string | null;
    locked_by: string | null;
  },
): Promise<string> {
  const row = await db.insertInto('work_log_locks').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function liftLock(db: Db, id: string, liftedBy: string | null): Promise<boolean> {
  const result = await db
    .updateTable('work_log_locks')
    .set({ lifted_at: new Date(), lifted_by: liftedBy })
    .where('id', '=', id)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
