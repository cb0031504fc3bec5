import type { JobDefinition } from '../../core/jobs.ts';
import { purgeReadNotifications } from './notifications.service.ts';

/** Daily: delete read notifications older than NOTIFICATION_RETENTION_DAYS. */
export const purgeReadNotificationsJob: JobDefinition = {
  name: 'notifications.purge-read',
  cron: '41 3 * * *',
  handler: (ctx) => purgeReadNotifications(ctx),
};

export const notificationJobs = [purgeReadNotificationsJob];
