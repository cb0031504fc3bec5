import type { JobDefinition } from '../../core/jobs.ts';
import { runDiscordCheck } from './discord-check.service.ts';

/** The daily chat-account check (03:10 UTC): linked Discord accounts in the company's server. */
export const deviceJobs: JobDefinition[] = [
  {
    name: 'devices.discord-check',
    cron: '10 3 * * *',
    handler: async (ctx) => {
      await runDiscordCheck(ctx);
    },
  },
];
