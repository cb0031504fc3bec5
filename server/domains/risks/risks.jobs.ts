import type { JobDefinition } from '../../core/jobs.ts';
import { flagAcceptanceReviewsDue, flagOverdueTreatmentPlans } from './risk-jobs.service.ts';

/**
 * The risk register's daily flags (UTC cron; hourly, so a company day in any time zone is reached
 * within the hour). Both are idempotent: each plan or review date is flagged once.
 */
export const riskJobs: JobDefinition[] = [
  { name: 'risks.flag-overdue-plans', cron: '20 * * * *', handler: (ctx) => flagOverdueTreatmentPlans(ctx) },
  { name: 'risks.flag-reviews-due', cron: '25 * * * *', handler: (ctx) => flagAcceptanceReviewsDue(ctx) },
];
