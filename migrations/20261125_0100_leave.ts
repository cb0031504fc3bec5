import { sql, type Kysely } from 'kysely';

/**
 * Leave of absence (spec sections 3, 4, 6 and 7): absence types with their rules, holidays, leave
 * requests with their approvers, the working days each request takes (what reports, the team
 * calendar and the overlap check read), the balance ledger the worker writes (monthly accrual,
 * carry-forward and its expiry), substitutes for approvers who are away, and calendar feeds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('absence_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    // Yearly entitlement in days; null on a type that counts uses the company default (leave rules).
    .addColumn('total_day', sql`numeric(5,1)`)
    .addColumn('counts_against_balance', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accrual', 'text', (c) =>
      c
        .notNull()
        .defaultTo('UPFRONT')
        .check(sql`accrual in ('UPFRONT','MONTHLY')`),
    )
    .addColumn('seniority_bonus', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('carry_forward_max_days', sql`numeric(5,1)`, (c) => c.notNull().defaultTo(0))
    // Month and day ('03-31') after which carried-over days lapse; null: they never lapse.
    .addColumn('carry_forward_expires', 'text', (c) =>
      c.check(sql`carry_forward_expires ~ '^\\d\\d-\\d\\d$'`),
    )
    .addColumn('min_notice_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_half_day', 'boolean', (c) => c.notNull().defaultTo(true))
    // A request longer than this many days needs an attachment (a medical certificate); null: never.
    .addColumn('attachment_after_days', sql`numeric(5,1)`)
    .addColumn('paid', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index absence_types_name_key on absence_types (lower(name))`.execute(db);
  await sql`insert into absence_types
      (name, total_day, counts_against_balance, accrual, seniority_bonus, carry_forward_max_days,
       carry_forward_expires, min_notice_days, allow_half_day, attachment_after_days, paid, position)
    values
      ('Vacation', null, true, 'UPFRONT', true, 5, '03-31', 3, true, null, true, 1),
      ('Sickness', null, false, 'UPFRONT', false, 0, null, 0, true, 2, true, 2),
      ('Maternity / paternity', null, false, 'UPFRONT', false, 0, null, 14, false, 0, true, 3),
      ('Compassionate', 3, true, 'UPFRONT', false, 0, null, 0, true, null, true, 4),
      ('Without pay', null, false, 'UPFRONT', false, 0, null, 3, true, null, false, 5)`.execute(db);

  await db.schema
    .createTable('holidays')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('holidays_dates_order', sql`end_date >= start_date`)
    .execute();
  await sql`create index holidays_dates_idx on holidays (start_date, end_date)`.execute(db);

  await db.schema
    .createTable('leave_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('absence_type_id', 'uuid', (c) => c.notNull().references('absence_types.id'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('start_part', 'text', (c) => c.notNull().check(sql`start_part in ('MORNING','AFTERNOON')`))
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('end_part', 'text', (c) => c.notNull().check(sql`end_part in ('MORNING','AFTERNOON')`))
    .addColumn('duration', sql`numeric(6,1)`, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('WAITING FOR APPROVAL')
        .check(sql`status in ('WAITING FOR APPROVAL','APPROVED','REJECTED','CANCELLED')`),
    )
    .addColumn('decision_reason', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('attachment_key', 'text')
    .addColumn('attachment_name', 'text')
    .addColumn('attachment_type', 'text')
    .addColumn('attachment_size', 'integer')
    // Raised by every change: an edit made against an older version is refused with 412.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('leave_requests_dates_order', sql`end_date >= start_date`)
    .execute();
  await sql`create index leave_requests_user_idx on leave_requests (user_id, year, status)`.execute(db);
  await sql`create index leave_requests_start_idx on leave_requests (start_date, id)`.execute(db);
  await sql`create index leave_requests_status_idx on leave_requests (status, start_date)`.execute(db);
  // Whether a type is in use (it is then deactivated rather than deleted).
  await sql`create index leave_requests_type_idx on leave_requests (absence_type_id)`.execute(db);

  await db.schema
    .createTable('leave_request_approvers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('leave_request_id', 'uuid', (c) =>
      c.notNull().references('leave_requests.id').onDelete('cascade'),
    )
    .addColumn('approver_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('WAITING FOR APPROVAL')
        .check(sql`status in ('WAITING FOR APPROVAL','APPROVED','REJECTED')`),
    )
    .addColumn('reason', 'text')
    .addColumn('acted_at', 'timestamptz')
    // Who decided when it was not the approver (HR acting for someone away).
    .addColumn('acted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // The approver this one stands in for, when the request was routed to a substitute.
    .addColumn('substitute_for', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index leave_request_approvers_key
    on leave_request_approvers (leave_request_id, approver_id)`.execute(db);
  await sql`create index leave_request_approvers_waiting_idx
    on leave_request_approvers (approver_id, status, created_at)`.execute(db);

  // One row per working day a request takes (0.5 or 1): reports, the calendar and overlaps read it.
  await db.schema
    .createTable('leave_days')
    .addColumn('leave_request_id', 'uuid', (c) =>
      c.notNull().references('leave_requests.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('amount', sql`numeric(2,1)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('leave_days_pkey', ['leave_request_id', 'day'])
    .execute();
  // Each day carries its request's status and type, kept by the triggers below, so the summary reads
  // this one table through one index (no join with the requests).
  await sql`alter table leave_days add column status text not null, add column absence_type_id uuid not null`.execute(
    db,
  );
  await sql`create function leave_days_fill() returns trigger language plpgsql as $$
    begin
      select status, absence_type_id into new.status, new.absence_type_id
        from leave_requests where id = new.leave_request_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger leave_days_fill before insert on leave_days
    for each row execute function leave_days_fill()`.execute(db);
  await sql`create function leave_requests_sync_days() returns trigger language plpgsql as $$
    begin
      update leave_days set status = new.status, absence_type_id = new.absence_type_id
        where leave_request_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger leave_requests_sync_days after update of status, absence_type_id on leave_requests
    for each row when (old.status is distinct from new.status or old.absence_type_id is distinct from new.absence_type_id)
    execute function leave_requests_sync_days()`.execute(db);
  await sql`create index leave_days_report_idx on leave_days (status, day) include (user_id, absence_type_id, amount)`.execute(
    db,
  );
  await sql`create index leave_days_day_idx on leave_days (day, user_id)`.execute(db);
  await sql`create index leave_days_user_idx on leave_days (user_id, day)`.execute(db);

  // The ledger the worker writes. The unique key makes every grant idempotent.
  await db.schema
    .createTable('leave_balance_grants')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('absence_type_id', 'uuid', (c) => c.notNull().references('absence_types.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('ACCRUAL','CARRY_FORWARD','CARRY_EXPIRED')`),
    )
    // '2026-03' for a month's accrual, '2026' for a carry-forward or its expiry.
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('days', sql`numeric(6,1)`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index leave_balance_grants_key
    on leave_balance_grants (user_id, absence_type_id, kind, period)`.execute(db);
  await sql`create index leave_balance_grants_year_idx on leave_balance_grants (user_id, year)`.execute(db);

  await db.schema
    .createTable('leave_substitutes')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('substitute_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('leave_substitutes_not_self', sql`user_id <> substitute_id`)
    .execute();

  await db.schema
    .createTable('leave_calendar_feeds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('PERSON','DEPARTMENT')`))
    .addColumn('department_id', 'uuid', (c) => c.references('departments.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index leave_calendar_feeds_owner_idx on leave_calendar_feeds (owner_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'leave_calendar_feeds',
    'leave_substitutes',
    'leave_balance_grants',
    'leave_days',
    'leave_request_approvers',
    'leave_requests',
    'holidays',
    'absence_types',
  ])
    await db.schema.dropTable(table).ifExists().execute();
  await sql`drop function if exists leave_days_fill()`.execute(db);
  await sql`drop function if exists leave_requests_sync_days()`.execute(db);
}
