import type { ServiceContext } from '../../core/context.ts';
import { requireTransaction } from '../../core/transaction.ts';
import type { NewUser, UserRow, UserUpdate } from '../../db/database.ts';
import * as users from './accounts.repository.ts';
import * as avatars from './avatars.repository.ts';
import * as sessions from './sessions.repository.ts';

/**
 * The accounts area's service API for other areas: the one way in to the `users` table and to
 * sessions. Employees, imports and departments create and change people through these functions;
 * the accounts area's own use cases (sign-in.ts, invite.ts, profile.ts …) use its repositories.
 *
 * Nothing here authorizes or audits: the calling use case has checked who may do it and writes the
 * audit event. Writes refuse to run outside `inTransaction`, so they commit with that event.
 * For whole use cases (an invitation), other areas call the use-case files themselves (invite.ts).
 */

/** A live person by id (not deleted), any status. */
export function findUserById(ctx: ServiceContext, id: string): Promise<UserRow | undefined> {
  return users.findUserById(ctx.db, id);
}

/** A live person by email (not deleted), any status. */
export function findUserByEmail(ctx: ServiceContext, email: string): Promise<UserRow | undefined> {
  return users.findUserByEmail(ctx.db, email);
}

/** Creates a person; a taken email fails with the `users_email_live_key` unique violation. */
export function insertUser(tx: ServiceContext, values: NewUser): Promise<UserRow> {
  requireTransaction(tx, 'insertUser');
  return users.insertUser(tx.db, values);
}

/** Creates many people in one statement (imports); answers them in the order given. */
export function insertUsers(tx: ServiceContext, values: readonly NewUser[]) {
  requireTransaction(tx, 'insertUsers');
  return users.insertUsers(tx.db, values);
}

/** Changes a person's columns (and `updated_at`); those left out stay. */
export function updateUser(tx: ServiceContext, id: string, values: UserUpdate): Promise<UserRow> {
  requireTransaction(tx, 'updateUser');
  return users.updateUser(tx.db, id, values);
}

/** Makes exactly `memberIds` the members of the department; the others leave it. */
export function setDepartmentMembers(
  tx: ServiceContext,
  departmentId: string,
  memberIds: readonly string[],
): Promise<void> {
  requireTransaction(tx, 'setDepartmentMembers');
  return users.setDepartmentMembers(tx.db, departmentId, memberIds);
}

/** Signs a person out everywhere (deactivation, deletion); answers the revoked session ids. */
export function revokeUserSessions(tx: ServiceContext, userId: string, reason: string): Promise<string[]> {
  requireTransaction(tx, 'revokeUserSessions');
  return sessions.revokeUserSessions(tx.db, userId, reason);
}

/** Deletes a person's uploaded avatar images (the anonymisation of a former employee). */
export async function deleteUserAvatar(tx: ServiceContext, userId: string): Promise<number> {
  requireTransaction(tx, 'deleteUserAvatar');
  return avatars.deleteAvatar(tx.db, userId);
}

/**
 * The live session of an access token, with its person and whether their password expired: the
 * request plugins (HTTP and websocket) check it on every call, before any service context exists.
 */
export { findLiveSession } from './sessions.repository.ts';
