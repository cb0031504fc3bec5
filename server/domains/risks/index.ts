import { defineArea } from '../area.ts';
import { risksPolicy } from './risks.policy.ts';
import { riskJobs } from './risks.jobs.ts';
import { riskRoutes } from './risks.routes.ts';

/** The ISO 27001 risk register: risks on assets, their three steps, residual risks, the worker's flags. */
export const risksArea = defineArea({
  name: 'risks',
  routes: [riskRoutes],
  jobs: riskJobs,
  policies: [risksPolicy],
  commands: async () => (await import('../../../cli/commands/risks.ts')).registerRiskCommands,
});
