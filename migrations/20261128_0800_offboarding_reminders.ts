import { sql, type Kysely } from 'kysely';

/**
 * Offboarding reminders (issue 13): the daily OFFBOARDING_REMINDER notification to the holders of
 * `accounts.manage` while a checklist has open items. Only the notification type is new.
 */

const NEW_NOTIFICATION_TYPES = ['OFFBOARDING_REMINDER'];

/** The types `notifications_type_check` allows now (other migrations add theirs too). */
async function allowedNotificationTypes(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint
    where conname = 'notifications_type_check' and conrelid = 'notifications'::regclass`.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]!);
}

async function setNotificationTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
  await sql`alter table notifications add constraint notifications_type_check
    check (type in (${sql.join(types.map((type) => sql.lit(type)))}))`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = await allowedNotificationTypes(db);
  await setNotificationTypes(db, [...new Set([...types, ...NEW_NOTIFICATION_TYPES])]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in (${sql.join(NEW_NOTIFICATION_TYPES)})`.execute(db);
  const types = await allowedNotificationTypes(db);
  await setNotificationTypes(
    db,
    types.filter((type) => !NEW_NOTIFICATION_TYPES.includes(type)),
  );
}
