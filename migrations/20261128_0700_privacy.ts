import { sql, type Kysely } from 'kysely';

/**
 * Personal data protection (issue 21; Vietnam's Decree 13/2023/ND-CP): consent records (what a
 * person agreed to and when) and the anonymisations of former employees' personal fields after the
 * retention period.
 *
 * Sign-up always required agreeing to the terms of service and the privacy policy and kept the
 * moment in `users.terms_accepted_at`: every person who has one gets the two consent records it
 * stands for (source BACKFILL), so the history starts complete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consent_records')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('TERMS','PRIVACY')`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('SIGN_UP','BACKFILL')`))
    .addColumn('agreed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index consent_records_user_idx on consent_records (user_id, agreed_at, id)`.execute(db);
  await sql`insert into consent_records (user_id, kind, source, agreed_at)
    select u.id, k.kind, 'BACKFILL', u.terms_accepted_at
    from users u cross join (values ('TERMS'), ('PRIVACY')) as k(kind)
    where u.terms_accepted_at is not null`.execute(db);

  await db.schema
    .createTable('privacy_anonymisations')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('offboard_date', 'date', (c) => c.notNull())
    .addColumn('retention_months', 'integer', (c) => c.notNull())
    .addColumn('fields', sql`text[]`, (c) => c.notNull())
    .addColumn('anonymised_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('anonymised_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('privacy_anonymisations').execute();
  await db.schema.dropTable('consent_records').execute();
}
