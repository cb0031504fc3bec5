import { defineArea } from '../area.ts';
import { leaveRequestPolicy, leaveSettingsPolicy } from './leave.policy.ts';
import { leaveJobs } from './leave.jobs.ts';
import { leaveRequestRoutes } from './leave-requests.routes.ts';
import { leaveSettingsRoutes } from './leave-settings.routes.ts';

/** Leave of absence: types and rules, holidays, requests and approvals, balances, reports, calendars. */
export const leaveArea = defineArea({
  name: 'leave',
  routes: [leaveSettingsRoutes, leaveRequestRoutes],
  jobs: leaveJobs,
  policies: [leaveSettingsPolicy, leaveRequestPolicy],
  commands: async () => (await import('../../../cli/commands/leave.ts')).registerLeaveCommands,
});
