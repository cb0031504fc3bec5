import { authJobs } from '../server/domains/auth/auth.jobs.ts';
import { mailJobs } from '../server/domains/mail/mail.jobs.ts';
import type { JobDefinition } from './jobs.ts';

/** Every domain's jobs. A new domain adds its list here. */
export const ALL_JOBS: JobDefinition[] = [...authJobs, ...mailJobs];
