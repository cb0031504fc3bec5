import type { JobDefinition } from '../../core/jobs.ts';
import { runDueBackups, runQueuedBackups, runRestoreDrills } from './backup-runs.service.ts';

/**
 * Backups in the worker (UTC). Every minute: the runs "run now" queued. Hourly at :17: the schedule
 * (each active configuration whose day, week or month has passed) and runs left by a dead worker.
 * Monthly, on the 1st at 03:40: the restore drill of each configuration's newest archive.
 */
export const backupJobs: JobDefinition[] = [
  { name: 'backups.run-queued', cron: '* * * * *', handler: (ctx) => runQueuedBackups(ctx) },
  { name: 'backups.schedule', cron: '17 * * * *', handler: (ctx) => runDueBackups(ctx) },
  { name: 'backups.restore-drill', cron: '40 3 1 * *', handler: (ctx) => runRestoreDrills(ctx) },
];
