import type { JobDefinition } from '../../core/jobs.ts';
import { generateDueChildren, markOverdueChildren } from './recurring-task-jobs.service.ts';

/**
 * The recurring-task jobs, hourly (UTC cron): a company day starts at midnight in COMPANY_TIME_ZONE,
 * which an hourly run reaches within the hour whatever the zone. Both are idempotent, so running
 * more often, twice at once, or again after a failure changes nothing twice.
 */
export const recurringTaskJobs: JobDefinition[] = [
  { name: 'recurring-tasks.generate', cron: '5 * * * *', handler: (ctx) => generateDueChildren(ctx) },
  { name: 'recurring-tasks.mark-overdue', cron: '10 * * * *', handler: (ctx) => markOverdueChildren(ctx) },
];
