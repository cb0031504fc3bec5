import { sql, type Kysely } from 'kysely';

/**
 * Audit events name their subject: the person an event is about when nobody is signed in yet
 * (a sign-in, a password reset through a mailed link). Before, such events borrowed a made-up
 * system actor labelled with the email; now the actor stays who acted (anonymous or system) and the
 * subject says whom it concerned. History of one person reads `subject_id` or `entity_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_events')
    .addColumn('subject_id', 'uuid')
    .addColumn('subject_label', 'text')
    .execute();
  await sql`create index audit_events_subject_idx on audit_events (subject_id, occurred_at desc)
    where subject_id is not null`.execute(db);
  await sql`create index if not exists audit_events_request_idx on audit_events (request_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_events_request_idx`.execute(db);
  await db.schema.alterTable('audit_events').dropColumn('subject_id').dropColumn('subject_label').execute();
}
