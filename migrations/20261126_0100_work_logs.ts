import { sql, type Kysely } from 'kysely';

/**
 * Work logs (spec sections 2-9): what a person did on a day for a project, in half-hour steps, with
 * the Jira tasks it was for; and the locks managers put on a period so its logs stop changing.
 * A lock with no project covers every project (an admin closing a month).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('work_date', 'date', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) =>
      c.notNull().check(sql`minutes > 0 and minutes <= 1440 and minutes % 30 = 0`),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('jira_task_keys', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index work_logs_user_day_idx on work_logs (user_id, work_date)`.execute(db);
  await sql`create index work_logs_project_day_idx on work_logs (project_id, work_date)`.execute(db);
  // The report reads days in a range and sums minutes per person, project or task.
  await sql`create index work_logs_report_idx on work_logs (work_date) include (user_id, project_id, minutes)`.execute(
    db,
  );

  await db.schema
    .createTable('work_log_locks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('locked_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lifted_at', 'timestamptz')
    .addColumn('lifted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('work_log_locks_order', sql`ends_on >= starts_on`)
    .execute();
  await sql`create index work_log_locks_active_idx on work_log_locks (starts_on, ends_on) where lifted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('work_log_locks').ifExists().execute();
  await db.schema.dropTable('work_logs').ifExists().execute();
}
