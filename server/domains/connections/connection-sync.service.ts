import type {
  AvailableProvider,
  ProviderErrorCode,
  SyncedQuery,
  SyncRun,
  SyncRunPage,
  SyncTrigger,
} from '../../../shared/connections.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { credentialsOf } from './connection-secrets.ts';
import { requireConnection, toRun } from './connection-views.ts';
import * as repo from './connections.repository.ts';
import { connectionPolicy } from './connections.policy.ts';
import { PROVIDER_MODULES } from './providers/index.ts';
import { httpPolicy, ProviderError } from './providers/provider-http.ts';

/**
 * Syncs: the provider is read outside any transaction (it may take seconds, or fail), then what it
 * answered is written in one transaction with the run's result and its audit event. A failed run
 * keeps the last good data (marked stale on the screens) and says why on the connection. One run
 * at a time per connection, whoever starts it: a unique index on running runs decides.
 */

/** A run still RUNNING after this long was left by a process that stopped. */
const ABANDONED_AFTER_MS = 30 * 60_000;
/** The schedule skips a connection synced (or tried) this recently: an on-demand run counts. */
const SCHEDULE_GAP_MS = 50 * 60_000;

/** Syncs one connection now (Sync now; the CLI) and answers the run, succeeded or failed. */
export async function syncConnection(
  ctx: ServiceContext,
  id: string,
  trigger: Exclude<SyncTrigger, 'SCHEDULE'> = 'MANUAL',
): Promise<SyncRun> {
  connectionPolicy.authorize(ctx.actor, 'sync', undefined);
  const row = await requireConnection(ctx, id);
  if (row.status !== 'ACTIVE') throw new AppError('CONNECTION_INACTIVE', { params: { name: row.name } });
  return runSync(ctx, row, trigger);
}

/** The hourly schedule: every active connection not synced in the last 50 minutes, one at a time. */
export async function syncDueConnections(
  ctx: ServiceContext,
): Promise<{ succeeded: number; failed: number; busy: number }> {
  if (ctx.actor.kind !== 'system') throw new AppError('FORBIDDEN');
  const due = await repo.listConnectionsDue(ctx.db, new Date(Date.now() - SCHEDULE_GAP_MS));
  const result = { succeeded: 0, failed: 0, busy: 0 };
  for (const { id } of due) {
    try {
      const row = await requireConnection(ctx, id);
      const run = await runSync(ctx, row, 'SCHEDULE');
      result[run.status === 'SUCCEEDED' ? 'succeeded' : 'failed']++;
    } catch (error) {
      // One connection's trouble (already running elsewhere, removed meanwhile, a bug) must not stop the others.
      if (error instanceof AppError && error.code === 'SYNC_RUNNING') result.busy++;
      else result.failed++;
    }
  }
  return result;
}

/** A connection's runs, newest first. */
export async function listSyncRuns(
  ctx: ServiceContext,
  id: string,
  query: SyncedQuery,
): Promise<SyncRunPage> {
  connectionPolicy.authorize(ctx.actor, 'view', undefined);
  await requireConnection(ctx, id);
  return paginate(query, (window) => repo.listRuns(ctx.db, id, window), toRun);
}

async function runSync(ctx: ServiceContext, row: repo.ConnectionRow, trigger: SyncTrigger): Promise<SyncRun> {
  const module = PROVIDER_MODULES[row.provider as AvailableProvider];
  if (!module) throw new AppError('CONNECTION_INACTIVE', { params: { name: row.name } });
  const runId = await inTransaction(ctx, async (tx) => {
    await repo.closeAbandonedRuns(tx.db, row.id, new Date(Date.now() - ABANDONED_AFTER_MS));
    return repo
      .insertRun(tx.db, {
        connectionId: row.id,
        trigger,
        startedBy: tx.actor.id,
        startedByLabel: tx.actor.label,
      })
      .catch((error: unknown) =>
        Promise.reject(
          isUniqueViolation(error, 'connection_sync_runs_one_running')
            ? new AppError('SYNC_RUNNING', { params: { name: row.name } })
            : error,
        ),
      );
  });

  let snapshot: unknown;
  try {
    const credentials = await credentialsOf(ctx, row);
    snapshot = await module.fetch(ctx, row.id, credentials, httpPolicy(ctx.config));
  } catch (error) {
    const failure = failureOf(error);
    const run = await finishFailed(ctx, row.id, runId, trigger, failure);
    if (failure.unexpected) throw error;
    return run;
  }

  try {
    return await inTransaction(ctx, async (tx) => {
      const counts = await module.store(tx, row.id, snapshot);
      await repo.finishRun(tx.db, runId, { status: 'SUCCEEDED', counts });
      await repo.markSucceeded(tx.db, row.id);
      await recordAudit(tx, {
        action: 'connection.synced',
        entityType: 'connection',
        entityId: row.id,
        after: { runId, trigger, counts },
      });
      return toRun(await repo.findRun(tx.db, runId));
    });
  } catch (error) {
    await finishFailed(ctx, row.id, runId, trigger, { code: 'FAILED', detail: 'store', unexpected: true });
    throw error;
  }
}

interface Failure {
  code: ProviderErrorCode;
  detail: string | null;
  /** Not the provider's doing (a bug, the database): recorded, then thrown. */
  unexpected: boolean;
}

function failureOf(error: unknown): Failure {
  if (error instanceof ProviderError) return { code: error.code, detail: error.detail, unexpected: false };
  if (error instanceof AppError && error.code === 'CONNECTION_TOKEN_UNREADABLE')
    return { code: 'TOKEN_UNREADABLE', detail: null, unexpected: false };
  return { code: 'FAILED', detail: null, unexpected: true };
}

async function finishFailed(
  ctx: ServiceContext,
  connectionId: string,
  runId: string,
  trigger: SyncTrigger,
  failure: Failure,
): Promise<SyncRun> {
  return inTransaction(ctx, async (tx) => {
    await repo.finishRun(tx.db, runId, {
      status: 'FAILED',
      errorCode: failure.code,
      errorDetail: failure.detail,
    });
    await recordAudit(tx, {
      action: 'connection.sync_failed',
      entityType: 'connection',
      entityId: connectionId,
      after: { runId, trigger, errorCode: failure.code, errorDetail: failure.detail },
    });
    return toRun(await repo.findRun(tx.db, runId));
  });
}
