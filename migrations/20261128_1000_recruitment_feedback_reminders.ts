import { sql, type Kysely } from 'kysely';

/**
 * The daily reminder of overdue interview feedback (issue 21): the company day an application's
 * hiring team was last reminded, so the worker reminds at most once a day per application (a second
 * run, or two workers at once, remind nobody twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table hiring_applications add column feedback_reminded_on date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table hiring_applications drop column feedback_reminded_on`.execute(db);
}
