import { defineArea } from '../area.ts';
import { rolePolicy } from './access.policy.ts';
import { accessRoutes } from './access.routes.ts';

/** Roles, their permissions and the permission catalog. */
export const accessArea = defineArea({
  name: 'access',
  routes: [accessRoutes],
  policies: [rolePolicy],
  commands: async () => (await import('../../../cli/commands/roles.ts')).registerRoleCommands,
});
