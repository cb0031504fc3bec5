import {
  STALE_AFTER_MINUTES,
  type Connection,
  type SyncCounts,
  type SyncRun,
} from '../../../shared/connections.schemas.ts';
import type { Actor, ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { findConnection, type ConnectionRow, type RunRow } from './connections.repository.ts';
import { connectionPolicy } from './connections.policy.ts';
import { maskToken } from './token-crypto.ts';

/** Rows as the API sends them (no ciphertext, ever; the token as its mask), and the row a use case starts from. */

/** The live connection, or 404. */
export async function requireConnection(ctx: ServiceContext, id: string): Promise<ConnectionRow> {
  const row = await findConnection(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export type SyncState = 'NEVER' | 'FRESH' | 'STALE';

/** Stale: the last run failed, or the last good data is older than three hours. */
export function syncState(
  lastSucceededAt: Date | null,
  lastRunStatus: string | null,
  now = new Date(),
): SyncState {
  if (!lastSucceededAt) return lastRunStatus === 'FAILED' ? 'STALE' : 'NEVER';
  if (lastRunStatus === 'FAILED') return 'STALE';
  return now.getTime() - lastSucceededAt.getTime() > STALE_AFTER_MINUTES * 60_000 ? 'STALE' : 'FRESH';
}

export function toRun(row: RunRow): SyncRun {
  return {
    id: row.id,
    connectionId: row.connection_id,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    startedBy: row.started_by_label,
    counts: (row.counts as SyncCounts | null) ?? null,
    errorCode: row.error_code,
    errorDetail: row.error_detail,
  };
}

export function toConnection(actor: Actor, row: ConnectionRow): Connection {
  const abilities = connectionPolicy.abilities(actor, undefined);
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    category: row.category,
    kind: row.kind,
    baseUrl: row.base_url,
    path: row.path,
    email: row.account_email,
    maskedToken: maskToken(row.token_last4),
    status: row.status,
    connectedAt: row.connected_at.toISOString(),
    lastSync: row.run_id
      ? toRun({
          id: row.run_id,
          connection_id: row.id,
          trigger: row.run_trigger!,
          status: row.run_status!,
          started_at: row.run_started_at!,
          finished_at: row.run_finished_at,
          started_by: null,
          started_by_label: row.run_started_by!,
          counts: row.run_counts,
          error_code: row.run_error_code,
          error_detail: row.run_error_detail,
        })
      : null,
    lastSucceededAt: row.last_succeeded_at?.toISOString() ?? null,
    syncState: syncState(row.last_succeeded_at, row.run_status ?? null),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: {
      edit: abilities.edit,
      changeStatus: abilities.changeStatus,
      delete: abilities.delete,
      sync: abilities.sync && row.status === 'ACTIVE',
    },
  };
}
