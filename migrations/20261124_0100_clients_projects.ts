import { sql, type Kysely } from 'kysely';

/**
 * Clients and projects (spec sections 3 and 4): clients, their projects with a stage and its
 * history, and the members of a project with their project role.
 *
 * A member's project role is granted through `user_roles` (the table the Actor is built from), one
 * row per active member of a live, active project, tied to its member by `project_member_id`: when
 * the membership ends (deactivated, deleted, the project deactivated or deleted) the row goes, and
 * the role stops applying on the person's next call. Rows without `project_member_id` (granted any
 * other way) are never touched by the projects area.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const live = sql`where deleted_at is null`;

  await db.schema
    .createTable('clients')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('EXTERNAL')
        .check(sql`type in ('EXTERNAL','INTERNAL')`),
    )
    .addColumn('email', sql`citext`)
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE','INACTIVE')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`alter table clients add column search_text text generated always as
    (bo_unaccent(lower(name || ' ' || coalesce(email::text, '')))) stored`.execute(db);
  await sql`create unique index clients_name_live_key on clients (lower(name)) ${live}`.execute(db);
  await sql`create index clients_search_trgm_idx on clients using gin (search_text gin_trgm_ops) ${live}`.execute(
    db,
  );
  await sql`create index clients_created_idx on clients (created_at, id) ${live}`.execute(db);
  await sql`create index clients_name_sort_idx on clients (bo_unaccent(lower(name)), id) ${live}`.execute(db);

  await db.schema
    .createTable('projects')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // A client with projects cannot be deleted (soft): the service refuses, the key keeps it so.
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('stage', 'text', (c) =>
      c
        .notNull()
        .defaultTo('NEGOTIATION')
        .check(sql`stage in ('NEGOTIATION','POC','SIGNED_CONTRACT','DEVELOPMENT','GO_LIVE','CLOSED')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE','INACTIVE')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`alter table projects add constraint projects_dates_order
    check (end_date is null or start_date is null or end_date > start_date)`.execute(db);
  await sql`alter table projects add column search_text text generated always as
    (bo_unaccent(lower(name))) stored`.execute(db);
  // One live project of a name per client; a deleted one frees its name.
  await sql`create unique index projects_client_name_live_key on projects (client_id, lower(name)) ${live}`.execute(
    db,
  );
  // Every filter and sort of the project list has an index; all of them skip deleted projects.
  await sql`create index projects_search_trgm_idx on projects using gin (search_text gin_trgm_ops) ${live}`.execute(
    db,
  );
  // Names sort without their accents ('Cổng' beside 'Cong', not after 'Customer'): the search text is that.
  await sql`create index projects_name_idx on projects (search_text, id) ${live}`.execute(db);
  await sql`create index projects_stage_status_idx on projects (stage, status) ${live}`.execute(db);
  await sql`create index projects_start_idx on projects (start_date, id) ${live}`.execute(db);
  await sql`create index projects_end_idx on projects (end_date, id) ${live}`.execute(db);
  await sql`create index projects_created_idx on projects (created_at, id) ${live}`.execute(db);

  await db.schema
    .createTable('project_stage_changes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Null for the stage a project was created in.
    .addColumn('from_stage', 'text')
    .addColumn('to_stage', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('changed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // Who, as the audit trail names them ('system' for the CLI): kept if the person is deleted.
    .addColumn('changed_by_label', 'text', (c) => c.notNull())
    .execute();
  await sql`create index project_stage_changes_project_idx on project_stage_changes (project_id, changed_at, id)`.execute(
    db,
  );

  await db.schema
    .createTable('project_members')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A role in use by a membership cannot be removed from the database (roles are soft-deleted).
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('restrict'))
    .addColumn('note', 'text')
    .addColumn('joined_at', 'date')
    .addColumn('exited_at', 'date')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE','INACTIVE')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`alter table project_members add constraint project_members_dates_order
    check (exited_at is null or joined_at is null or exited_at > joined_at)`.execute(db);
  // Nobody is an active member of one project twice; past memberships stay as history.
  await sql`create unique index project_members_active_key on project_members (project_id, user_id)
    where status = 'ACTIVE' and deleted_at is null`.execute(db);
  await sql`create index project_members_project_idx on project_members (project_id, status) ${live}`.execute(
    db,
  );
  await sql`create index project_members_user_idx on project_members (user_id, project_id) ${live}`.execute(
    db,
  );

  // user_roles.project_id was left without a foreign key by the foundation until projects existed.
  await sql`alter table user_roles add constraint user_roles_project_fkey
    foreign key (project_id) references projects (id) on delete cascade`.execute(db);
  await db.schema
    .alterTable('user_roles')
    .addColumn('project_member_id', 'uuid', (c) => c.references('project_members.id').onDelete('cascade'))
    .execute();
  await sql`create unique index user_roles_project_member_key on user_roles (project_member_id)
    where project_member_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists user_roles_project_member_key`.execute(db);
  await db.schema.alterTable('user_roles').dropColumn('project_member_id').execute();
  await sql`alter table user_roles drop constraint if exists user_roles_project_fkey`.execute(db);
  for (const table of ['project_members', 'project_stage_changes', 'projects', 'clients']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
