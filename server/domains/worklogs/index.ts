import { defineArea } from '../area.ts';
import { workLogPolicy, workLogsPolicy } from './worklogs.policy.ts';
import { workLogRoutes } from './worklogs.routes.ts';

/** Work logs: hours per day and project, the week grid, period locks, reports beside overtime and leave. */
export const workLogsArea = defineArea({
  name: 'worklogs',
  routes: [workLogRoutes],
  policies: [workLogPolicy, workLogsPolicy],
  commands: async () => (await import('../../../cli/commands/worklogs.ts')).registerWorkLogCommands,
});
