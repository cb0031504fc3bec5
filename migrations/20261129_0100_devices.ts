import { sql, type Kysely } from 'kysely';

/**
 * Work devices and forced updates (issue 19 part A).
 *
 * - `work_devices`: each person's declared devices; OS and browser versions as read from the browser.
 * - `device_version_requirements`: the latest OS and browser versions with their release dates.
 * - `device_update_settings`: one row — the grace period, whether declaring a device is required,
 *   and whether the chat-account (Discord) check enforces.
 * - `security_enforcements`: what the platform asks of a person (OUTDATED_DEVICE, DEVICE checklist,
 *   DISCORD chat account) and from when it blocks (`blocks_at`; before it, a warning only). The
 *   per-request statement (request-actor.repository.ts) reads the rows whose `blocks_at` has passed,
 *   so a grace period ends without a job.
 * - `security_exemptions`: the break-glass list (`backoffice devices exempt EMAIL`): never blocked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_devices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.check(sql`os in ('WINDOWS','MAC','LINUX')`))
    .addColumn('os_version', 'text')
    .addColumn('browser', 'text', (c) => c.check(sql`browser in ('CHROME','SAFARI','EDGE','FIREFOX')`))
    .addColumn('browser_version', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('antivirus', 'text')
    .addColumn('firewall', 'boolean', (c) => c.notNull())
    .addColumn('disk_encryption', 'boolean', (c) => c.notNull())
    .addColumn('auto_lock_minutes', 'integer', (c) =>
      c.notNull().check(sql`auto_lock_minutes between 1 and 240`),
    )
    .addColumn('versions_read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('work_devices_user_idx').on('work_devices').column('user_id').execute();

  await db.schema
    .createTable('device_version_requirements')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('OS','BROWSER')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('latest_version', 'text', (c) => c.notNull())
    .addColumn('release_date', 'date', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('device_version_requirements_pkey', ['kind', 'name'])
    .execute();

  await db.schema
    .createTable('device_update_settings')
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('grace_period_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(14)
        .check(sql`grace_period_days between 0 and 90`),
    )
    .addColumn('require_declaration', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('discord_check', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz')
    .execute();
  await sql`insert into device_update_settings (id) values (true)`.execute(db);

  await db.schema
    .createTable('security_enforcements')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('OUTDATED_DEVICE','DEVICE','DISCORD')`))
    .addColumn('blocks_at', 'timestamptz', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('security_enforcements_pkey', ['user_id', 'type'])
    .execute();

  await db.schema
    .createTable('security_exemptions')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_exemptions').execute();
  await db.schema.dropTable('security_enforcements').execute();
  await db.schema.dropTable('device_update_settings').execute();
  await db.schema.dropTable('device_version_requirements').execute();
  await db.schema.dropTable('work_devices').execute();
}
