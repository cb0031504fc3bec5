import { sql, type Expression, type SqlBool } from 'kysely';
import type { PasswordStanding } from '../../../shared/platform-settings.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/**
 * Who expires when (SECURITY of /platform-settings): active people's passwords against the policy,
 * read-only. The reminder marker is written by accounts.repository.ts (`markReminded`).
 */

export interface ExpiryPolicy {
  maxAgeDays: number;
  reminderDays: number;
}

const expiresAt = (policy: ExpiryPolicy) =>
  policy.maxAgeDays > 0
    ? sql<Date | null>`u.password_changed_at + make_interval(days => ${policy.maxAgeDays})`
    : sql<Date | null>`null::timestamptz`;

const standing = (policy: ExpiryPolicy) => {
  const expires = expiresAt(policy);
  return sql<PasswordStanding>`case
    when ${expires} is null then 'NEVER'
    when ${expires} <= now() then 'EXPIRED'
    when ${expires} - make_interval(days => ${policy.reminderDays}) <= now() then 'EXPIRING_SOON'
    else 'OK' end`;
};

function people(db: Db, policy: ExpiryPolicy, filters: { search?: string; status?: PasswordStanding }) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .where('u.deleted_at', 'is', null)
    .where('u.status', '=', 'ACTIVE');
  if (filters.search) {
    const like = `%${filters.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb(sql`u.first_name || ' ' || u.last_name`, 'ilike', like),
        eb(sql`u.last_name || ' ' || u.first_name`, 'ilike', like),
      ]),
    );
  }
  if (filters.status)
    query = query.where(sql`${standing(policy)} = ${filters.status}` as Expression<SqlBool>);
  return query;
}

/** A page of people by expiry (soonest first, those that never expire last). */
export async function listPasswordExpiries(
  db: Db,
  policy: ExpiryPolicy,
  filters: { search?: string; status?: PasswordStanding },
  window: PageWindow,
) {
  const query = people(db, policy, filters);
  const [rows, count] = await Promise.all([
    query
      .select([
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'd.name as department',
        'u.password_changed_at',
        'u.password_expiry_reminded_at',
      ])
      .select(expiresAt(policy).as('expires_at'))
      .select(standing(policy).as('standing'))
      .orderBy(sql`${expiresAt(policy)} asc nulls last`)
      .orderBy('u.email')
      .orderBy('u.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export type ReminderRecipient = Awaited<ReturnType<typeof findReminderRecipients>>[number];

/**
 * The people to remind: those given (any standing but NEVER), or every expired or expiring one,
 * soonest first, locked so the worker's reminder does not run over them meanwhile.
 */
export function findReminderRecipients(
  db: Db,
  policy: ExpiryPolicy,
  options: { userIds?: readonly string[]; limit: number },
) {
  let query = people(db, policy, {})
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.language'])
    // Never null here: the rows without an expiry are left out just below.
    .select(sql<Date>`${expiresAt(policy)}`.as('expires_at'))
    .where(sql`${expiresAt(policy)} is not null` as Expression<SqlBool>);
  query = options.userIds
    ? query.where('u.id', 'in', [...options.userIds])
    : query.where(standing(policy), 'in', ['EXPIRED', 'EXPIRING_SOON']);
  return query
    .orderBy(sql`${expiresAt(policy)}`)
    .orderBy('u.id')
    .limit(options.limit)
    .forUpdate('u')
    .execute();
}
