import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { NewSecretVault, SecretVaultUpdate } from './vault-types.ts';
import type { SecretType, ShareRole } from '../../../shared/secrets.schemas.ts';

/** Vaults, secrets, their members and comments; reads of people (the accounts area's table). */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- Vaults -------------------------------------------------------------------------------------------

export const findVault = (db: Db, userId: string) =>
  db.selectFrom('secret_vaults').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** The vault row locked for this transaction: attempts on two replicas are counted one after the other. */
export const lockVault = (db: Db, userId: string) =>
  db.selectFrom('secret_vaults').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();

export async function insertVault(db: Db, values: NewSecretVault): Promise<void> {
  await db.insertInto('secret_vaults').values(values).execute();
}

export async function updateVault(db: Db, userId: string, values: SecretVaultUpdate): Promise<void> {
  await db
    .updateTable('secret_vaults')
    .set({ ...values, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

/** The development pepper, made once per database (production sets SECRETS_PEPPER instead). */
export async function findOrCreateDevPepper(db: Db, generated: string): Promise<string> {
  const key = 'secrets.dev_pepper';
  await db
    .insertInto('app_settings')
    .values({ key, value: JSON.stringify(generated) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value as string;
}

/** People with a vault (so a secret can be wrapped for them), by name or email. */
export function listRecipients(db: Db, search: string | undefined, excludeId: string) {
  let query = db
    .selectFrom('secret_vaults as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'v.public_key'])
    .where('u.deleted_at', 'is', null)
    .where('u.status', '=', 'ACTIVE')
    .where('u.id', '!=', excludeId);
  if (search?.trim())
    query = query.where('u.search_text', 'like', `%${escapeLike(search.trim().toLowerCase())}%`);
  return query.orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').limit(20).execute();
}

export const findPublicKey = (db: Db, userId: string) =>
  db
    .selectFrom('secret_vaults as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.public_key', 'u.status', 'u.deleted_at'])
    .where('v.user_id', '=', userId)
    .executeTakeFirst();

// ---- Secrets ------------------------------------------------------------------------------------------

function secretQuery(db: Db, viewerId: string) {
  return db
    .selectFrom('secrets as s')
    .leftJoin('secret_members as mine', (join) =>
      join.onRef('mine.secret_id', '=', 's.id').on('mine.user_id', '=', viewerId),
    )
    .select([
      's.id',
      's.name',
      's.type',
      's.folder',
      's.tags',
      's.version',
      's.updated_at',
      'mine.role as my_role',
      sql<number>`(select count(*)::int from secret_members m where m.secret_id = s.id)`.as('member_count'),
      sql<{ id: string; first_name: string; last_name: string; email: string } | null>`(
        select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email)
        from secret_members m join users u on u.id = m.user_id
        where m.secret_id = s.id and m.role = 'OWNER' order by m.created_at, u.id limit 1)`.as('owner'),
    ]);
}
export type SecretRow = Awaited<ReturnType<ReturnType<typeof secretQuery>['execute']>>[number];

export interface SecretFilters {
  /** Only secrets shared with the viewer (their vault), or every secret (a manager's inventory). */
  onlyMine: boolean;
  search?: string;
  folder?: string;
  tag?: string;
}

/** A page of secrets by name (then id), searched by name only: contents are not searchable. */
export async function listSecrets(db: Db, viewerId: string, filters: SecretFilters, window: PageWindow) {
  let query = secretQuery(db, viewerId);
  if (filters.onlyMine) query = query.where('mine.user_id', 'is not', null);
  if (filters.search?.trim())
    query = query.where('s.name', 'ilike', `%${escapeLike(filters.search.trim())}%`);
  if (filters.folder) query = query.where('s.folder', '=', filters.folder);
  if (filters.tag) query = query.where(sql<boolean>`${filters.tag} = any(s.tags)`);
  const [rows, count] = await Promise.all([
    query
      .orderBy(sql`lower(s.name)`)
      .orderBy('s.id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export const findSecret = (db: Db, id: string, viewerId: string) =>
  secretQuery(db, viewerId).where('s.id', '=', id).executeTakeFirst();

export const findSecretContent = (db: Db, id: string) =>
  db.selectFrom('secrets').select(['content']).where('id', '=', id).executeTakeFirstOrThrow();

export const lockSecret = (db: Db, id: string) =>
  db.selectFrom('secrets').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function insertSecret(
  db: Db,
  values: {
    name: string;
    type: SecretType;
    folder: string | null;
    tags: string[];
    content: string;
    created_by: string;
  },
): Promise<string> {
  const row = await db.insertInto('secrets').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSecret(
  db: Db,
  id: string,
  values: { name: string; folder: string | null; tags: string[]; content: string },
): Promise<void> {
  await db
    .updateTable('secrets')
    .set({ ...values, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Destroys a secret with its members' keys and comments (no soft delete: kept ciphertext is a liability). */
export async function deleteSecret(db: Db, id: string): Promise<void> {
  await db.deleteFrom('secrets').where('id', '=', id).execute();
}

// ---- Members and comments -----------------------------------------------------------------------------

export const listMembers = (db: Db, secretId: string) =>
  db
    .selectFrom('secret_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'm.wrapped_key', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.secret_id', '=', secretId)
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();

export const findMember = (db: Db, secretId: string, userId: string) =>
  db
    .selectFrom('secret_members')
    .selectAll()
    .where('secret_id', '=', secretId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export async function upsertMember(
  db: Db,
  values: {
    secret_id: string;
    user_id: string;
    role: ShareRole;
    wrapped_key: string;
    granted_by: string | null;
  },
): Promise<void> {
  await db
    .insertInto('secret_members')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['secret_id', 'user_id']).doUpdateSet({ role: values.role, granted_by: values.granted_by }),
    )
    .execute();
}

export async function deleteMember(db: Db, secretId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('secret_members')
    .where('secret_id', '=', secretId)
    .where('user_id', '=', userId)
    .execute();
}

export async function countOwners(db: Db, secretId: string): Promise<number> {
  const row = await db
    .selectFrom('secret_members')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('secret_id', '=', secretId)
    .where('role', '=', 'OWNER')
    .executeTakeFirstOrThrow();
  return row.n;
}

export const listComments = (db: Db, secretId: string) =>
  db
    .selectFrom('secret_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.content', 'c.created_at', 'c.author_id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('c.secret_id', '=', secretId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();

export async function insertComment(
  db: Db,
  values: { secret_id: string; author_id: string; content: string },
) {
  return (await db.insertInto('secret_comments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}
