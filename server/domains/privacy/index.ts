import { defineArea } from '../area.ts';
import { privacyJobs } from './privacy.jobs.ts';
import { personalDataPolicy, privacyPolicy } from './privacy.policy.ts';
import { privacyRoutes } from './privacy.routes.ts';

/** Personal data protection: consent records, a person's data export, retention of former employees' data. */
export const privacyArea = defineArea({
  name: 'privacy',
  routes: [privacyRoutes],
  policies: [personalDataPolicy, privacyPolicy],
  jobs: privacyJobs,
  commands: async () => (await import('../../../cli/commands/privacy.ts')).registerPrivacyCommands,
});
