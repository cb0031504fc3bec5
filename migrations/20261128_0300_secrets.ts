import { sql, type Kysely } from 'kysely';

/**
 * Secrets (issue 15): each person's vault (passcode and recovery checks, their key pair), secrets
 * with one encrypted content and the item key wrapped for each member, encrypted comments, secure
 * share links, and the per-address counter that limits link views across replicas.
 *
 * Nothing here opens without keys the database does not hold: contents are AES-256-GCM made in the
 * browser; the passcode verifiers are HMACs under SECRETS_PEPPER (the server's environment) and the
 * wrapped user keys are sealed under it again, so a dump allows no offline passcode guessing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column has_encryption_key boolean not null default false`.execute(db);

  await db.schema
    .createTable('secret_vaults')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('passcode_salt', 'text', (c) => c.notNull())
    .addColumn('passcode_verifier', 'text', (c) => c.notNull())
    .addColumn('passcode_wrapped_key', 'text', (c) => c.notNull())
    .addColumn('recovery_verifier', 'text', (c) => c.notNull())
    .addColumn('recovery_wrapped_key', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('wrapped_private_key', 'jsonb', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('secret_vaults_failed_attempts_check', sql`failed_attempts >= 0`)
    .execute();

  await db.schema
    .createTable('secrets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('folder', 'text')
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'secrets_type_check',
      sql`type in ('K8S_KEY', 'SSH_KEY', 'SECURE_NOTE', 'PRIVATE_KEY')`,
    )
    .execute();
  await sql`create index secrets_name_idx on secrets (lower(name))`.execute(db);

  await db.schema
    .createTable('secret_members')
    .addColumn('secret_id', 'uuid', (c) => c.notNull().references('secrets.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'jsonb', (c) => c.notNull())
    .addColumn('granted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('secret_members_pkey', ['secret_id', 'user_id'])
    .addCheckConstraint('secret_members_role_check', sql`role in ('OWNER', 'EDITOR', 'COMMENTER', 'VIEWER')`)
    .execute();
  await sql`create index secret_members_user_idx on secret_members (user_id)`.execute(db);

  await db.schema
    .createTable('secret_comments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('secret_id', 'uuid', (c) => c.notNull().references('secrets.id').onDelete('cascade'))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index secret_comments_secret_idx on secret_comments (secret_id, created_at)`.execute(db);

  await db.schema
    .createTable('secure_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Emptied when the last view is used: nothing of a used-up link stays.
    .addColumn('content', 'jsonb')
    .addColumn('verifier_hash', 'text', (c) => c.notNull())
    .addColumn('access_limit', 'integer', (c) => c.notNull())
    .addColumn('views_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('secure_shares_views_check', sql`views_used >= 0 and views_used <= access_limit`)
    .execute();
  await sql`create index secure_shares_expires_idx on secure_shares (expires_at)`.execute(db);

  // Fixed one-minute windows per caller address and action, shared by every replica.
  await db.schema
    .createTable('secure_share_rate')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'secure_share_rate',
    'secure_shares',
    'secret_comments',
    'secret_members',
    'secrets',
    'secret_vaults',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`alter table users drop column has_encryption_key`.execute(db);
}
