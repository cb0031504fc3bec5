import { sql, type Kysely } from 'kysely';

/** Users, sessions, roles and permissions, audit events: the tables every other area builds on. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists citext`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', sql`citext`, (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('ACTIVE','INACTIVE','PENDING')`),
    )
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en','vi')`),
    )
    .addColumn('avatar_url', 'text')
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // One live account per email; a soft-deleted account frees its address.
  await sql`create unique index users_email_live_key on users (email) where deleted_at is null`.execute(db);
  await sql`create index users_name_idx on users (last_name, first_name, id) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('previous_token_hash', 'text')
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema
    .createIndex('sessions_previous_token_idx')
    .on('sessions')
    .column('previous_token_hash')
    .execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('permissions')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('role_types', sql`text[]`, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('EMPLOYEE_ROLE','PROJECT','ACCESS')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE','INACTIVE')`),
    )
    .addColumn('built_in_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index roles_type_name_live_key on roles (type, lower(name)) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_key', 'text', (c) => c.notNull().references('permissions.key').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_permissions_pkey', ['role_id', 'permission_key'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    // Projects arrive with the clients-and-projects area; the foreign key is added by that migration.
    .addColumn('project_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create unique index user_roles_assignment_key on user_roles
    (user_id, role_id, coalesce(project_id, '00000000-0000-0000-0000-000000000000'::uuid))`.execute(db);
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema
    .createIndex('audit_events_entity_idx')
    .on('audit_events')
    .columns(['entity_type', 'entity_id'])
    .execute();
  await db.schema
    .createIndex('audit_events_actor_idx')
    .on('audit_events')
    .columns(['actor_id', 'occurred_at'])
    .execute();
  await db.schema.createIndex('audit_events_time_idx').on('audit_events').column('occurred_at').execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', sql`citext`, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sign_in_failures_email_idx')
    .on('sign_in_failures')
    .columns(['email', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_ip_idx')
    .on('sign_in_failures')
    .columns(['ip', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_settings',
    'sign_in_failures',
    'audit_events',
    'user_roles',
    'role_permissions',
    'roles',
    'permissions',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
