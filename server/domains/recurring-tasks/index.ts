import { defineArea } from '../area.ts';
import {
  recurringTaskChildPolicy,
  recurringTaskPolicy,
  recurringTasksPolicy,
} from './recurring-tasks.policy.ts';
import { recurringTaskJobs } from './recurring-tasks.jobs.ts';
import { recurringTaskRoutes } from './recurring-tasks.routes.ts';

/** Recurring tasks: tasks on a cycle, their child tasks (generated hourly or added by hand), My tasks. */
export const recurringTasksArea = defineArea({
  name: 'recurring-tasks',
  routes: [recurringTaskRoutes],
  jobs: recurringTaskJobs,
  policies: [recurringTasksPolicy, recurringTaskPolicy, recurringTaskChildPolicy],
  commands: async () =>
    (await import('../../../cli/commands/recurring-tasks.ts')).registerRecurringTaskCommands,
});
