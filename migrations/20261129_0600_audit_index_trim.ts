import { sql, type Kysely } from 'kysely';

/**
 * audit_events_entity_idx (entity_type, entity_id) is a prefix of audit_events_entity_time_idx
 * (entity_type, entity_id, occurred_at desc, id desc): every lookup it served, the longer one serves,
 * and every audited write (one per change, 20,000 in an import of 10,000 people) paid for both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_events_entity_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists audit_events_entity_idx on audit_events (entity_type, entity_id)`.execute(
    db,
  );
}
