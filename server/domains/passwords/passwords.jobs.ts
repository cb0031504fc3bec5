import type { JobDefinition } from '../../core/jobs.ts';
import { sendPasswordExpiryReminders } from './passwords.service.ts';

/** Daily at 01:30 UTC: remind people whose password expires within the reminder days. */
export const passwordJobs: JobDefinition[] = [
  {
    name: 'passwords.expiry-reminders',
    cron: '30 1 * * *',
    handler: (ctx) => sendPasswordExpiryReminders(ctx),
  },
];
