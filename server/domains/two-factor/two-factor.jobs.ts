import type { JobDefinition } from '../../core/jobs.ts';
import { purgeOldChallenges } from './two-factor.service.ts';

/** Hourly: delete two-factor sign-in challenges that ended. */
export const twoFactorJobs: JobDefinition[] = [
  { name: 'two-factor.purge-challenges', cron: '23 * * * *', handler: (ctx) => purgeOldChallenges(ctx) },
];
