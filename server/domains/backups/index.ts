import { defineArea } from '../area.ts';
import { backupJobs } from './backups.jobs.ts';
import { backupRoutes } from './backups.routes.ts';

/** Backups: archives of the database and the uploaded files, their destinations, logs, schedule and drills. */
export const backupsArea = defineArea({
  name: 'backups',
  routes: [backupRoutes],
  jobs: backupJobs,
  commands: async () => (await import('../../../cli/commands/backup.ts')).registerBackupCommands,
});
