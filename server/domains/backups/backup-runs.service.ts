import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import { authorize } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { destinationOf } from './backup-destinations.ts';
import { applyRetention, databaseUrlFor, drillFromDestination, makeAndShip } from './backup-runner.ts';
import * as repo from './backups.repository.ts';
import { toBackupLog } from './backups.views.ts';

/** Runs of backup configurations: run now, the schedule, the worker's runs, the drill, downloads. */

/** A run that never finishes in this long died with its worker. */
const ABANDONED_AFTER_HOURS = 12;

const reasonOf = (error: unknown) =>
  error instanceof AppError
    ? `${error.code}${Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''}`
    : error instanceof Error
      ? error.message || error.name
      : String(error);

/** Queues a run of a configuration now ("run now"); a run already queued or under way is returned instead. */
export async function queueBackupRun(ctx: ServiceContext, configurationId: string) {
  authorize(ctx.actor, 'backups.manage');
  return inTransaction(ctx, async (tx) => {
    const configuration = await repo.findConfiguration(tx.db, configurationId, { lock: true });
    if (!configuration) throw new AppError('NOT_FOUND');
    if (await repo.hasPendingRun(tx.db, configurationId)) {
      throw new AppError('CONFLICT', { params: { name: configuration.name } });
    }
    const logId = await repo.insertLog(tx.db, {
      configuration_id: configurationId,
      status: 'QUEUED',
      trigger: 'MANUAL',
    });
    await recordAudit(tx, {
      action: 'backup.queued',
      entityType: 'backup_configuration',
      entityId: configurationId,
      after: { logId, trigger: 'MANUAL' },
    });
    return { logId };
  });
}

/** Runs one claimed log to the end: archive, upload, retention, then SUCCEED or FAILED (admins are told). */
async function executeRun(ctx: ServiceContext, log: repo.BackupLogRecord) {
  const started = Date.now();
  const configuration = await repo.findConfiguration(ctx.db, log.configuration_id);
  if (!configuration) return;
  try {
    const destination = await destinationOf(ctx, configuration);
    const archive = await makeAndShip(ctx, databaseUrlFor(ctx), destination);
    const own = new Set([...(await repo.archiveNamesOf(ctx.db, configuration.id)), archive.name]);
    const removed = await applyRetention(destination, configuration.retention, own);
    await inTransaction(ctx, async (tx) => {
      await repo.updateLog(tx.db, log.id, {
        status: 'SUCCEED',
        archive_name: archive.name,
        size_bytes: archive.bytes,
        duration_ms: Date.now() - started,
        finished_at: new Date(),
      });
      await recordAudit(tx, {
        action: 'backup.succeeded',
        entityType: 'backup_configuration',
        entityId: configuration.id,
        after: {
          logId: log.id,
          archive: archive.name,
          bytes: archive.bytes,
          sha256: archive.sha256,
          removed,
        },
      });
    });
  } catch (error) {
    const reason = reasonOf(error).slice(0, 2000);
    await inTransaction(ctx, async (tx) => {
      await repo.updateLog(tx.db, log.id, {
        status: 'FAILED',
        error: reason,
        duration_ms: Date.now() - started,
        finished_at: new Date(),
      });
      await recordAudit(tx, {
        action: 'backup.failed',
        entityType: 'backup_configuration',
        entityId: configuration.id,
        after: { logId: log.id, error: reason },
      });
      const admins = await listPermissionHolders(tx, 'backups.manage', { limit: 200 });
      await notify(
        tx,
        admins.map((admin) => admin.id),
        'BACKUP_FAILED',
        {
          actor: null,
          backup: { id: configuration.id, name: configuration.name, error: reason.slice(0, 500) },
        },
      );
    });
  }
}

/** The worker's every-minute job: runs what "run now" and the schedule queued, one after another. */
export async function runQueuedBackups(ctx: ServiceContext) {
  authorize(ctx.actor, 'backups.manage');
  let ran = 0;
  for (;;) {
    const [log] = await repo.claimQueuedLogs(ctx.db, 1);
    if (!log) break;
    await executeRun(ctx, log);
    ran += 1;
  }
  return { ran };
}

/** The hourly schedule: queues a run of every active configuration whose period has passed, then runs them. */
export async function runDueBackups(ctx: ServiceContext) {
  authorize(ctx.actor, 'backups.manage');
  await inTransaction(ctx, async (tx) => {
    for (const row of await repo.failAbandonedRuns(tx.db, ABANDONED_AFTER_HOURS)) {
      await recordAudit(tx, { action: 'backup.interrupted', entityType: 'backup_log', entityId: row.id });
    }
    for (const configuration of await repo.listDueConfigurations(tx.db)) {
      const logId = await repo.insertLog(tx.db, {
        configuration_id: configuration.id,
        status: 'QUEUED',
        trigger: 'SCHEDULE',
      });
      await recordAudit(tx, {
        action: 'backup.queued',
        entityType: 'backup_configuration',
        entityId: configuration.id,
        after: { logId, trigger: 'SCHEDULE' },
      });
    }
  });
  return runQueuedBackups(ctx);
}

/**
 * The monthly restore drill: the newest successful archive of each active configuration is restored
 * into a throw-away database and compared with its manifest; the verdict is kept on the log.
 */
export async function runRestoreDrills(ctx: ServiceContext) {
  authorize(ctx.actor, 'backups.manage');
  const results: Array<{ logId: string; matched: boolean }> = [];
  for (const log of await repo.latestSucceededLogs(ctx.db)) {
    const configuration = await repo.findConfiguration(ctx.db, log.configuration_id);
    if (!configuration) continue;
    let matched = false;
    let reason: string | null = null;
    try {
      const drill = await drillFromDestination(
        ctx,
        databaseUrlFor(ctx),
        await destinationOf(ctx, configuration),
        log.archive_name!,
      );
      matched = drill.matched;
      if (!matched) reason = 'row counts differ from the manifest';
    } catch (error) {
      reason = reasonOf(error).slice(0, 2000);
    }
    await inTransaction(ctx, async (tx) => {
      await repo.updateLog(tx.db, log.id, { drill_matched: matched, drilled_at: new Date() });
      await recordAudit(tx, {
        action: matched ? 'backup.drill_passed' : 'backup.drill_failed',
        entityType: 'backup_configuration',
        entityId: configuration.id,
        after: { logId: log.id, archive: log.archive_name, matched, error: reason },
      });
      if (!matched) {
        const admins = await listPermissionHolders(tx, 'backups.manage', { limit: 200 });
        await notify(
          tx,
          admins.map((admin) => admin.id),
          'BACKUP_FAILED',
          {
            actor: null,
            backup: {
              id: configuration.id,
              name: configuration.name,
              error: `restore drill: ${reason ?? ''}`.slice(0, 500),
            },
          },
        );
      }
    });
    results.push({ logId: log.id, matched });
  }
  return { drills: results };
}

/** The archive of a successful run, streamed from its destination (checked: backups.manage). */
export async function openBackupDownload(
  ctx: ServiceContext,
  logId: string,
): Promise<{ fileName: string; stream: Readable }> {
  authorize(ctx.actor, 'backups.manage');
  const log = await repo.findLog(ctx.db, logId);
  if (!log || !toBackupLog(log).downloadable) throw new AppError('NOT_FOUND');
  const configuration = await repo.findConfiguration(ctx.db, log.configuration_id);
  if (!configuration) throw new AppError('NOT_FOUND');
  const destination = await destinationOf(ctx, configuration);
  const stream = await destination.download(log.archive_name!).catch((error: unknown) => {
    throw new AppError('NOT_FOUND', { cause: error });
  });
  return { fileName: path.basename(log.archive_name!), stream };
}
