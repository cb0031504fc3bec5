import { defineArea } from '../area.ts';
import { notificationJobs } from './notifications.jobs.ts';
import { notificationPolicy, roomPolicy } from './notifications.policy.ts';
import { notificationRoutes } from './notifications.routes.ts';

/** Notifications, announcements and their live delivery. */
export const notificationsArea = defineArea({
  name: 'notifications',
  routes: [notificationRoutes],
  jobs: notificationJobs,
  policies: [notificationPolicy, roomPolicy],
  commands: async () => (await import('../../../cli/commands/notify.ts')).registerNotifyCommands,
});
