import type { JobDefinition } from '../../core/jobs.ts';
import { sendPasswordExpiryReminders } from './password-reminders.service.ts';
import { purgeExpiredSessions } from './sessions.service.ts';
import { purgeOldChallenges } from './two-factor-sign-in.service.ts';

/**
 * The accounts area's background jobs. The queue names keep their old prefixes (`auth.`,
 * `passwords.`, `two-factor.`): pg-boss keys schedules by name, so renaming would orphan them.
 */
export const accountJobs: JobDefinition[] = [
  /** Hourly: delete ended sessions and old sign-in failures. */
  {
    name: 'auth.purge-expired-sessions',
    cron: '17 * * * *',
    handler: (ctx) => purgeExpiredSessions(ctx),
  },
  /** Hourly: delete two-factor sign-in challenges that ended. */
  { name: 'two-factor.purge-challenges', cron: '23 * * * *', handler: (ctx) => purgeOldChallenges(ctx) },
  /** Daily at 01:30 UTC: remind people whose password expires within the reminder days. */
  {
    name: 'passwords.expiry-reminders',
    cron: '30 1 * * *',
    handler: (ctx) => sendPasswordExpiryReminders(ctx),
  },
];
