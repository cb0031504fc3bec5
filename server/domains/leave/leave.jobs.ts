import type { JobDefinition } from '../../core/jobs.ts';
import { companyToday } from '../../core/company-date.ts';
import { accrueLeave, carryForwardLeave, expireCarriedLeave, remindApprovers } from './leave-jobs.service.ts';
import { routeAllToSubstitutes } from './substitutes.service.ts';

/**
 * The leave jobs, daily (UTC times; the company day is Asia/Ho_Chi_Minh by default). Each one is
 * idempotent, so a daily run also catches up after the worker was down: accrual grants every month
 * due so far, carry-forward and expiry write once per year.
 */
export const leaveJobs: JobDefinition[] = [
  { name: 'leave.accrue', cron: '5 17 * * *', handler: (ctx) => accrueLeave(ctx) },
  { name: 'leave.carry-forward', cron: '10 17 * * *', handler: (ctx) => carryForwardLeave(ctx) },
  { name: 'leave.expire-carried', cron: '15 17 * * *', handler: (ctx) => expireCarriedLeave(ctx) },
  { name: 'leave.remind-approvers', cron: '0 2 * * 1-5', handler: (ctx) => remindApprovers(ctx) },
  {
    name: 'leave.route-to-substitutes',
    cron: '30 23 * * *',
    handler: (ctx) => routeAllToSubstitutes(ctx, companyToday(ctx.config)),
  },
];
