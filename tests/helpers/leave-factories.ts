import type { Db } from '../../server/db/connect.ts';
import { addDays, weekday } from '../../shared/rules/periods.ts';

/** Dates and records the leave tests share. */

const todayIso = () => new Date().toISOString().slice(0, 10);

/** The Monday `weeks` weeks after this one: far enough for any notice rule, a working day. */
export function mondayIn(weeks: number): string {
  const today = todayIso();
  return addDays(today, 7 * weeks - ((weekday(today) + 6) % 7));
}

/** A Monday of `weeks` ahead that leaves the whole week in the same year (requests may not span two). */
export function workWeek(weeks = 3): {
  monday: string;
  tuesday: string;
  wednesday: string;
  friday: string;
  saturday: string;
  sunday: string;
  nextMonday: string;
} {
  // The week and the Monday after it in one year.
  let monday = mondayIn(weeks);
  while (monday.slice(0, 4) !== addDays(monday, 7).slice(0, 4)) monday = addDays(monday, 7);
  return {
    nextMonday: addDays(monday, 7),
    monday,
    tuesday: addDays(monday, 1),
    wednesday: addDays(monday, 2),
    friday: addDays(monday, 4),
    saturday: addDays(monday, 5),
    sunday: addDays(monday, 6),
  };
}

export async function absenceTypeId(db: Db, name: string): Promise<string> {
  const row = await db
    .selectFrom('absence_types')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createDepartment(db: Db, name: string, memberIds: string[] = []): Promise<string> {
  const row = await db.insertInto('departments').values({ name }).returning('id').executeTakeFirstOrThrow();
  if (memberIds.length)
    await db.updateTable('users').set({ department_id: row.id }).where('id', 'in', memberIds).execute();
  return row.id;
}

/** Everything a leave call could change: a refused call must leave it as it was. */
export async function leaveState(db: Db) {
  const [requests, approvers, days, grants, holidays, types, audit, notifications, mails] = await Promise.all(
    [
      db.selectFrom('leave_requests').selectAll().orderBy('id').execute(),
      db.selectFrom('leave_request_approvers').selectAll().orderBy('id').execute(),
      db.selectFrom('leave_days').selectAll().orderBy('leave_request_id').orderBy('day').execute(),
      db.selectFrom('leave_balance_grants').selectAll().orderBy('id').execute(),
      db.selectFrom('holidays').selectAll().orderBy('id').execute(),
      db.selectFrom('absence_types').selectAll().orderBy('id').execute(),
      db.selectFrom('audit_events').select('id').execute(),
      db.selectFrom('notifications').select('id').execute(),
      db.selectFrom('mail_outbox').select('id').execute(),
    ],
  );
  return {
    requests,
    approvers,
    days,
    grants,
    holidays,
    types,
    audit: audit.length,
    notifications: notifications.length,
    mails: mails.length,
  };
}
