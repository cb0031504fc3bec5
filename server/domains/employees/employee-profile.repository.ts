import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** What the profile reads besides the person: their audit trail, roles and invitation. */

/** Audit actions about a person that say nothing a reader of their history needs. */
const QUIET_ACTIONS = ['password.expiry_notified', 'two-factor.setup_started'];
const ROLE_MEMBER_ACTIONS = ['role.member_added', 'role.member_removed'];

export interface HistoryRow {
  id: string;
  occurred_at: Date;
  actor_id: string | null;
  actor_label: string;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_email: string | null;
  action: string;
  before: unknown;
  after: unknown;
  role_name: string | null;
}

/** A person's events, newest first: their own, and the access-role changes that name them. */
export async function listPersonHistory(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const base = db
    .selectFrom('audit_events as ae')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('ae.entity_type', '=', 'user'),
          eb('ae.entity_id', '=', userId),
          eb('ae.action', 'not in', QUIET_ACTIONS),
        ]),
        eb.and([
          eb('ae.entity_type', '=', 'role'),
          eb('ae.action', 'in', ROLE_MEMBER_ACTIONS),
          eb(sql<string>`coalesce(ae.after->>'userId', ae.before->>'userId')`, '=', userId),
        ]),
      ]),
    );
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as a', 'a.id', 'ae.actor_id')
      .leftJoin('roles as r', (join) =>
        join.on('ae.entity_type', '=', 'role').on(sql<string>`r.id::text`, '=', sql.ref('ae.entity_id')),
      )
      .select([
        sql<string>`ae.id::text`.as('id'),
        'ae.occurred_at',
        'ae.actor_id',
        'ae.actor_label',
        'a.first_name as actor_first_name',
        'a.last_name as actor_last_name',
        'a.email as actor_email',
        'ae.action',
        'ae.before',
        'ae.after',
        'r.name as role_name',
      ])
      .orderBy('ae.occurred_at', 'desc')
      .orderBy('ae.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as HistoryRow[], total: count.total };
}

/** Names of what history records point at by id, for records that were kept without names. */
export async function namesByIds(
  db: Db,
  ids: { department: string[]; employeeRole: string[]; bank: string[]; lineManager: string[] },
): Promise<Record<keyof typeof ids, Map<string, string>>> {
  const valid = (list: string[]) => [...new Set(list)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const [departments, roles, banks, people] = await Promise.all([
    valid(ids.department).length
      ? db.selectFrom('departments').select(['id', 'name']).where('id', 'in', valid(ids.department)).execute()
      : [],
    valid(ids.employeeRole).length
      ? db.selectFrom('roles').select(['id', 'name']).where('id', 'in', valid(ids.employeeRole)).execute()
      : [],
    valid(ids.bank).length
      ? db
          .selectFrom('banks')
          .select(['id', 'short_name as name'])
          .where('id', 'in', valid(ids.bank))
          .execute()
      : [],
    valid(ids.lineManager).length
      ? db
          .selectFrom('users')
          .select(['id', sql<string>`last_name || ' ' || first_name`.as('name')])
          .where('id', 'in', valid(ids.lineManager))
          .execute()
      : [],
  ]);
  const index = (rows: Array<{ id: string; name: string }>) => new Map(rows.map((r) => [r.id, r.name]));
  return {
    department: index(departments),
    employeeRole: index(roles),
    bank: index(banks),
    lineManager: index(people),
  };
}

/** Every role a person holds (not deleted), with the project of project roles. */
export function listPersonRoles(db: Db, userId: string) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.name', 'r.type', 'r.status', 'r.built_in_key', 'ur.project_id'])
    .where('ur.user_id', '=', userId)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.type')
    .orderBy('r.name')
    .orderBy('ur.project_id')
    .execute();
}
