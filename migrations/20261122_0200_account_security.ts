import { sql, type Kysely } from 'kysely';

/**
 * Account security: one-time links (invitations, password resets), two-factor authentication,
 * password expiry bookkeeping, access requests, avatars and the password-expiry settings.
 * Tokens and recovery codes are stored only as SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('terms_accepted_at', 'timestamptz')
    // The person closed the "password expires soon" notice for the current password.
    .addColumn('password_expiry_notified_at', 'timestamptz')
    // The worker sent the expiry reminder for the current password.
    .addColumn('password_expiry_reminded_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('INVITATION','PASSWORD_RESET')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('account_tokens_user_idx')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Base32 TOTP secret once confirmed; `pending_secret` while the person is setting it up.
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enabled_at', 'timestamptz')
    // The last accepted 30-second step: a code is never accepted twice.
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user_idx')
    .on('two_factor_recovery_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('two_factor_challenges_expires_idx')
    .on('two_factor_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('user_avatars')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('access_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('requester_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('permission', 'text')
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING','GRANTED','DENIED')`),
    )
    .addColumn('granted_role_id', 'uuid', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('review_note', 'text')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // One open request per person and page: asking twice does not flood the reviewers.
  await sql`create unique index access_requests_open_key on access_requests (requester_id, path)
    where status = 'PENDING'`.execute(db);
  await db.schema
    .createIndex('access_requests_status_idx')
    .on('access_requests')
    .columns(['status', 'created_at'])
    .execute();

  await sql`insert into app_settings (key, value) values
    ('password.max_age_days', '90'::jsonb),
    ('password.reminder_days', '14'::jsonb)
    on conflict (key) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from app_settings where key in ('password.max_age_days', 'password.reminder_days')`.execute(
    db,
  );
  for (const table of [
    'access_requests',
    'user_avatars',
    'two_factor_challenges',
    'two_factor_recovery_codes',
    'user_two_factor',
    'account_tokens',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema
    .alterTable('users')
    .dropColumn('terms_accepted_at')
    .dropColumn('password_expiry_notified_at')
    .dropColumn('password_expiry_reminded_at')
    .execute();
}
