import { defineArea } from '../area.ts';
import { accountJobs } from './accounts.jobs.ts';
import { accountPolicy } from './accounts.policy.ts';
import { authRoutes } from './auth.routes.ts';
import { invitationRoutes } from './invitations.routes.ts';
import { passwordRoutes } from './passwords.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

/**
 * Identity: sign-in and sessions, invitations and sign-up, passwords, two-factor authentication,
 * a person's own profile, and administrators created from the terminal. The only writer of `users`.
 */
export const accountsArea = defineArea({
  name: 'accounts',
  routes: [authRoutes, invitationRoutes, passwordRoutes, twoFactorRoutes, profileRoutes],
  jobs: accountJobs,
  policies: [accountPolicy],
  commands: async () =>
    (await import('../../../cli/commands/administrators.ts')).registerAdministratorCommands,
});
