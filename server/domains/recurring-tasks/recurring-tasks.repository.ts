import { sql, type SqlBool } from 'kysely';
import type { RecurrenceCycle } from '../../../shared/recurring-tasks.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/** Recurring tasks and their assignees; reads of people (the accounts area's table) for names. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const findTask = (db: Db, id: string, options: { lock?: boolean } = {}) => {
  const query = db
    .selectFrom('recurring_tasks')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
};
export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

export interface TaskFilters {
  search?: string;
  cycle?: RecurrenceCycle;
  active?: boolean;
  assigneeId?: string;
  /** Only the tasks this person is assigned to (someone who does not manage them). */
  visibleTo?: string;
}

const assignedTo = (userId: string) => sql<SqlBool>`exists (select 1 from recurring_task_assignees a
  where a.recurring_task_id = t.id and a.user_id = ${userId})`;

/** A page of live tasks by name (then id: a stable order). */
export async function listTasks(db: Db, filters: TaskFilters, window: PageWindow) {
  let query = db.selectFrom('recurring_tasks as t').where('t.deleted_at', 'is', null);
  if (filters.visibleTo) query = query.where(assignedTo(filters.visibleTo));
  if (filters.assigneeId) query = query.where(assignedTo(filters.assigneeId));
  if (filters.cycle) query = query.where('t.cycle', '=', filters.cycle);
  if (filters.active !== undefined) query = query.where('t.active', '=', filters.active);
  const search = filters.search?.trim();
  if (search) query = query.where('t.name', 'ilike', `%${escapeLike(search)}%`);
  const [rows, count] = await Promise.all([
    query
      .selectAll('t')
      .orderBy(sql`lower(t.name)`)
      .orderBy('t.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export interface TaskValues {
  name: string;
  description: string | null;
  cycle: RecurrenceCycle;
  start_date: string;
  deadline_days: number;
  next_scheduled_date: string;
}

export async function insertTask(
  db: Db,
  values: TaskValues & { active: boolean; created_by: string | null },
): Promise<string> {
  const row = await db.insertInto('recurring_tasks').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTask(
  db: Db,
  id: string,
  values: Partial<TaskValues> & { active?: boolean },
): Promise<void> {
  await db
    .updateTable('recurring_tasks')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteTask(db: Db, id: string): Promise<void> {
  await db
    .updateTable('recurring_tasks')
    .set({ deleted_at: new Date(), active: false, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

// ---- Assignees ---------------------------------------------------------------------------------------

/** The assignees of these tasks, by name. */
export function listAssignees(db: Db, taskIds: readonly string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recurring_task_assignees as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.recurring_task_id',
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar_url',
      'u.status',
    ])
    .where('a.recurring_task_id', 'in', [...taskIds])
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
}
export type AssigneeRow = Awaited<ReturnType<typeof listAssignees>>[number];

/** Makes the task's assignees exactly these people. */
export async function setAssignees(db: Db, taskId: string, userIds: readonly string[]): Promise<void> {
  let removal = db.deleteFrom('recurring_task_assignees').where('recurring_task_id', '=', taskId);
  if (userIds.length > 0) removal = removal.where('user_id', 'not in', [...userIds]);
  await removal.execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('recurring_task_assignees')
    .values(userIds.map((user_id) => ({ recurring_task_id: taskId, user_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The people behind ids (assignee checks): status and deletion included. */
export function listPeople(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'status', 'deleted_at'])
    .where('id', 'in', [...ids])
    .execute();
}

// ---- Children, counted ----------------------------------------------------------------------------

/** How many children each task has in each status. */
export function childCounts(db: Db, taskIds: readonly string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recurring_task_children')
    .select(['recurring_task_id', 'status', sql<number>`count(*)::int`.as('count')])
    .where('recurring_task_id', 'in', [...taskIds])
    .groupBy(['recurring_task_id', 'status'])
    .execute();
}

// ---- The generator -----------------------------------------------------------------------------------

/**
 * Up to `limit` live, active tasks due on or before `today`, locked for this transaction. Rows
 * another worker holds are skipped (it is generating them), so two workers share the work.
 */
export function lockDueTasks(db: Db, today: string, limit: number) {
  return db
    .selectFrom('recurring_tasks')
    .select(['id', 'name', 'cycle', 'start_date', 'deadline_days', 'next_scheduled_date'])
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .where('next_scheduled_date', '<=', today)
    .orderBy('next_scheduled_date')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
export type DueTaskRow = Awaited<ReturnType<typeof lockDueTasks>>[number];

/** Moves each task's next scheduled date on, in one statement. */
export async function advanceNextDates(
  db: Db,
  next: ReadonlyArray<{ id: string; date: string }>,
): Promise<void> {
  if (next.length === 0) return;
  await sql`update recurring_tasks t set next_scheduled_date = v.next, updated_at = now()
    from unnest(${sql.val(next.map((n) => n.id))}::uuid[], ${sql.val(next.map((n) => n.date))}::date[])
      as v(id, next)
    where t.id = v.id`.execute(db);
}

/**
 * The active assignees of these tasks (those the notifications go to), by task. Two one-table
 * reads, not a join: right after a run has written thousands of rows the planner's statistics are
 * stale, and a join of a thousand ids with the people chose a plan a hundred times slower.
 */
export async function activeAssigneeIds(db: Db, taskIds: readonly string[]): Promise<Map<string, string[]>> {
  const byTask = new Map<string, string[]>();
  if (taskIds.length === 0) return byTask;
  const { rows } = await sql<{ recurring_task_id: string; user_id: string }>`
    select a.recurring_task_id, a.user_id
    from unnest(${sql.val([...taskIds])}::uuid[]) as ids(id)
    join recurring_task_assignees a on a.recurring_task_id = ids.id`.execute(db);
  const people = [...new Set(rows.map((row) => row.user_id))];
  const active = new Set(
    people.length === 0
      ? []
      : (
          await sql<{ id: string }>`select id from users
            where id = any(${sql.val(people)}::uuid[]) and status = 'ACTIVE' and deleted_at is null`.execute(
            db,
          )
        ).rows.map((row) => row.id),
  );
  for (const row of rows)
    if (active.has(row.user_id))
      byTask.set(row.recurring_task_id, [...(byTask.get(row.recurring_task_id) ?? []), row.user_id]);
  return byTask;
}

/** Every assignee id of these tasks (the policy's facts), by task. */
export async function assigneeIdsOf(db: Db, taskIds: readonly string[]): Promise<Map<string, string[]>> {
  const byTask = new Map<string, string[]>(taskIds.map((id) => [id, []]));
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .selectFrom('recurring_task_assignees')
    .select(['recurring_task_id', 'user_id'])
    .where('recurring_task_id', 'in', [...new Set(taskIds)])
    .execute();
  for (const row of rows) byTask.get(row.recurring_task_id)?.push(row.user_id);
  return byTask;
}
