import type { JobDefinition } from '../../core/jobs.ts';
import { runRetention } from './retention.service.ts';

/**
 * The daily anonymisation of former employees past the retention period (UTC cron; hourly would do
 * nothing more: a person is due from a company day on). Idempotent: each person is anonymised once.
 */
export const privacyJobs: JobDefinition[] = [
  {
    name: 'privacy.anonymise-former-employees',
    cron: '40 * * * *',
    handler: (ctx) => runRetention(ctx),
  },
];
