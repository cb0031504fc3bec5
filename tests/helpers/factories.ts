import { randomBytes } from 'node:crypto';
import type { Permission, RoleType } from '../../shared/permissions.ts';
import type { Db } from '../../server/db/connect.ts';
import type { UserRow } from '../../server/db/database.ts';
import { hashPassword } from '../../server/core/password-hash.ts';

export const DEFAULT_PASSWORD = 'Passw0rd!test';

let cachedHash: Promise<string> | undefined;
/** Hashing is deliberately slow; every factory user shares one hash of DEFAULT_PASSWORD. */
function defaultHash(): Promise<string> {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  return cachedHash;
}

const unique = () => randomBytes(4).toString('hex');

export interface UserOptions {
  email?: string;
  firstName?: string;
  lastName?: string;
  status?: 'ACTIVE' | 'INACTIVE' | 'PENDING';
  language?: 'en' | 'vi';
  /** Company-wide permissions, granted through a fresh ACCESS role. */
  permissions?: Permission[];
  /** Built-in roles to hold: 'admin', 'hr', 'user'. */
  builtInRoles?: string[];
}

/** Creates a user (active, with DEFAULT_PASSWORD) and the roles that give them the asked permissions. */
export async function createUser(db: Db, options: UserOptions = {}): Promise<UserRow> {
  const user = await db
    .insertInto('users')
    .values({
      email: options.email ?? `user-${unique()}@example.com`,
      first_name: options.firstName ?? 'Test',
      last_name: options.lastName ?? 'User',
      status: options.status ?? 'ACTIVE',
      language: options.language ?? 'en',
      password_hash: await defaultHash(),
      password_changed_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (options.permissions?.length) {
    const role = await createRole(db, { type: 'ACCESS', permissions: options.permissions });
    await db
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: role.id, project_id: null })
      .execute();
  }
  for (const key of options.builtInRoles ?? []) {
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('built_in_key', '=', key)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: role.id, project_id: null })
      .execute();
  }
  return user;
}

/** Creates a role of a type with permissions. */
export async function createRole(
  db: Db,
  options: { name?: string; type?: RoleType; permissions?: string[]; status?: 'ACTIVE' | 'INACTIVE' } = {},
) {
  const role = await db
    .insertInto('roles')
    .values({
      name: options.name ?? `Role ${unique()}`,
      type: options.type ?? 'ACCESS',
      status: options.status ?? 'ACTIVE',
      description: null,
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (options.permissions?.length) {
    await db
      .insertInto('role_permissions')
      .values(options.permissions.map((permission_key) => ({ role_id: role.id, permission_key })))
      .execute();
  }
  return role;
}

/** Makes sure a project of this id exists (under a client of its own), for grants that name it. */
export async function ensureProject(db: Db, projectId: string): Promise<void> {
  const found = await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
  if (found) return;
  const client = await db
    .insertInto('clients')
    .values({ name: `Client ${unique()}`, description: null, email: null, created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('projects')
    .values({
      id: projectId,
      client_id: client.id,
      name: `Project ${unique()}`,
      description: null,
      start_date: null,
      end_date: null,
      created_by: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Gives a user a PROJECT role in one project (made when it does not exist yet). */
export async function grantProjectRole(db: Db, userId: string, projectId: string, permissions: Permission[]) {
  await ensureProject(db, projectId);
  const role = await createRole(db, { type: 'PROJECT', permissions });
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: role.id, project_id: projectId })
    .execute();
  return role;
}
