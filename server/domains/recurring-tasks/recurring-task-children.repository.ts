import { sql, type SqlBool } from 'kysely';
import type { ChildSource, ChildStatus } from '../../../shared/recurring-tasks.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/** Child tasks of recurring tasks: lists, one at a time, the generator's inserts, the overdue sweep. */

function childQuery(db: Db) {
  return db
    .selectFrom('recurring_task_children as c')
    .innerJoin('recurring_tasks as t', 't.id', 'c.recurring_task_id')
    .leftJoin('users as cb', 'cb.id', 'c.completed_by')
    .where('t.deleted_at', 'is', null)
    .selectAll('c')
    .select([
      't.name as task_name',
      't.cycle as task_cycle',
      't.active as task_active',
      'cb.first_name as completed_by_first_name',
      'cb.last_name as completed_by_last_name',
      'cb.email as completed_by_email',
      'cb.avatar_url as completed_by_avatar_url',
    ]);
}
export type ChildRow = Awaited<ReturnType<ReturnType<typeof childQuery>['execute']>>[number];

export const findChild = (db: Db, id: string) => childQuery(db).where('c.id', '=', id).executeTakeFirst();

export const lockChild = (db: Db, id: string) =>
  db.selectFrom('recurring_task_children').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export interface ChildFilters {
  taskId?: string;
  /** Children of the tasks this person is assigned to. */
  assigneeId?: string;
  statuses?: readonly ChildStatus[];
  /** Text in the task's name. */
  search?: string;
  /** Due on or after / on or before. */
  from?: string;
  to?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of children. Open ones (every status asked for is open) come most urgent first (due day,
 * then start); otherwise the latest first. The id last keeps the order stable.
 */
export async function listChildren(db: Db, filters: ChildFilters, window: PageWindow, urgentFirst: boolean) {
  let query = childQuery(db);
  if (filters.taskId) query = query.where('c.recurring_task_id', '=', filters.taskId);
  if (filters.assigneeId)
    query = query.where(
      sql<SqlBool>`exists (select 1 from recurring_task_assignees a
        where a.recurring_task_id = c.recurring_task_id and a.user_id = ${filters.assigneeId})`,
    );
  if (filters.statuses?.length) query = query.where('c.status', 'in', [...filters.statuses]);
  const search = filters.search?.trim();
  if (search) query = query.where('t.name', 'ilike', `%${escapeLike(search)}%`);
  if (filters.from) query = query.where('c.due_date', '>=', filters.from);
  if (filters.to) query = query.where('c.due_date', '<=', filters.to);
  const direction = urgentFirst ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    query
      .orderBy('c.due_date', direction)
      .orderBy('c.start_date', direction)
      .orderBy('c.id')
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

export async function countChildren(db: Db, taskId: string): Promise<number> {
  const row = await db
    .selectFrom('recurring_task_children')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('recurring_task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return row.count;
}

export interface NewChild {
  recurring_task_id: string;
  occurrence_date: string | null;
  start_date: string;
  due_date: string;
  status: ChildStatus;
  source: ChildSource;
  note: string | null;
  created_by: string | null;
}

export async function insertChild(db: Db, values: NewChild): Promise<string> {
  const row = await db
    .insertInto('recurring_task_children')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts generated children, a few thousand rows per statement; an occurrence that has a child
 * already is skipped (the unique key), so a second run, or a second worker, creates nothing twice.
 * Returns the children really created.
 */
export async function insertGeneratedChildren(
  db: Db,
  children: ReadonlyArray<{ recurring_task_id: string; occurrence_date: string; due_date: string }>,
) {
  const created: Array<{ id: string; recurring_task_id: string; start_date: string; due_date: string }> = [];
  for (let i = 0; i < children.length; i += 5000) {
    const chunk = children.slice(i, i + 5000);
    const { rows } = await sql<(typeof created)[number]>`
      insert into recurring_task_children
        (recurring_task_id, occurrence_date, start_date, due_date, status, source)
      select task_id, occurrence, occurrence, due, 'INCOMPLETE', 'GENERATED'
      from unnest(
        ${sql.val(chunk.map((c) => c.recurring_task_id))}::uuid[],
        ${sql.val(chunk.map((c) => c.occurrence_date))}::date[],
        ${sql.val(chunk.map((c) => c.due_date))}::date[]
      ) as v(task_id, occurrence, due)
      on conflict (recurring_task_id, occurrence_date) do nothing
      returning id, recurring_task_id, start_date, due_date`.execute(db);
    created.push(...rows);
  }
  return created;
}

export async function updateChild(
  db: Db,
  id: string,
  values: {
    status?: ChildStatus;
    note?: string | null;
    completed_at?: Date | null;
    completed_by?: string | null;
    cancelled_at?: Date | null;
    cancelled_by?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('recurring_task_children')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks up to `limit` incomplete children due before `today` overdue, skipping rows another worker
 * holds; returns them with their task's name (for the notifications).
 */
export async function markOverdue(db: Db, today: string, limit: number) {
  const { rows } = await sql<{
    id: string;
    recurring_task_id: string;
    task_name: string;
    start_date: string;
    due_date: string;
  }>`
    with due as (
      select id from recurring_task_children
      where status = 'INCOMPLETE' and due_date < ${today}::date
      order by due_date, id
      limit ${limit}
      for update skip locked
    )
    update recurring_task_children c set status = 'OVERDUE', updated_at = now()
    from due, recurring_tasks t
    where c.id = due.id and t.id = c.recurring_task_id
    returning c.id, c.recurring_task_id, t.name as task_name, c.start_date, c.due_date`.execute(db);
  return rows;
}

/** A person's name and avatar (who added a child, for the notification). */
export const findPersonName = (db: Db, id: string) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'avatar_url'])
    .where('id', '=', id)
    .executeTakeFirst();
