import { sql, type Kysely } from 'kysely';

/**
 * Third-party connections (issue 13), second slice: what the other providers' syncs bring back and
 * what hangs off it. One table of accounts for every provider (git accounts, Discord, Slack,
 * Outline and Figma members), with our note and assignees; git repositories with their
 * collaborators; Discord channels; the links of projects to repositories and cloud accounts;
 * service roles; and the offboarding checklist of a deactivated person.
 *
 * As in the first slice, synced rows are keyed by the provider's id and never deleted by a sync:
 * what is gone upstream gets `removed_at`, so notes, assignees and links survive.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('role', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Ours, not the provider's: a sync never writes it.
    .addColumn('note', 'text')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('provider_accounts_external_key', ['connection_id', 'external_id'])
    .execute();
  await sql`create index provider_accounts_username_idx on provider_accounts (lower(username))`.execute(db);

  await db.schema
    .createTable('provider_account_assignees')
    .addColumn('provider_account_id', 'uuid', (c) =>
      c.notNull().references('provider_accounts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('provider_account_assignees_pkey', ['provider_account_id', 'user_id'])
    .execute();
  await sql`create index provider_account_assignees_user_idx on provider_account_assignees (user_id)`.execute(
    db,
  );

  await db.schema
    .createTable('git_repositories')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('vcs_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('upstream_created_at', 'timestamptz')
    // The provider's ids of the accounts with access (provider_accounts.external_id): replaced whole by a sync.
    .addColumn('collaborators', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('git_repositories_external_key', ['connection_id', 'external_id'])
    .addCheckConstraint('git_repositories_vcs_check', sql`vcs_type in ('GITHUB', 'GITLAB', 'BITBUCKET')`)
    .execute();
  await sql`create index git_repositories_name_idx on git_repositories (connection_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('discord_channels')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('channel_type', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('discord_channels_external_key', ['connection_id', 'external_id'])
    .execute();

  await db.schema
    .createTable('project_git_repositories')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('git_repository_id', 'uuid', (c) =>
      c.notNull().references('git_repositories.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('project_git_repositories_key', ['project_id', 'git_repository_id'])
    .addCheckConstraint('project_git_repositories_status_check', sql`status in ('ACTIVE', 'INACTIVE')`)
    .execute();
  await sql`create index project_git_repositories_repo_idx on project_git_repositories (git_repository_id)`.execute(
    db,
  );

  await db.schema
    .createTable('service_roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint(
      'service_roles_color_check',
      sql`color in ('RED', 'BLUE', 'GREEN', 'ORANGE', 'GRAY', 'PURPLE')`,
    )
    .execute();
  await sql`create unique index service_roles_name_key on service_roles (lower(name)) where deleted_at is null`.execute(
    db,
  );

  // A cloud account is the company's (one row per service and account ID); projects link to it with a role.
  await db.schema
    .createTable('cloud_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cloud_accounts_service_check', sql`service in ('AWS', 'AZURE')`)
    .addCheckConstraint(
      'cloud_accounts_account_id_check',
      sql`(service = 'AWS' and account_id ~ '^[0-9]{12}$') or (service = 'AZURE' and account_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')`,
    )
    .addUniqueConstraint('cloud_accounts_key', ['service', 'account_id'])
    .execute();

  await db.schema
    .createTable('project_cloud_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('cloud_account_id', 'uuid', (c) =>
      c.notNull().references('cloud_accounts.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('service_role_id', 'uuid', (c) => c.references('service_roles.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('project_cloud_accounts_key', ['project_id', 'cloud_account_id'])
    .addCheckConstraint(
      'project_cloud_accounts_role_check',
      sql`role in ('ADMINISTRATOR', 'POWER_USER', 'SECURITY_AUDITOR', 'VIEWER', 'DEVELOPER')`,
    )
    .addCheckConstraint('project_cloud_accounts_status_check', sql`status in ('ACTIVE', 'INACTIVE')`)
    .execute();

  // One item per account a deactivated person held: what to do, and what came of it.
  await db.schema
    .createTable('offboarding_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_account_id', 'uuid', (c) =>
      c.references('provider_accounts.id').onDelete('set null'),
    )
    .addColumn('jira_account_id', 'uuid', (c) => c.references('jira_accounts.id').onDelete('set null'))
    .addColumn('connection_id', 'uuid', (c) => c.references('connections.id').onDelete('set null'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('result_code', 'text')
    .addColumn('result_detail', 'text')
    .addColumn('attempted_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('offboarding_items_state_check', sql`state in ('OPEN', 'MANUAL', 'FAILED', 'DONE')`)
    .execute();
  await sql`create unique index offboarding_items_account_key on offboarding_items (user_id, provider_account_id) where provider_account_id is not null`.execute(
    db,
  );
  await sql`create unique index offboarding_items_jira_key on offboarding_items (user_id, jira_account_id) where jira_account_id is not null`.execute(
    db,
  );
  await sql`create index offboarding_items_open_idx on offboarding_items (user_id) where state <> 'DONE'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'offboarding_items',
    'project_cloud_accounts',
    'cloud_accounts',
    'service_roles',
    'project_git_repositories',
    'discord_channels',
    'git_repositories',
    'provider_account_assignees',
    'provider_accounts',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
