import { sql, type Kysely } from 'kysely';

/**
 * Company assets (spec section 2-9): what the company owns, labelled for information security
 * (confidentiality, integrity, availability; their scores' sum is stored as `security_value` so
 * lists filter and sort on it), who holds each one now and who held it before (the assignee
 * history), and asset audits (who confirmed which asset was where).
 *
 * Serial numbers are unique per type among live assets, case-insensitively. Storage is kept in
 * bytes (the API speaks GB: 1 GB = 1073741824 bytes).
 */

const NEW_NOTIFICATION_TYPES = ['ASSET_ASSIGNED'];

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

const LABELS = sql`('TOP_SECRET','SECRET','INTERNAL_USE_ONLY','PUBLIC')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('HARDWARE','INFORMATION','SOFTWARE','HR','ZONE')`),
    )
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('IN_USE','DAMAGED','IN_STORAGE')`))
    .addColumn('serial_number', 'text')
    .addColumn('quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity >= 1`),
    )
    .addColumn('storage_bytes', 'bigint', (c) => c.check(sql`storage_bytes >= 0`))
    .addColumn('processors', 'text')
    .addColumn('priority', 'smallint', (c) => c.notNull().check(sql`priority between 1 and 3`))
    .addColumn('kind', 'smallint', (c) => c.notNull().check(sql`kind in (0, 1)`))
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('confidentiality', 'text', (c) =>
      c.notNull().check(sql`confidentiality in ('TOP_SECRET','SECRET','INTERNAL_USE_ONLY','PUBLIC','NONE')`),
    )
    .addColumn('integrity', 'text', (c) => c.notNull().check(sql`integrity in ${LABELS}`))
    .addColumn('availability', 'text', (c) => c.notNull().check(sql`availability in ${LABELS}`))
    .addColumn('security_value', 'smallint', (c) => c.notNull().check(sql`security_value between 3 and 9`))
    .addColumn('assignee_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index assets_serial_per_type_key on assets (type, lower(serial_number))
    where deleted_at is null and serial_number is not null`.execute(db);
  // The list's default order and its search.
  await sql`create index assets_name_idx on assets (lower(name), id) where deleted_at is null`.execute(db);
  // My assets, and the assigned view.
  await sql`create index assets_assignee_idx on assets (assignee_id, lower(name), id)
    where deleted_at is null and assignee_id is not null`.execute(db);
  await sql`create index assets_type_status_idx on assets (type, status) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('asset_assignments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('asset_id', 'uuid', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('assigned_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('returned_at', 'timestamptz')
    .addColumn('returned_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('asset_assignments_order', sql`returned_at is null or returned_at >= assigned_at`)
    .execute();
  await sql`create index asset_assignments_asset_idx on asset_assignments (asset_id, assigned_at desc, id)`.execute(
    db,
  );
  // At most one open assignment per asset.
  await sql`create unique index asset_assignments_open_key on asset_assignments (asset_id)
    where returned_at is null`.execute(db);

  await db.schema
    .createTable('asset_audits')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('asset_audit_checks')
    .addColumn('audit_id', 'uuid', (c) => c.notNull().references('asset_audits.id').onDelete('cascade'))
    .addColumn('asset_id', 'uuid', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('confirmed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('asset_audit_checks_pkey', ['audit_id', 'asset_id'])
    .execute();

  const types = await allowedNotificationTypes(db);
  await setNotificationTypes(db, [...types, ...NEW_NOTIFICATION_TYPES.filter((t) => !types.includes(t))]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in (${sql.join(NEW_NOTIFICATION_TYPES)})`.execute(db);
  const types = await allowedNotificationTypes(db);
  await setNotificationTypes(
    db,
    types.filter((type) => !NEW_NOTIFICATION_TYPES.includes(type)),
  );
  for (const table of ['asset_audit_checks', 'asset_audits', 'asset_assignments', 'assets'])
    await db.schema.dropTable(table).ifExists().execute();
}
