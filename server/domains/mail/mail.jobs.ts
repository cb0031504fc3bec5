import type { JobDefinition } from '../../core/jobs.ts';
import { deliverQueuedMail } from './mail.service.ts';

/** Every minute: deliver what the outbox holds. */
export const mailJobs: JobDefinition[] = [
  { name: 'mail.deliver', cron: '* * * * *', handler: (ctx) => deliverQueuedMail(ctx) },
];
