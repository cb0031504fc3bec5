import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  DEFAULT_RETENTION_MONTHS,
  type ConsentKind,
  type ConsentSource,
} from '../../../shared/privacy.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Db } from '../../db/connect.ts';

/**
 * Consent records, the retention setting (one `app_settings` row, 'privacy.retention', written only
 * here), the anonymisation log, and the reads of a person's data export. The export reads other
 * areas' tables (never writes them): it must see everything Backoffice holds about one person.
 */

export const RETENTION_KEY = 'privacy.retention';

export async function insertConsents(
  db: Db,
  rows: ReadonlyArray<{
    user_id: string;
    kind: ConsentKind;
    source: ConsentSource;
    agreed_at: Date;
    ip: string | null;
    user_agent: string | null;
  }>,
): Promise<void> {
  if (rows.length)
    await db
      .insertInto('consent_records')
      .values([...rows])
      .execute();
}

/** A person's consent records, newest first. */
export async function listConsents(db: Db, userId: string, window: PageWindow) {
  const query = db.selectFrom('consent_records').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'kind', 'source', 'agreed_at', 'ip'])
      .orderBy('agreed_at', 'desc')
      .orderBy('id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export async function readRetentionMonths(db: Db): Promise<number> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', RETENTION_KEY)
    .executeTakeFirst();
  const months = (row?.value as { retentionMonths?: unknown } | undefined)?.retentionMonths;
  return typeof months === 'number' && Number.isInteger(months) ? months : DEFAULT_RETENTION_MONTHS;
}

export async function writeRetentionMonths(db: Db, retentionMonths: number): Promise<void> {
  const value = JSON.stringify({ retentionMonths });
  await db
    .insertInto('app_settings')
    .values({ key: RETENTION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

/**
 * Former employees whose offboarding date plus the retention period has passed and who are not
 * anonymised yet, oldest offboarding first. `lock` takes them for an anonymisation run (skip locked:
 * two runs at once share the work, never clear anyone twice).
 */
export function retentionCandidates(
  db: Db,
  options: { today: string; months: number; limit: number; lock?: boolean },
) {
  const due = sql<string>`(u.offboard_date + make_interval(months => ${options.months}))::date`;
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.offboard_date', due.as('due_date')])
    .where('u.offboard_date', 'is not', null)
    .where('u.status', '!=', 'ACTIVE')
    .where(sql<SqlBool>`${due} <= ${options.today}::date`)
    .where(sql<SqlBool>`not exists (select 1 from privacy_anonymisations pa where pa.user_id = u.id)`)
    .orderBy('u.offboard_date')
    .orderBy('u.id')
    .limit(options.limit);
  if (options.lock) query = query.forUpdate('u').skipLocked();
  return query.execute();
}
export type RetentionCandidateRow = Awaited<ReturnType<typeof retentionCandidates>>[number];

export async function insertAnonymisation(
  db: Db,
  values: {
    user_id: string;
    offboard_date: string;
    retention_months: number;
    fields: string[];
    anonymised_by: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .insertInto('privacy_anonymisations')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export function findAnonymisation(db: Db, userId: string) {
  return db.selectFrom('privacy_anonymisations').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

// The data export: one section per kind of record, read in keyset batches so memory stays flat.

/** A section of the export: rows of one table about one person, as JSON, without secrets. */
export interface ExportSection {
  name: string;
  /** The statement that selects `id` and `row` (jsonb) of the person's rows after the keyset `after`. */
  query(personId: string, after: string | null, limit: number): RawBuilder<{ id: string; row: unknown }>;
}

/** One batch of a section. */
export async function exportBatch(
  db: Db,
  section: ExportSection,
  personId: string,
  after: string | null,
  limit: number,
) {
  return (await section.query(personId, after, limit).execute(db)).rows;
}

const keyset = (after: string | null, column = 't.id') =>
  after === null ? sql`true` : sql`${sql.ref(column)}::text > ${after}`;

/** `select to_jsonb(t) - hidden` from one table filtered on a person column, ordered by id as text. */
function tableSection(
  name: string,
  table: string,
  personColumn: string,
  hidden: readonly string[] = [],
): ExportSection {
  return {
    name,
    query: (personId, after, limit) => sql<{ id: string; row: unknown }>`
        select t.id::text as id, to_jsonb(t) - ${sql.val([...hidden, 'search_text'])}::text[] as row
        from ${sql.table(table)} t
        where ${sql.ref(`t.${personColumn}`)} = ${personId} and ${keyset(after)}
        order by t.id::text limit ${limit}`,
  };
}

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  tableSection('consent-records', 'consent_records', 'user_id'),
  tableSection('leave-requests', 'leave_requests', 'user_id'),
  tableSection('overtime-requests', 'ot_requests', 'user_id'),
  tableSection('work-logs', 'work_logs', 'user_id'),
  tableSection('invoices', 'invoices', 'user_id'),
  tableSection('asset-assignments', 'asset_assignments', 'user_id'),
  tableSection('access-requests', 'access_requests', 'requester_id'),
  tableSection('project-memberships', 'project_members', 'user_id'),
  tableSection('role-assignments', 'user_roles', 'user_id'),
  tableSection('employee-files', 'user_files', 'user_id', ['storage_key']),
  tableSection('sessions', 'sessions', 'user_id', ['token_hash', 'previous_token_hash']),
  tableSection('notifications', 'notifications', 'user_id'),
  {
    name: 'document-acknowledgements',
    query: (personId, after, limit) => sql<{ id: string; row: unknown }>`
        select a.version_id::text as id,
          jsonb_build_object('documentId', d.id, 'title', d.title, 'version', v.number,
            'acknowledgedAt', a.acknowledged_at, 'ip', a.ip) as row
        from document_acknowledgements a
        join document_versions v on v.id = a.version_id join documents d on d.id = v.document_id
        where a.user_id = ${personId} and ${keyset(after, 'a.version_id')}
        order by a.version_id::text limit ${limit}`,
  },
  {
    // What happened to, by or about the person: their own actions, events naming them as subject,
    // and changes to their account.
    name: 'audit-events',
    query: (personId, after, limit) => sql<{ id: string; row: unknown }>`
        select t.id::text as id, to_jsonb(t) as row from audit_events t
        where (t.actor_id = ${personId} or t.subject_id = ${personId}
          or (t.entity_type = 'user' and t.entity_id = ${personId}::text))
          and ${keyset(after)}
        order by t.id::text limit ${limit}`,
  },
];

/** The person's account row, without the password hash and the search column. */
export async function exportProfile(db: Db, personId: string) {
  const { rows } = await sql<{ row: Record<string, unknown> }>`
    select to_jsonb(u) - array['password_hash', 'search_text'] ||
      jsonb_build_object('department', d.name, 'bank', b.name) as row
    from users u left join departments d on d.id = u.department_id left join banks b on b.id = u.bank_id
    where u.id = ${personId}`.execute(db);
  return rows[0]?.row;
}

/** The stored files about the person: their employee documents and their invoices' attachments. */
export async function exportFiles(db: Db, personId: string) {
  const { rows } = await sql<{ folder: string; id: string; storage_key: string; file_name: string }>`
    select 'employee-files' as folder, f.id::text as id, f.storage_key, f.file_name
    from user_files f where f.user_id = ${personId} and f.deleted_at is null
    union all
    select 'invoice-attachments', a.id::text, a.storage_key, a.file_name
    from invoice_attachments a join invoices i on i.id = a.invoice_id where i.user_id = ${personId}
    order by 1, 2`.execute(db);
  return rows;
}

export function findAvatarImage(db: Db, personId: string) {
  return db
    .selectFrom('user_avatars')
    .select(['content_type', 'content'])
    .where('user_id', '=', personId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** A live person by email, any status (the CLI's `export-data EMAIL`). */
export async function findPersonIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<SqlBool>`lower(email) = lower(${email})`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

export async function personExists(db: Db, personId: string): Promise<{ email: string } | undefined> {
  return db
    .selectFrom('users')
    .select('email')
    .where('id', '=', personId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
