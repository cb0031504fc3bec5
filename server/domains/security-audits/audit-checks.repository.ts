import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * The read-only queries behind the audit checks. They read other areas' tables (people, roles,
 * two-factor, access requests) and write nothing; each answers at most `limit` rows in a stable order.
 */

const days = (count: number) => sql<Date>`${sql.lit(count)} * interval '1 day'`;

/**
 * Deactivated people who still hold roles, and active ones not signed in for `inactiveDays` (never,
 * and created that long ago) who hold a role other than the built-in User role everyone gets.
 */
export function listInactiveAccountsWithRoles(db: Db, now: Date, inactiveDays: number, limit: number) {
  const since = sql<Date>`${now}::timestamptz - ${days(inactiveDays)}`;
  return db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select([
      'u.id',
      'u.email',
      'u.status',
      'u.last_sign_in_at',
      sql<string[]>`array_agg(distinct r.name order by r.name)`.as('roles'),
    ])
    .where('u.deleted_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.status', '=', 'INACTIVE'),
        eb.and([
          eb('u.status', '=', 'ACTIVE'),
          eb(sql`coalesce(r.built_in_key, '')`, '!=', 'user'),
          eb.or([
            eb('u.last_sign_in_at', '<', since),
            eb.and([eb('u.last_sign_in_at', 'is', null), eb('u.created_at', '<', since)]),
          ]),
        ]),
      ]),
    )
    .groupBy(['u.id', 'u.email', 'u.status', 'u.last_sign_in_at'])
    .orderBy('u.email')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** Active people who can sign in (a password is set) without two-factor authentication turned on. */
export function listPeopleWithoutTwoFactor(db: Db, limit: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('user_two_factor as tf', 'tf.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.last_sign_in_at'])
    .where('u.deleted_at', 'is', null)
    .where('u.status', '=', 'ACTIVE')
    .where('u.password_hash', 'is not', null)
    .where((eb) => eb.or([eb('tf.enabled_at', 'is', null), eb('tf.secret', 'is', null)]))
    .orderBy('u.email')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** Access requests still pending `staleDays` after they were made. */
export function listStaleAccessRequests(db: Db, now: Date, staleDays: number, limit: number) {
  return db
    .selectFrom('access_requests as ar')
    .innerJoin('users as u', 'u.id', 'ar.requester_id')
    .select(['ar.id', 'ar.path', 'ar.created_at', 'u.id as requester_id', 'u.email'])
    .where('ar.status', '=', 'PENDING')
    .where('ar.created_at', '<', sql<Date>`${now}::timestamptz - ${days(staleDays)}`)
    .orderBy('ar.created_at')
    .orderBy('ar.id')
    .limit(limit)
    .execute();
}
