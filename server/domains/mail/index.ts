import { defineArea } from '../area.ts';
import { mailJobs } from './mail.jobs.ts';
import { outboxRoutes } from './outbox.routes.ts';

/** The mail outbox, delivered by the worker; listed in /devtools during development. */
export const mailArea = defineArea({
  name: 'mail',
  routes: [outboxRoutes],
  jobs: mailJobs,
  commands: async () => (await import('../../../cli/commands/mail.ts')).registerMailCommands,
});
