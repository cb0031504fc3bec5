import { defineArea } from '../area.ts';
import { platformSettingsRoutes } from './platform-settings.routes.ts';

/** Platform settings: the SECURITY roster of password expiries and the UTILITIES settings. */
export const platformSettingsArea = defineArea({
  name: 'platform-settings',
  routes: [platformSettingsRoutes],
});
