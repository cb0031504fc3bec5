import { sql, type Insertable } from 'kysely';
import type {
  ConnectionProvider,
  ProviderErrorCode,
  SyncCounts,
  SyncTrigger,
} from '../../../shared/connections.schemas.ts';
import type { ActiveStatus } from '../../../shared/projects.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';
import type { ConnectionsTable } from '../../db/database.ts';

/** The connections, their sync runs, and the development key (an `app_settings` row of this area). */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A connection with its latest run (the list's and the detail's shape). */
function connectionQuery(db: Db) {
  return db
    .selectFrom('connections as c')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('connection_sync_runs as r')
          .selectAll('r')
          .whereRef('r.connection_id', '=', 'c.id')
          .orderBy('r.started_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .selectAll('c')
    .select([
      'last.id as run_id',
      'last.trigger as run_trigger',
      'last.status as run_status',
      'last.started_at as run_started_at',
      'last.finished_at as run_finished_at',
      'last.started_by_label as run_started_by',
      'last.counts as run_counts',
      'last.error_code as run_error_code',
      'last.error_detail as run_error_detail',
    ])
    .where('c.deleted_at', 'is', null);
}
export type ConnectionRow = Awaited<ReturnType<ReturnType<typeof connectionQuery>['execute']>>[number];

export const findConnection = (db: Db, id: string) =>
  connectionQuery(db).where('c.id', '=', id).executeTakeFirst();

/** Locks the live connection row (changes of one connection apply one after the other). */
export const lockConnection = (db: Db, id: string) =>
  db
    .selectFrom('connections')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export interface ConnectionFilters {
  search?: string;
  provider?: ConnectionProvider;
  status?: ActiveStatus;
}

/** A page of connections by name (then id: a stable order). */
export async function listConnections(db: Db, filters: ConnectionFilters, window: PageWindow) {
  let query = connectionQuery(db);
  if (filters.search) {
    const like = `%${escapeLike(filters.search.trim())}%`;
    query = query.where((eb) =>
      eb.or([eb('c.name', 'ilike', like), eb('c.base_url', 'ilike', like), eb('c.path', 'ilike', like)]),
    );
  }
  if (filters.provider) query = query.where('c.provider', '=', filters.provider);
  if (filters.status) query = query.where('c.status', '=', filters.status);
  const [rows, count] = await Promise.all([
    query
      .orderBy(sql`lower(c.name)`)
      .orderBy('c.id')
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

/** The live connection with the same provider, address and path, if any (a repeated connection). */
export const findSameConnection = (
  db: Db,
  provider: ConnectionProvider,
  baseUrl: string,
  path: string,
  exceptId?: string,
) => {
  let query = db
    .selectFrom('connections')
    .select('id')
    .where('provider', '=', provider)
    .where('base_url', '=', baseUrl)
    .where(sql`lower(path)`, '=', path.toLowerCase())
    .where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

export async function insertConnection(db: Db, values: Insertable<ConnectionsTable>): Promise<void> {
  await db.insertInto('connections').values(values).execute();
}

export async function updateConnection(
  db: Db,
  id: string,
  values: Partial<
    Pick<
      Insertable<ConnectionsTable>,
      'name' | 'base_url' | 'path' | 'account_email' | 'token_ciphertext' | 'token_last4' | 'status'
    >
  >,
): Promise<void> {
  await db
    .updateTable('connections')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Removal: the row stays for the runs and pushes that name it; the token does not. */
export async function softDeleteConnection(db: Db, id: string): Promise<void> {
  await db
    .updateTable('connections')
    .set({ deleted_at: new Date(), token_ciphertext: '', status: 'INACTIVE', updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Active connections whose latest run started before `before` (or never ran): the schedule's list. */
export const listConnectionsDue = (db: Db, before: Date) =>
  db
    .selectFrom('connections as c')
    .select(['c.id', 'c.name'])
    .where('c.deleted_at', 'is', null)
    .where('c.status', '=', 'ACTIVE')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('connection_sync_runs as r')
            .select('r.id')
            .whereRef('r.connection_id', '=', 'c.id')
            .where('r.started_at', '>=', before),
        ),
      ),
    )
    .orderBy('c.created_at')
    .execute();

// ---- Sync runs --------------------------------------------------------------------------------------

/** Closes runs left RUNNING by a process that died (older than `before`) as interrupted. */
export async function closeAbandonedRuns(db: Db, connectionId: string, before: Date): Promise<void> {
  await db
    .updateTable('connection_sync_runs')
    .set({ status: 'FAILED', finished_at: new Date(), error_code: 'INTERRUPTED' })
    .where('connection_id', '=', connectionId)
    .where('status', '=', 'RUNNING')
    .where('started_at', '<', before)
    .execute();
}

/** Starts a run; the unique index on RUNNING runs refuses a second one (23505). */
export async function insertRun(
  db: Db,
  values: { connectionId: string; trigger: SyncTrigger; startedBy: string | null; startedByLabel: string },
): Promise<string> {
  const row = await db
    .insertInto('connection_sync_runs')
    .values({
      connection_id: values.connectionId,
      trigger: values.trigger,
      started_by: values.startedBy,
      started_by_label: values.startedByLabel,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(
  db: Db,
  id: string,
  result:
    | { status: 'SUCCEEDED'; counts: SyncCounts }
    | { status: 'FAILED'; errorCode: ProviderErrorCode; errorDetail: string | null },
): Promise<void> {
  await db
    .updateTable('connection_sync_runs')
    .set({
      status: result.status,
      finished_at: new Date(),
      counts: result.status === 'SUCCEEDED' ? JSON.stringify(result.counts) : null,
      error_code: result.status === 'FAILED' ? result.errorCode : null,
      error_detail: result.status === 'FAILED' ? result.errorDetail : null,
    })
    .where('id', '=', id)
    .execute();
}

export async function markSucceeded(db: Db, connectionId: string): Promise<void> {
  await db
    .updateTable('connections')
    .set({ last_succeeded_at: new Date() })
    .where('id', '=', connectionId)
    .execute();
}

function runQuery(db: Db) {
  return db.selectFrom('connection_sync_runs').selectAll();
}
export type RunRow = Awaited<ReturnType<ReturnType<typeof runQuery>['execute']>>[number];

export const findRun = (db: Db, id: string) => runQuery(db).where('id', '=', id).executeTakeFirstOrThrow();

/** A page of a connection's runs, newest first. */
export async function listRuns(db: Db, connectionId: string, window: PageWindow) {
  const query = runQuery(db).where('connection_id', '=', connectionId);
  const [rows, count] = await Promise.all([
    query
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
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

// ---- The development key ----------------------------------------------------------------------------

const DEV_KEY = 'connections.dev_key';

/** The generated key of a database without CONNECTIONS_KEY (development and tests only). */
export async function findOrCreateDevKey(db: Db, generated: string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key: DEV_KEY, value: JSON.stringify(generated) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', DEV_KEY)
    .executeTakeFirstOrThrow();
  return row.value as string;
}

/** The oldest active connection of a provider (the company's Discord server for the chat-account check). */
export const findActiveConnectionOf = (db: Db, provider: ConnectionRow['provider']) =>
  db
    .selectFrom('connections')
    .selectAll()
    .where('provider', '=', provider)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
