import type { JobDefinition } from '../../core/jobs.ts';
import { remindOverdueFeedback } from './feedback-reminders.service.ts';

/**
 * Recruitment's daily job: remind interviewers of overdue feedback at 01:30 UTC (08:30 in Vietnam,
 * the start of the working day). Idempotent: at most one reminder a day per application.
 */
export const recruitmentJobs: JobDefinition[] = [
  {
    name: 'recruitment.remind-overdue-feedback',
    cron: '30 1 * * *',
    handler: (ctx) => remindOverdueFeedback(ctx),
  },
];
