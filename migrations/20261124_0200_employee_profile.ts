import { sql, type Kysely } from 'kysely';

const SEARCH_WITHOUT_CODE = sql`bo_unaccent(lower(first_name || ' ' || last_name || ' ' || last_name || ' ' || first_name || ' ' || email::text))`;
const SEARCH_WITH_CODE = sql`bo_unaccent(lower(first_name || ' ' || last_name || ' ' || last_name || ' ' || first_name || ' ' || email::text || ' ' || coalesce(employee_code, '')))`;

async function rebuildSearchText(db: Kysely<unknown>, expression: typeof SEARCH_WITH_CODE): Promise<void> {
  // A generated column's expression cannot be altered in place: drop it with its index and add it again.
  await sql`drop index if exists users_search_trgm_idx`.execute(db);
  await sql`alter table users drop column search_text`.execute(db);
  await sql`alter table users add column search_text text generated always as (${expression}) stored`.execute(
    db,
  );
  await sql`create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops) where deleted_at is null`.execute(
    db,
  );
}

/**
 * The employee profile (issue 9): an employee code and a line manager on the person, the legal pages
 * shown on sign-up (terms of service, privacy policy) editable by administrators, and the indexes the
 * profile's history of changes reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('employee_code', 'text')
    // The leave and overtime approvers default to the line manager; a removed manager leaves none.
    .addColumn('line_manager_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`alter table users add constraint users_line_manager_not_self check (line_manager_id <> id)`.execute(
    db,
  );
  // Codes are unique among live people, whatever their case ('nv001' and 'NV001' are the same code).
  await sql`create unique index users_employee_code_live_key on users (lower(employee_code))
    where deleted_at is null and employee_code is not null`.execute(db);
  await sql`create index users_employee_code_sort_idx on users (employee_code, id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index users_line_manager_idx on users (line_manager_id) where line_manager_id is not null`.execute(
    db,
  );
  // The code is searchable like names and email.
  await rebuildSearchText(db, SEARCH_WITH_CODE);

  // A person's history: their own events newest first, and the access-role changes that name them.
  await sql`create index audit_events_entity_time_idx on audit_events (entity_type, entity_id, occurred_at desc, id desc)`.execute(
    db,
  );
  await sql`create index audit_events_role_member_idx on audit_events
    ((coalesce(after->>'userId', before->>'userId')), occurred_at desc)
    where entity_type = 'role' and action in ('role.member_added', 'role.member_removed')`.execute(db);

  await db.schema
    .createTable('legal_pages')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('TERMS','PRIVACY')`))
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en','vi')`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('legal_pages_pkey', ['kind', 'language'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('legal_pages').ifExists().execute();
  await sql`drop index if exists audit_events_role_member_idx`.execute(db);
  await sql`drop index if exists audit_events_entity_time_idx`.execute(db);
  await rebuildSearchText(db, SEARCH_WITHOUT_CODE);
  await sql`drop index if exists users_line_manager_idx`.execute(db);
  await sql`drop index if exists users_employee_code_sort_idx`.execute(db);
  await sql`drop index if exists users_employee_code_live_key`.execute(db);
  await sql`alter table users drop constraint if exists users_line_manager_not_self`.execute(db);
  await db.schema.alterTable('users').dropColumn('line_manager_id').dropColumn('employee_code').execute();
}
