import { sql, type Kysely } from 'kysely';

/**
 * Notifications: one row per recipient. The indexes serve the bell's queries: a person's page of
 * notifications newest first, their unread ones (list and count), and the purge of old read ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(
        sql`type in ('NEW_LEAVE_REQUEST','LEAVE_REQUEST_APPROVED','LEAVE_REQUEST_REJECTED','PAYMENT_REQUEST',
          'PAYMENT_MADE','SSO_REQUEST','SSO_REQUEST_REJECTED','SSO_REQUEST_APPROVED','ANNOUNCEMENT',
          'PASSWORD_EXPIRING','ACCESS_REQUEST')`,
      ),
    )
    .addColumn('tab', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PLATFORM')
        .check(sql`tab in ('PLATFORM','PROJECTS')`),
    )
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The person whose action caused it (null for the system).
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  // A person's list, newest first, with a stable tie-break; optionally one tab.
  await sql`create index notifications_user_list_idx
    on notifications (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index notifications_user_tab_list_idx
    on notifications (user_id, tab, created_at desc, id desc)`.execute(db);
  // Unread only: the 'only show unread' list and the badge count stay small and fast.
  await sql`create index notifications_user_unread_idx
    on notifications (user_id, created_at desc, id desc) where not is_read`.execute(db);
  // The retention job deletes old read notifications.
  await sql`create index notifications_read_created_idx on notifications (created_at) where is_read`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
}
