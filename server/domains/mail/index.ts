import { defineArea } from '../area.ts';
import { mailJobs } from './mail.jobs.ts';

/** The mail outbox, delivered by the worker. */
export const mailArea = defineArea({
  name: 'mail',
  jobs: mailJobs,
  commands: async () => (await import('../../../cli/commands/mail.ts')).registerMailCommands,
});
