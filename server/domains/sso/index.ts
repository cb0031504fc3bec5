import { defineArea } from '../area.ts';
import { oidcAuthRoutes } from './oidc-auth.routes.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { ssoJobs } from './sso.jobs.ts';
import { ssoPolicy } from './sso.policy.ts';
import { ssoRoutes } from './sso.routes.ts';

/** Single sign-on: Backoffice as the OpenID Connect provider of the company's internal apps. */
export const ssoArea = defineArea({
  name: 'sso',
  routes: [ssoRoutes, oidcAuthRoutes],
  rootRoutes: [oidcRoutes],
  jobs: ssoJobs,
  policies: [ssoPolicy],
  commands: async () => (await import('../../../cli/commands/sso.ts')).registerSsoCommands,
});
