import { authJobs } from '../server/domains/auth/auth.jobs.ts';
import { mailJobs } from '../server/domains/mail/mail.jobs.ts';
import { passwordJobs } from '../server/domains/passwords/passwords.jobs.ts';
import { twoFactorJobs } from '../server/domains/two-factor/two-factor.jobs.ts';
import { notificationJobs } from '../server/domains/notifications/notifications.jobs.ts';
import type { JobDefinition } from './jobs.ts';

/** Every domain's jobs. A new domain adds its list here. */
export const ALL_JOBS: JobDefinition[] = [
  ...authJobs,
  ...mailJobs,
  ...notificationJobs,
  ...passwordJobs,
  ...twoFactorJobs,
];
