import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { insertMany } from '../../db/insert-many.ts';
import type { NewUser, UserRow, UserUpdate } from '../../db/database.ts';

/**
 * The `users` table. This file is its only writer: every insert and update of a person, from any
 * area, goes through the functions below (other areas call them through `accounts.service.ts`).
 * Test factories and benchmarks seed rows directly; nothing else does.
 */

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The live user row, locked until the transaction ends (changes to one account apply one at a time). */
export function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts many people in one statement (imports); answers them in the order given. */
/**
 * Creates many people (imports) in a few statements, answered in the order given: the rows come back
 * matched by email, which is unique among the living.
 */
export async function insertUsers(db: Db, values: readonly NewUser[]): Promise<InsertedUser[]> {
  if (values.length === 0) return [];
  const inserted = (await insertMany(db, 'users', values, {
    returning: ['id', 'email', 'first_name', 'last_name', 'language', 'user_type'],
  })) as unknown as InsertedUser[];
  const byEmail = new Map(inserted.map((user) => [user.email.toLowerCase(), user]));
  return values.map((value) => byEmail.get(String(value.email).toLowerCase())!);
}

export type InsertedUser = Pick<
  UserRow,
  'id' | 'email' | 'first_name' | 'last_name' | 'language' | 'user_type'
>;

export async function updateUser(db: Db, id: string, values: UserUpdate): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new password: its change time restarts the expiry clock, so earlier reminders no longer count. */
export async function setPassword(db: Db, userId: string, passwordHash: string, at: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_changed_at: at,
      password_expiry_notified_at: null,
      password_expiry_reminded_at: null,
      updated_at: at,
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Book-keeping markers (last sign-in, notice closed, reminder sent) leave `updated_at` alone: nobody edited the person. */
export async function markSignedIn(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: new Date() }).where('id', '=', userId).execute();
}

export async function markExpiryNotified(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_expiry_notified_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function markReminded(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_expiry_reminded_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Makes exactly `memberIds` the members of the department; the others leave it. */
export async function setDepartmentMembers(
  db: Db,
  departmentId: string,
  memberIds: readonly string[],
): Promise<void> {
  let leaving = db
    .updateTable('users')
    .set({ department_id: null, updated_at: new Date() })
    .where('department_id', '=', departmentId);
  if (memberIds.length > 0) leaving = leaving.where('id', 'not in', memberIds);
  await leaving.execute();
  if (memberIds.length > 0) {
    await db
      .updateTable('users')
      .set({ department_id: departmentId, updated_at: new Date() })
      .where('id', 'in', memberIds)
      .where((eb) => eb.or([eb('department_id', 'is', null), eb('department_id', '!=', departmentId)]))
      .execute();
  }
}

/**
 * SQL that is true when the password of the user row `users_alias` is older than the maximum age in
 * `app_settings` (`defaultMaxAgeDays` when unset; 0 means passwords never expire). Embedded in the
 * session lookup, so checking it costs no extra query per API call.
 */
export function passwordExpiredSql(usersAlias: string, defaultMaxAgeDays: number) {
  const changedAt = sql.ref(`${usersAlias}.password_changed_at`);
  return sql<boolean>`coalesce((
    select max_age > 0 and ${changedAt} + make_interval(days => max_age) <= now()
    from (select coalesce((select case when jsonb_typeof(value) = 'number'
      then floor((value #>> '{}')::numeric)::int end
      from app_settings where key = 'password.max_age_days'), ${defaultMaxAgeDays}::int) as max_age) s
  ), false)`;
}

/**
 * Active people whose password enters the reminder window and who were not reminded for it yet,
 * oldest password first.
 */
export function listPasswordsToRemind(db: Db, maxAgeDays: number, reminderDays: number, limit: number) {
  const expiresAt = sql<Date>`u.password_changed_at + make_interval(days => ${maxAgeDays})`;
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.language', 'u.password_changed_at'])
    .select(expiresAt.as('expires_at'))
    .where('u.status', '=', 'ACTIVE')
    .where('u.deleted_at', 'is', null)
    .where('u.password_changed_at', 'is not', null)
    .where(expiresAt, '>', sql<Date>`now()`)
    .where(sql<Date>`${expiresAt} - make_interval(days => ${reminderDays})`, '<=', sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb('u.password_expiry_reminded_at', 'is', null),
        eb('u.password_expiry_reminded_at', '<', eb.ref('u.password_changed_at')),
      ]),
    )
    .orderBy('u.password_changed_at')
    .orderBy('u.id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
