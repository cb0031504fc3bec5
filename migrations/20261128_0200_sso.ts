import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on (issue 14): the OpenID connections (the apps Backoffice signs people into), their
 * groups and who may use them, the access requests people make from the consent step, and the
 * provider's own storage: one table for every oidc-provider model (codes, tokens, sessions, grants,
 * interactions …) keyed by model and id, and its signing keys, encrypted.
 *
 * The SSO notification types are in `notifications_type_check` since the notifications migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('callback_url', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', sql`text[]`, (c) => c.notNull())
    .addColumn('post_logout_redirect_uris', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('client_type', 'text', (c) => c.notNull())
    .addColumn('response_types', sql`text[]`, (c) => c.notNull())
    .addColumn('grant_types', sql`text[]`, (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    // AES-256-GCM under CONNECTIONS_KEY, bound to the client id; null for a public client.
    .addColumn('client_secret_ciphertext', 'text')
    .addColumn('secret_rotated_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('sso_connections_client_type_check', sql`client_type in ('CONFIDENTIAL', 'PUBLIC')`)
    .execute();
  await sql`create unique index sso_connections_name_key on sso_connections (lower(name)) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('sso_groups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) =>
      c.notNull().references('sso_connections.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index sso_groups_name_key on sso_groups (connection_id, lower(name))`.execute(db);

  await db.schema
    .createTable('sso_group_members')
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('sso_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sso_group_members_pkey', ['group_id', 'user_id'])
    .execute();
  await sql`create index sso_group_members_user_idx on sso_group_members (user_id)`.execute(db);

  await db.schema
    .createTable('sso_connection_members')
    .addColumn('connection_id', 'uuid', (c) =>
      c.notNull().references('sso_connections.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sso_connection_members_pkey', ['connection_id', 'user_id'])
    .execute();
  await sql`create index sso_connection_members_user_idx on sso_connection_members (user_id)`.execute(db);

  await db.schema
    .createTable('sso_access_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) =>
      c.notNull().references('sso_connections.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'sso_access_requests_status_check',
      sql`status in ('PENDING', 'APPROVED', 'REJECTED')`,
    )
    .execute();
  // One open request per person and app: asking twice keeps the first.
  await sql`create unique index sso_access_requests_pending_key on sso_access_requests (connection_id, user_id) where status = 'PENDING'`.execute(
    db,
  );

  // oidc-provider's storage (its adapter interface): payload as the provider gave it.
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('account_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pkey', ['model', 'id'])
    .execute();
  await sql`create index oidc_payloads_grant_idx on oidc_payloads (grant_id) where grant_id is not null`.execute(
    db,
  );
  await sql`create index oidc_payloads_uid_idx on oidc_payloads (uid) where uid is not null`.execute(db);
  await sql`create index oidc_payloads_user_code_idx on oidc_payloads (user_code) where user_code is not null`.execute(
    db,
  );
  await sql`create index oidc_payloads_account_idx on oidc_payloads (account_id, client_id) where account_id is not null`.execute(
    db,
  );
  await sql`create index oidc_payloads_expires_idx on oidc_payloads (expires_at) where expires_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('oidc_signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    // The private JWK, AES-256-GCM under CONNECTIONS_KEY bound to the kid.
    .addColumn('key_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'oidc_signing_keys',
    'oidc_payloads',
    'sso_access_requests',
    'sso_connection_members',
    'sso_group_members',
    'sso_groups',
    'sso_connections',
  ])
    await db.schema.dropTable(table).execute();
}
