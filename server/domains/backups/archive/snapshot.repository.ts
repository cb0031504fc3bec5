import type pg from 'pg';

/**
 * The catalogue queries a backup and a restore need, on a plain pg client (they run inside the
 * snapshot transaction, or the restore's, and COPY needs the raw client). Only the `public` schema
 * is backed up: pg-boss keeps its queue in its own schema, which the worker recreates.
 */

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (table: string) => `public.${quote(table)}`;

/** Kysely's bookkeeping: restored through the migrator, not as data. */
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export interface TableShape {
  name: string;
  columns: string[];
}

/** Every table of the public schema with its stored (not generated) columns, by name. */
export async function listTables(client: pg.ClientBase): Promise<TableShape[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      group by c.relname
      order by c.relname`,
  );
  return rows.filter((row) => !MIGRATION_TABLES.includes(row.name));
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** The position of every sequence of the public schema. */
export async function readSequences(client: pg.ClientBase): Promise<SequenceState[]> {
  const { rows } = await client.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S' order by relname`,
  );
  const states: SequenceState[] = [];
  for (const { name } of rows) {
    const { rows: values } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(name)}`,
    );
    states.push({ name, lastValue: values[0]!.last_value, isCalled: values[0]!.is_called });
  }
  return states;
}

/** Puts a sequence back where the archive found it. */
export async function writeSequence(client: pg.ClientBase, state: SequenceState): Promise<void> {
  await client.query(`select setval($1::regclass, $2::bigint, $3)`, [
    qualified(state.name),
    state.lastValue,
    state.isCalled,
  ]);
}

/** Names of the applied migrations, in order. */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query(
    `select 1 from pg_class where oid = to_regclass('public.kysely_migration')`,
  );
  if (exists.rowCount === 0) return [];
  const { rows } = await client.query<{ name: string }>(
    `select name from public.kysely_migration order by name`,
  );
  return rows.map((row) => row.name);
}

export const serverVersion = async (client: pg.ClientBase) =>
  (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** The foreign keys of the public schema: dropped while data loads in any order, then added back (and checked). */
export async function listForeignKeys(client: pg.ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `select cl.relname as table, co.conname as name, pg_get_constraintdef(co.oid) as definition
       from pg_constraint co join pg_class cl on cl.oid = co.conrelid
      where co.contype = 'f' and co.connamespace = 'public'::regnamespace
      order by cl.relname, co.conname`,
  );
  return rows;
}

export async function dropForeignKey(client: pg.ClientBase, key: ForeignKey): Promise<void> {
  await client.query(`alter table ${qualified(key.table)} drop constraint ${quote(key.name)}`);
}

export async function addForeignKey(client: pg.ClientBase, key: ForeignKey): Promise<void> {
  await client.query(
    `alter table ${qualified(key.table)} add constraint ${quote(key.name)} ${key.definition}`,
  );
}

/** Triggers of ours (realtime pushes, audit guards) stay quiet while rows are loaded. */
export async function setUserTriggers(client: pg.ClientBase, table: string, enabled: boolean): Promise<void> {
  await client.query(`alter table ${qualified(table)} ${enabled ? 'enable' : 'disable'} trigger user`);
}

/** Empties every listed table (the rows migrations seeded) before the archive's rows go in. */
export async function truncateTables(client: pg.ClientBase, tables: string[]): Promise<void> {
  if (tables.length) await client.query(`truncate ${tables.map(qualified).join(', ')}`);
}

export const copyOutStatement = (table: TableShape) =>
  `copy ${qualified(table.name)} (${table.columns.map(quote).join(', ')}) to stdout`;
export const copyInStatement = (table: TableShape) =>
  `copy ${qualified(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`;

/** Rows in one table (the restore's count check). */
export async function countRows(client: pg.ClientBase, table: string): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    `select count(*)::text as count from ${qualified(table)}`,
  );
  return Number(rows[0]!.count);
}

/** True when the people table holds someone: the database has data a restore would overwrite. */
export async function holdsPeople(client: pg.ClientBase): Promise<boolean> {
  const exists = await client.query(`select 1 from pg_class where oid = to_regclass('public.users')`);
  if (exists.rowCount === 0) return false;
  return ((await client.query('select 1 from public.users limit 1')).rowCount ?? 0) > 0;
}

/** Drops everything in the public schema (the restore's reset, after the archive was verified). */
export async function resetPublicSchema(client: pg.ClientBase): Promise<void> {
  await client.query('drop schema if exists public cascade');
  await client.query('create schema public');
}

const BACKUP_LOCK_KEY = 0x62616b75; // "baku": one backup run at a time per database

/** Waits for, then holds, the backup lock on this session: two runs at once queue behind each other. */
export async function lockBackups(client: pg.ClientBase): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [BACKUP_LOCK_KEY]);
}

export async function unlockBackups(client: pg.ClientBase): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
}
