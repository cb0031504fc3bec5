import type { JobDefinition } from '../../core/jobs.ts';
import { runDueAudits } from './audit-runs.service.ts';

/**
 * Security audits in the worker, hourly at :23 (UTC): each active schedule whose day, week or month
 * has passed runs once (claimed in one statement, so two workers never run it twice).
 */
export const securityAuditJobs: JobDefinition[] = [
  { name: 'security-audits.schedule', cron: '23 * * * *', handler: (ctx) => runDueAudits(ctx) },
];
