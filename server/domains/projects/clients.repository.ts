import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ActiveStatus, ClientType, Database } from '../../db/database.ts';
import type { ClientFilters, ClientSortField } from '../../../shared/projects.schemas.ts';

/** A client as every client response is made from. */
export interface ClientRow {
  id: string;
  name: string;
  description: string | null;
  type: ClientType;
  email: string | null;
  status: ActiveStatus;
  created_at: Date;
  updated_at: Date;
  /** Live projects, whatever their status. */
  project_count: number;
}

type ClientsQuery = SelectQueryBuilder<Database & { c: Database['clients'] }, 'c', object>;

/** `like` patterns for each word of a search, accents and case removed like `search_text`. */
export function searchPatterns(search: string | undefined): string[] {
  return (search ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
}

const projectCount = sql<number>`(select count(*)::int from projects p
  where p.client_id = c.id and p.deleted_at is null)`;

function filtered(db: Db, filter: ClientFilters): ClientsQuery {
  let query = db.selectFrom('clients as c').where('c.deleted_at', 'is', null) as ClientsQuery;
  for (const pattern of searchPatterns(filter.search)) {
    query = query.where(sql<boolean>`c.search_text like bo_unaccent(lower(${pattern}))`);
  }
  if (filter.type?.length) query = query.where('c.type', 'in', filter.type);
  if (filter.status?.length) query = query.where('c.status', 'in', filter.status);
  return query;
}

function withColumns(query: ClientsQuery) {
  return query.select([
    'c.id',
    'c.name',
    'c.description',
    'c.type',
    'c.email',
    'c.status',
    'c.created_at',
    'c.updated_at',
    projectCount.as('project_count'),
  ]);
}

const SORT_EXPRESSIONS: Record<ClientSortField, ReturnType<typeof sql>> = {
  name: sql`bo_unaccent(lower(c.name))`,
  type: sql`c.type`,
  email: sql`c.email`,
  status: sql`c.status`,
  projectCount: projectCount,
  createdAt: sql`c.created_at`,
};

function sorted<Q extends ClientsQuery>(query: Q, field: ClientSortField, order: 'asc' | 'desc'): Q {
  const direction = order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  // The id breaks ties, so pages never repeat or skip a client.
  return query
    .orderBy(sql`${SORT_EXPRESSIONS[field]} ${direction}`)
    .orderBy(sql`bo_unaccent(lower(c.name))`)
    .orderBy('c.id') as Q;
}

export interface ClientListOptions {
  sortField: ClientSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export function listClientRows(
  db: Db,
  filter: ClientFilters,
  options: ClientListOptions,
): Promise<ClientRow[]> {
  return sorted(
    withColumns(filtered(db, filter)) as unknown as ClientsQuery,
    options.sortField,
    options.sortOrder,
  )
    .offset(options.offset)
    .limit(options.limit)
    .execute() as unknown as Promise<ClientRow[]>;
}

/** A page of clients and the number of clients the filter matches. */
export async function listClients(
  db: Db,
  filter: ClientFilters,
  options: ClientListOptions,
): Promise<{ rows: ClientRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    listClientRows(db, filter, options),
    filtered(db, filter)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export async function findClient(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ClientRow | undefined> {
  if (options.lock) {
    await db
      .selectFrom('clients')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .execute();
  }
  return (await withColumns(filtered(db, {})).where('c.id', '=', id).executeTakeFirst()) as
    ClientRow | undefined;
}

/** The live client of a name (names are unique regardless of case), other than `exceptId`. */
export async function findClientByName(db: Db, name: string, exceptId?: string) {
  let query = db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Live clients by name, case-insensitively (import files name clients). */
export function findClientsByNames(db: Db, names: readonly string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'status'])
    .where('deleted_at', 'is', null)
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((n) => n.trim().toLowerCase()),
    )
    .execute();
}

export async function insertClient(
  db: Db,
  values: {
    name: string;
    description: string | null;
    type: ClientType;
    email: string | null;
    created_by: string | null;
  },
): Promise<string> {
  const row = await db.insertInto('clients').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateClient(
  db: Db,
  id: string,
  values: {
    name?: string;
    description?: string | null;
    type?: ClientType;
    email?: string | null;
    status?: ActiveStatus;
    deleted_at?: Date;
  },
): Promise<void> {
  await db
    .updateTable('clients')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
