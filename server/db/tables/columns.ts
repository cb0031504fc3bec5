import type { ColumnType } from 'kysely';

/** Column shapes every area's tables share. */

/** Set by the database on insert, never changed. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** Set on insert, and by each update. */
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `jsonb` column: written as JSON text, read as a value. */
export type Json = ColumnType<unknown, string | undefined | null, string | null>;
/** A nullable column that may be left out on insert. */
export type OptionalColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A column with a database default: optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
