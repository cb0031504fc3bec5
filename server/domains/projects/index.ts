import { defineArea } from '../area.ts';
import { clientRoutes } from './clients.routes.ts';
import { clientPolicy, projectPolicy } from './projects.policy.ts';
import { projectRoutes } from './projects.routes.ts';

/** Clients, their projects with stages, and project members with their project roles. */
export const projectsArea = defineArea({
  name: 'projects',
  routes: [clientRoutes, projectRoutes],
  policies: [clientPolicy, projectPolicy],
  commands: async () => (await import('../../../cli/commands/projects.ts')).registerProjectCommands,
});
