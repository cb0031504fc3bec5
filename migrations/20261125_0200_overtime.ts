import { sql, type Kysely } from 'kysely';

/**
 * Overtime (spec sections 3, 4, 6 and 7): requests with their approvers, the segments each request
 * takes per calendar day (a request across midnight counts on both days; limits, summaries and the
 * report read them), and the history of the limits (a change applies from its day on and never
 * rewrites what was approved before). The regulations are an `app_settings` row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ot_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('work_date', 'date', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes > 0`))
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('WAITING FOR APPROVAL')
        .check(sql`status in ('WAITING FOR APPROVAL','APPROVED','REJECTED')`),
    )
    .addColumn('decision_reason', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index ot_requests_user_idx on ot_requests (user_id, work_date)`.execute(db);
  await sql`create index ot_requests_status_idx on ot_requests (status, work_date, id)`.execute(db);

  await db.schema
    .createTable('ot_request_approvers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('ot_request_id', 'uuid', (c) => c.notNull().references('ot_requests.id').onDelete('cascade'))
    .addColumn('approver_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('WAITING FOR APPROVAL')
        .check(sql`status in ('WAITING FOR APPROVAL','APPROVED','REJECTED')`),
    )
    .addColumn('reason', 'text')
    .addColumn('acted_at', 'timestamptz')
    .addColumn('acted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index ot_request_approvers_key on ot_request_approvers (ot_request_id, approver_id)`.execute(
    db,
  );
  await sql`create index ot_request_approvers_approver_idx on ot_request_approvers (approver_id, status)`.execute(
    db,
  );

  // One row per calendar day a request touches; status and project follow the request (triggers).
  await db.schema
    .createTable('ot_segments')
    .addColumn('ot_request_id', 'uuid', (c) => c.notNull().references('ot_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('night_minutes', 'integer', (c) => c.notNull())
    .addColumn('day_type', 'text', (c) => c.notNull().check(sql`day_type in ('WORKDAY','WEEKEND','HOLIDAY')`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('project_id', 'uuid')
    .addPrimaryKeyConstraint('ot_segments_pkey', ['ot_request_id', 'day'])
    .execute();
  await sql`create function ot_segments_fill() returns trigger language plpgsql as $$
    begin
      select status, project_id into new.status, new.project_id from ot_requests where id = new.ot_request_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger ot_segments_fill before insert on ot_segments for each row execute function ot_segments_fill()`.execute(
    db,
  );
  await sql`create function ot_requests_sync_segments() returns trigger language plpgsql as $$
    begin
      update ot_segments set status = new.status, project_id = new.project_id where ot_request_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger ot_requests_sync_segments after update of status, project_id on ot_requests
    for each row when (old.status is distinct from new.status or old.project_id is distinct from new.project_id)
    execute function ot_requests_sync_segments()`.execute(db);
  await sql`create index ot_segments_user_day_idx on ot_segments (user_id, day)`.execute(db);
  await sql`create index ot_segments_report_idx on ot_segments (status, day) include (user_id, project_id, minutes, night_minutes, day_type)`.execute(
    db,
  );

  // The limits as they were set over time; the one in force on a day is the latest from before it.
  await db.schema
    .createTable('ot_limits')
    .addColumn('effective_from', 'date', (c) => c.primaryKey())
    .addColumn('daily_minutes', 'integer', (c) => c.notNull())
    .addColumn('monthly_minutes', 'integer', (c) => c.notNull())
    .addColumn('yearly_minutes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The overtime notifications join the allowed types.
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql`alter table notifications add constraint notifications_type_check check (type in (
    'NEW_LEAVE_REQUEST','LEAVE_REQUEST_APPROVED','LEAVE_REQUEST_REJECTED','PAYMENT_REQUEST','PAYMENT_MADE',
    'SSO_REQUEST','SSO_REQUEST_REJECTED','SSO_REQUEST_APPROVED','ANNOUNCEMENT','PASSWORD_EXPIRING','ACCESS_REQUEST',
    'NEW_OVERTIME_REQUEST','OVERTIME_REQUEST_APPROVED','OVERTIME_REQUEST_REJECTED'))`.execute(db);
  await sql`insert into ot_limits (effective_from, daily_minutes, monthly_minutes, yearly_minutes)
    values ('2000-01-01', 240, 2400, 12000)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type like '%OVERTIME%'`.execute(db);
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql`alter table notifications add constraint notifications_type_check check (type in (
    'NEW_LEAVE_REQUEST','LEAVE_REQUEST_APPROVED','LEAVE_REQUEST_REJECTED','PAYMENT_REQUEST','PAYMENT_MADE',
    'SSO_REQUEST','SSO_REQUEST_REJECTED','SSO_REQUEST_APPROVED','ANNOUNCEMENT','PASSWORD_EXPIRING','ACCESS_REQUEST'))`.execute(
    db,
  );
  for (const table of ['ot_limits', 'ot_segments', 'ot_request_approvers', 'ot_requests'])
    await db.schema.dropTable(table).ifExists().execute();
  await sql`drop function if exists ot_segments_fill()`.execute(db);
  await sql`drop function if exists ot_requests_sync_segments()`.execute(db);
}
