import { defineArea } from '../area.ts';
import { cloudAccountRoutes } from './cloud-accounts.routes.ts';
import { accountBoardRoutes } from './account-board.routes.ts';
import { connectionJobs } from './connections.jobs.ts';
import {
  connectionPolicy,
  jiraAccountPolicy,
  jiraLinkPolicy,
  serviceRolePolicy,
} from './connections.policy.ts';
import { connectionRoutes } from './connections.routes.ts';
import { offboardingRoutes } from './offboarding.routes.ts';
import { projectGitRoutes } from './project-git.routes.ts';
import { projectJiraRoutes } from './project-jira.routes.ts';
import { serviceRoleRoutes } from './service-roles.routes.ts';

/** Third-party connections: Jira, GitHub, GitLab, Discord, Slack, Outline, Figma (sync, project links, accounts). */
export const connectionsArea = defineArea({
  name: 'connections',
  routes: [
    connectionRoutes,
    projectJiraRoutes,
    projectGitRoutes,
    cloudAccountRoutes,
    offboardingRoutes,
    accountBoardRoutes,
    serviceRoleRoutes,
  ],
  jobs: connectionJobs,
  policies: [connectionPolicy, jiraLinkPolicy, jiraAccountPolicy, serviceRolePolicy],
  commands: async () => (await import('../../../cli/commands/connections.ts')).registerConnectionCommands,
});
