import { sql, type Kysely } from 'kysely';

/**
 * Security audits (spec: settings category AUDIT_SCHEDULE, frequencies DAILY/WEEKLY/MONTHLY, run
 * result SUCCEED/FAILED): one schedule per check, every run with its result, error and findings,
 * and the notification that tells the administrators. `check` is not constrained here: the checks
 * are a registry in code (server/domains/security-audits/audit-checks.ts), so adding one (device
 * compliance) needs no migration.
 */

const NEW_NOTIFICATION_TYPES = ['SECURITY_AUDIT_FINDINGS'];

/** The types `notifications_type_check` allows now (other migrations add theirs too). */
async function allowedNotificationTypes(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint
    where conname = 'notifications_type_check' and conrelid = 'notifications'::regclass`.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]!);
}

async function setNotificationTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql`alter table notifications add constraint notifications_type_check
    check (type in (${sql.join(types.map((type) => sql.lit(type)))}))`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_audit_schedules')
    .addColumn('check', 'text', (c) => c.primaryKey())
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in ('DAILY','WEEKLY','MONTHLY')`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_started_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('security_audit_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('check', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('SCHEDULE','MANUAL')`))
    .addColumn('result', 'text', (c) => c.notNull().check(sql`result in ('SUCCEED','FAILED')`))
    .addColumn('finding_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('started_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index security_audit_runs_recent_idx on security_audit_runs (started_at desc, id)`.execute(
    db,
  );
  await sql`create index security_audit_runs_check_idx on security_audit_runs ("check", started_at desc, id)`.execute(
    db,
  );

  await db.schema
    .createTable('security_audit_findings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('security_audit_runs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`create index security_audit_findings_run_idx on security_audit_findings (run_id, position)`.execute(
    db,
  );

  const types = await allowedNotificationTypes(db);
  await setNotificationTypes(db, [
    ...types,
    ...NEW_NOTIFICATION_TYPES.filter((type) => !types.includes(type)),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in (${sql.join(NEW_NOTIFICATION_TYPES.map((type) => sql.lit(type)))})`.execute(
    db,
  );
  const types = await allowedNotificationTypes(db);
  await setNotificationTypes(
    db,
    types.filter((type) => !NEW_NOTIFICATION_TYPES.includes(type)),
  );
  await db.schema.dropTable('security_audit_findings').execute();
  await db.schema.dropTable('security_audit_runs').execute();
  await db.schema.dropTable('security_audit_schedules').execute();
}
