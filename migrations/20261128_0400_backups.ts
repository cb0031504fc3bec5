import { sql, type Kysely } from 'kysely';

/**
 * Backups (spec sections 3, 4 and 9: Google Drive backups with logs): backup configurations — where
 * archives go (a local folder, S3-compatible storage or Google Drive), how often, how many to keep —
 * and one log row per run (status, size, duration, error) with the restore drill's verdict.
 * Destination credentials are stored encrypted (`credentials_ciphertext`), never in clear.
 */

const NEW_NOTIFICATION_TYPES = ['BACKUP_FAILED'];

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
    .createTable('backup_configurations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', sql`citext`, (c) => c.notNull().unique())
    .addColumn('destination', 'text', (c) =>
      c.notNull().check(sql`destination in ('LOCAL','S3','GOOGLE_DRIVE')`),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text')
    .addColumn('region', 'text')
    .addColumn('credentials_ciphertext', 'text')
    .addColumn('share_emails', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('share_role', 'text', (c) => c.check(sql`share_role in ('COMMENTER','EDITOR')`))
    .addColumn('note', 'text')
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in ('DAILY','WEEKLY','MONTHLY')`))
    .addColumn('retention', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(7)
        .check(sql`retention between 1 and 365`),
    )
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('backup_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('configuration_id', 'uuid', (c) =>
      c.notNull().references('backup_configurations.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('QUEUED','RUNNING','SUCCEED','FAILED')`),
    )
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('SCHEDULE','MANUAL')`))
    .addColumn('archive_name', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('drill_matched', 'boolean')
    .addColumn('drilled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index backup_logs_configuration_idx on backup_logs (configuration_id, created_at desc, id)`.execute(
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
  await db.schema.dropTable('backup_logs').execute();
  await db.schema.dropTable('backup_configurations').execute();
}
