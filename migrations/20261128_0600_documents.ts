import { sql, type Kysely } from 'kysely';

/**
 * Document management (issue 21): company documents (policies, regulations, templates, guides) in
 * categories, each with its versions (a new upload is a new version; old ones are kept), who may see
 * it (everyone, chosen roles, chosen departments) and read acknowledgements per version. A
 * regulation always requires acknowledgement (the personal data protection regulations of Decree
 * 13/2023/ND-CP are regulations).
 */

const NEW_NOTIFICATION_TYPES = ['DOCUMENT_TO_ACKNOWLEDGE', 'DOCUMENT_ACKNOWLEDGEMENT_REMINDER'];

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
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('POLICY','REGULATION','TEMPLATE','GUIDE','OTHER')`),
    )
    .addColumn('visibility', 'text', (c) =>
      c.notNull().check(sql`visibility in ('EVERYONE','ROLES','DEPARTMENTS')`),
    )
    .addColumn('requires_acknowledgement', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint(
      'documents_regulation_acknowledged',
      sql`category <> 'REGULATION' or requires_acknowledgement`,
    )
    .execute();
  await sql`create unique index documents_title_key on documents (lower(title)) where deleted_at is null`.execute(
    db,
  );
  await sql`create index documents_category_idx on documents (category, lower(title), id)
    where deleted_at is null`.execute(db);

  await db.schema
    .createTable('document_roles')
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('document_roles_pkey', ['document_id', 'role_id'])
    .execute();
  await db.schema
    .createTable('document_departments')
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('department_id', 'uuid', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('document_departments_pkey', ['document_id', 'department_id'])
    .execute();

  await db.schema
    .createTable('document_versions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number >= 1`))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('document_versions_number_key', ['document_id', 'number'])
    .execute();

  await db.schema
    .createTable('document_acknowledgements')
    .addColumn('version_id', 'uuid', (c) =>
      c.notNull().references('document_versions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('acknowledged_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addPrimaryKeyConstraint('document_acknowledgements_pkey', ['version_id', 'user_id'])
    .execute();
  // A person's acknowledgements (their to-read list, their data export).
  await sql`create index document_acknowledgements_user_idx on document_acknowledgements (user_id)`.execute(
    db,
  );

  await setNotificationTypes(db, [
    ...new Set([...(await allowedNotificationTypes(db)), ...NEW_NOTIFICATION_TYPES]),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in (${sql.join(NEW_NOTIFICATION_TYPES.map((type) => sql.lit(type)))})`.execute(
    db,
  );
  await setNotificationTypes(
    db,
    (await allowedNotificationTypes(db)).filter((type) => !NEW_NOTIFICATION_TYPES.includes(type)),
  );
  await db.schema.dropTable('document_acknowledgements').execute();
  await db.schema.dropTable('document_versions').execute();
  await db.schema.dropTable('document_departments').execute();
  await db.schema.dropTable('document_roles').execute();
  await db.schema.dropTable('documents').execute();
}
