import { defineArea } from '../area.ts';
import { workDevicePolicy } from './devices.policy.ts';
import { deviceJobs } from './devices.jobs.ts';
import { deviceRoutes } from './devices.routes.ts';

/** Work devices, forced updates (WORK_DEVICE_UPDATE_MANAGEMENT) and the security enforcements. */
export const devicesArea = defineArea({
  name: 'devices',
  routes: [deviceRoutes],
  jobs: deviceJobs,
  policies: [workDevicePolicy],
  commands: async () => (await import('../../../cli/commands/devices.ts')).registerDeviceCommands,
});

export { findDeviceComplianceFindings } from './device-compliance.ts';
