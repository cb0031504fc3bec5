import type { JobDefinition } from '../../core/jobs.ts';
import { purgeExpiredSessions } from './auth.service.ts';

/** Hourly: delete ended sessions and old sign-in failures. */
export const purgeExpiredSessionsJob: JobDefinition = {
  name: 'auth.purge-expired-sessions',
  cron: '17 * * * *',
  handler: async (ctx) => {
    const purged = await purgeExpiredSessions(ctx);
    return purged;
  },
};

export const authJobs = [purgeExpiredSessionsJob];
