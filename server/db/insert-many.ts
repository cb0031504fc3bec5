import { sql, type Insertable } from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './database.ts';

/** Rows per statement: one JSON parameter of a few MB at most, well under PostgreSQL's 1 GB limit. */
const ROWS_PER_STATEMENT = 5000;

/** Below this a plain multi-row `values` insert is as fast and easier to read in the logs. */
export const BULK_INSERT_THRESHOLD = 100;

/**
 * Inserts many rows of one table fast, for bulk work (imports, their audit events and role grants).
 *
 * A multi-row `insert … values` sends one parameter per cell (10,000 rows × 10 columns), which
 * PostgreSQL must parse and plan as a huge statement: measured at ~2× the time of COPY. Here each
 * statement carries its rows as ONE JSON parameter that `json_populate_recordset` turns into rows of
 * the table's own type, so every column gets its declared type with no type list to keep in step with
 * the migrations: measured as fast as COPY, and it still runs in the caller's transaction and returns
 * what is asked for.
 *
 * Rows are grouped by the columns they set, because a column a row leaves out must take its DEFAULT,
 * not the NULL the JSON record would give it. The returned rows are not in input order: callers match
 * them by a unique column (e.g. email).
 *
 * Values must be JSON-safe: strings, numbers, booleans, null, Dates (sent as ISO strings), arrays and
 * plain objects (for json/jsonb columns). bytea and bigint values are refused.
 */
export async function insertMany<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  options: { returning?: readonly string[]; onConflictDoNothing?: boolean } = {},
): Promise<Array<Record<string, unknown>>> {
  const groups = new Map<string, { columns: string[]; rows: Array<Record<string, unknown>> }>();
  for (const row of rows as ReadonlyArray<Record<string, unknown>>) {
    const columns = Object.keys(row)
      .filter((column) => row[column] !== undefined)
      .sort();
    for (const column of columns) assertJsonSafe(table, column, row[column]);
    const signature = columns.join(',');
    const group = groups.get(signature) ?? { columns, rows: [] };
    group.rows.push(row);
    groups.set(signature, group);
  }

  const returned: Array<Record<string, unknown>> = [];
  for (const { columns, rows: groupRows } of groups.values()) {
    const columnList = sql.join(columns.map((column) => sql.ref(column)));
    for (let start = 0; start < groupRows.length; start += ROWS_PER_STATEMENT) {
      const chunk = groupRows.slice(start, start + ROWS_PER_STATEMENT);
      const result = await sql<Record<string, unknown>>`
        insert into ${sql.table(table)} (${columnList})
        select ${columnList} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(chunk)}::json)
        ${options.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
        ${options.returning?.length ? sql`returning ${sql.join(options.returning.map((column) => sql.ref(column)))}` : sql``}
      `.execute(db);
      returned.push(...result.rows);
    }
  }
  return returned;
}

function assertJsonSafe(table: string, column: string, value: unknown): void {
  if (typeof value === 'bigint' || value instanceof Uint8Array) {
    throw new TypeError(`insertMany(${table}.${column}): ${typeof value} values cannot travel as JSON`);
  }
}
