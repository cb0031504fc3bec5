import type { Db } from '../../server/db/connect.ts';
import { addDays, weekday } from '../../shared/rules/periods.ts';
import type { Permission } from '../../shared/permissions.ts';
import { createRole } from './factories.ts';
import { addMember, createClient, createProject } from './project-factories.ts';

/** Dates and records the work-log tests share. */

const todayIso = () => new Date().toISOString().slice(0, 10);

/** The Monday `weeks` weeks before this one: a whole week in the past, so every day takes logs. */
export function pastWeek(weeks = 2) {
  const today = todayIso();
  const monday = addDays(today, -7 * weeks - ((weekday(today) + 6) % 7));
  return {
    monday,
    tuesday: addDays(monday, 1),
    wednesday: addDays(monday, 2),
    thursday: addDays(monday, 3),
    friday: addDays(monday, 4),
    saturday: addDays(monday, 5),
    sunday: addDays(monday, 6),
  };
}

/** A live project with the people as active members, whose project role carries `permissions`. */
export async function projectWithMembers(
  db: Db,
  memberIds: readonly string[],
  permissions: Permission[] = ['projects.view'],
  name?: string,
) {
  const client = await createClient(db);
  const project = await createProject(db, client.id, { name });
  const role = await createRole(db, { type: 'PROJECT', permissions });
  for (const id of memberIds) await addMember(db, project.id, id, role.id);
  return project;
}

/** Everything a work-log call could change: a refused call must leave it as it was. */
export async function workLogState(db: Db) {
  const [logs, locks, audit] = await Promise.all([
    db.selectFrom('work_logs').selectAll().orderBy('id').execute(),
    db.selectFrom('work_log_locks').selectAll().orderBy('id').execute(),
    db.selectFrom('audit_events').select('id').execute(),
  ]);
  return { logs, locks, audit: audit.length };
}
