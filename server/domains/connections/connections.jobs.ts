import type { JobDefinition } from '../../core/jobs.ts';
import { syncDueConnections } from './connection-sync.service.ts';
import { remindOpenOffboardings } from './offboarding-reminder.service.ts';

/**
 * Hourly at :23 (UTC): every active connection not synced in the last 50 minutes is synced, one
 * after another. "Sync now" runs in the request (the admin waits for the result); both take the
 * same one-run-per-connection claim, so they never overlap.
 *
 * Daily at 02:00 UTC (09:00 in Vietnam): holders of `accounts.manage` are reminded of every
 * offboarding checklist that still has open items.
 */
export const connectionJobs: JobDefinition[] = [
  { name: 'connections.sync', cron: '23 * * * *', handler: (ctx) => syncDueConnections(ctx) },
  {
    name: 'connections.offboarding-reminder',
    cron: '0 2 * * *',
    handler: (ctx) => remindOpenOffboardings(ctx),
  },
];
