import type { ServiceContext } from './context.ts';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

const SECRET_FIELDS = new Set(['password', 'password_hash', 'passwordHash', 'token', 'token_hash', 'secret']);

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

/** Writes an audit event with the context's database handle: inside a transaction, it commits with the change. */
export async function recordAudit(ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  await ctx.db
    .insertInto('audit_events')
    .values({
      actor_id: ctx.actor.id,
      actor_label: ctx.actor.label,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId ?? null,
      before: entry.before === undefined ? null : JSON.stringify(redact(entry.before)),
      after: entry.after === undefined ? null : JSON.stringify(redact(entry.after)),
      ip: ctx.request.ip,
      request_id: ctx.request.requestId,
    })
    .execute();
}
