import { defineArea } from '../area.ts';
import { overtimeRequestPolicy, overtimeSettingsPolicy } from './overtime.policy.ts';
import { overtimeRoutes } from './overtime.routes.ts';

/** Overtime: requests with approvers, regulations and limits, remaining hours, summaries, reports. */
export const overtimeArea = defineArea({
  name: 'overtime',
  routes: [overtimeRoutes],
  policies: [overtimeSettingsPolicy, overtimeRequestPolicy],
  commands: async () => (await import('../../../cli/commands/overtime.ts')).registerOvertimeCommands,
});
