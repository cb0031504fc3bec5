import { BULK_INSERT_THRESHOLD, insertMany } from '../db/insert-many.ts';
import type { ServiceContext } from './context.ts';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /**
   * The person the event is about, when the actor is not them: a sign-in or a reset through a
   * mailed link happens before anyone is signed in, so the actor is anonymous and this names whom.
   */
  subject?: { id: string | null; label: string };
}

/** Thrown when an audit event is written outside a transaction: it could commit without its change. */
export class AuditOutsideTransactionError extends Error {
  constructor(action: string) {
    super(`recordAudit('${action}') must run inside inTransaction(): the event commits with its change`);
    this.name = 'AuditOutsideTransactionError';
  }
}

const SECRET_FIELDS = new Set([
  'password',
  'password_hash',
  'passwordHash',
  'token',
  'token_hash',
  'secret',
  // Connection tokens (the connections area): its events carry masks only, this is the safety net.
  'apiToken',
  'token_ciphertext',
]);

/** Removes secrets before a record is kept in the audit trail. */
function redact(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, inner]) => [key, redact(inner)]),
  );
}

/**
 * Writes an audit event in the caller's transaction, so it commits (or rolls back) with the change.
 * Refuses to run outside one: an event written on its own could claim a change that never happened.
 */
export async function recordAudit(ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  await recordAudits(ctx, [entry]);
}

/**
 * Writes several audit events in the caller's transaction: a bulk operation's events (an import of
 * 10,000 people) go in a few JSON-carried statements (`insertMany`), not 10,000 inserts.
 */
export async function recordAudits(ctx: ServiceContext, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  if (!ctx.inTransaction) throw new AuditOutsideTransactionError(entries[0]!.action);
  const rows = entries.map((entry) => ({
    actor_id: ctx.actor.id,
    actor_label: ctx.actor.label,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    ip: ctx.request.ip,
    request_id: ctx.request.requestId,
    subject_id: entry.subject?.id ?? null,
    subject_label: entry.subject?.label ?? null,
  }));
  if (rows.length >= BULK_INSERT_THRESHOLD) {
    // insertMany sends the rows as JSON: before/after travel as the JSON they are stored as.
    await insertMany(ctx.db, 'audit_events', rows as never);
    return;
  }
  await ctx.db
    .insertInto('audit_events')
    .values(
      rows.map((row) => ({
        ...row,
        // Through JSON text: Dates become ISO strings and undefined fields disappear, as in jsonb.
        before: row.before === null ? null : JSON.stringify(row.before),
        after: row.after === null ? null : JSON.stringify(row.after),
      })),
    )
    .execute();
}
