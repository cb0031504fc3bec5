import { defineArea } from '../area.ts';
import { twoFactorJobs } from './two-factor.jobs.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

/** TOTP two-factor authentication and recovery codes. */
export const twoFactorArea = defineArea({
  name: 'two-factor',
  routes: [twoFactorRoutes],
  jobs: twoFactorJobs,
});
