import { sql, type Kysely } from 'kysely';

/**
 * Third-party connections (issue 13), first slice: the connections themselves (tokens encrypted,
 * never in clear), the log of their sync runs, what a Jira sync brings back (projects, accounts
 * with a local note and assignees, the issues of linked projects), the links of projects to Jira
 * projects, and the result of pushing work logs to Jira as worklogs.
 *
 * Synced rows are keyed by the provider's own id and never deleted by a sync: what is gone upstream
 * gets `removed_at`, so local notes, assignees and links survive a provider's hiccup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_email', 'text')
    // AES-256-GCM under CONNECTIONS_KEY (server/domains/connections/token-crypto.ts); emptied on removal.
    .addColumn('token_ciphertext', 'text', (c) => c.notNull())
    .addColumn('token_last4', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_succeeded_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('connections_status_check', sql`status in ('ACTIVE', 'INACTIVE')`)
    .addCheckConstraint(
      'connections_kind_check',
      sql`kind in ('THIRD_PARTY_CONNECTIONS', 'CLOUD_SERVICE_ROLES')`,
    )
    .execute();
  // One live connection per provider, address and path ('a repeated connection').
  await sql`create unique index connections_identity_key on connections (provider, base_url, lower(path)) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('connection_sync_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('RUNNING'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('started_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_by_label', 'text', (c) => c.notNull())
    .addColumn('counts', 'jsonb')
    .addColumn('error_code', 'text')
    .addColumn('error_detail', 'text')
    .addCheckConstraint(
      'connection_sync_runs_status_check',
      sql`status in ('RUNNING', 'SUCCEEDED', 'FAILED')`,
    )
    .execute();
  // At most one run at a time per connection, whoever starts it (API, CLI, worker).
  await sql`create unique index connection_sync_runs_one_running on connection_sync_runs (connection_id) where status = 'RUNNING'`.execute(
    db,
  );
  await sql`create index connection_sync_runs_connection_idx on connection_sync_runs (connection_id, started_at desc)`.execute(
    db,
  );

  await db.schema
    .createTable('jira_projects')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lead_account_id', 'text')
    .addColumn('lead_name', 'text')
    .addColumn('total_issues', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('jira_projects_external_key', ['connection_id', 'external_id'])
    .execute();
  await sql`create index jira_projects_name_idx on jira_projects (connection_id, lower(name))`.execute(db);

  await db.schema
    .createTable('jira_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Ours, not the provider's: a sync never writes these.
    .addColumn('note', 'text')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('jira_accounts_external_key', ['connection_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('jira_account_assignees')
    .addColumn('jira_account_id', 'uuid', (c) =>
      c.notNull().references('jira_accounts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('jira_account_assignees_pkey', ['jira_account_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('jira_issues')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('jira_project_id', 'uuid', (c) =>
      c.notNull().references('jira_projects.id').onDelete('cascade'),
    )
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('issue_updated_at', 'timestamptz')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('jira_issues_external_key', ['connection_id', 'external_id'])
    .execute();
  // The work-log dialog looks tasks up by key within a project's linked Jira projects.
  await sql`create index jira_issues_project_key_idx on jira_issues (jira_project_id, key)`.execute(db);

  await db.schema
    .createTable('project_jira_projects')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('jira_project_id', 'uuid', (c) =>
      c.notNull().references('jira_projects.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('project_jira_projects_key', ['project_id', 'jira_project_id'])
    .addCheckConstraint('project_jira_projects_status_check', sql`status in ('ACTIVE', 'INACTIVE')`)
    .execute();
  await sql`create index project_jira_projects_jira_idx on project_jira_projects (jira_project_id)`.execute(
    db,
  );

  await db.schema
    .createTable('work_log_jira_pushes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('work_log_id', 'uuid', (c) => c.notNull().references('work_logs.id').onDelete('cascade'))
    .addColumn('issue_key', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'uuid', (c) => c.references('connections.id').onDelete('set null'))
    // PENDING while a push is under way (a claim, so two pushes of one log do not both add a worklog).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('jira_worklog_id', 'text')
    .addColumn('seconds', 'integer')
    // The log's version that was pushed: a later version means "changed since push".
    .addColumn('work_log_version', 'integer', (c) => c.notNull())
    .addColumn('pushed_at', 'timestamptz')
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('error_code', 'text')
    .addColumn('error_detail', 'text')
    .addUniqueConstraint('work_log_jira_pushes_key', ['work_log_id', 'issue_key'])
    .addCheckConstraint('work_log_jira_pushes_state_check', sql`state in ('PENDING', 'PUSHED', 'FAILED')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'work_log_jira_pushes',
    'project_jira_projects',
    'jira_issues',
    'jira_account_assignees',
    'jira_accounts',
    'jira_projects',
    'connection_sync_runs',
    'connections',
  ])
    await db.schema.dropTable(table).ifExists().execute();
  await sql`delete from app_settings where key = 'connections.dev_key'`.execute(db);
}
