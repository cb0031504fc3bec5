import type { JobDefinition } from '../../core/jobs.ts';
import { runRetention } from './retention.service.ts';

/**
 * The daily anonymisation of former employees past the retention period (02:40 UTC, 09:40 in
 * Vietnam: a person is due from a company day on, so once a day is enough). Idempotent: each person
 * is anonymised once.
 */
export const privacyJobs: JobDefinition[] = [
  {
    name: 'privacy.anonymise-former-employees',
    cron: '40 2 * * *',
    handler: (ctx) => runRetention(ctx),
  },
];
