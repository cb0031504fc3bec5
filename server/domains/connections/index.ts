import { defineArea } from '../area.ts';
import { connectionJobs } from './connections.jobs.ts';
import { connectionPolicy, jiraAccountPolicy, jiraLinkPolicy } from './connections.policy.ts';
import { connectionRoutes } from './connections.routes.ts';
import { projectJiraRoutes } from './project-jira.routes.ts';

/** Third-party connections: Jira so far (sync, project links, accounts); the work logs push to it. */
export const connectionsArea = defineArea({
  name: 'connections',
  routes: [connectionRoutes, projectJiraRoutes],
  jobs: connectionJobs,
  policies: [connectionPolicy, jiraLinkPolicy, jiraAccountPolicy],
  commands: async () => (await import('../../../cli/commands/connections.ts')).registerConnectionCommands,
});
