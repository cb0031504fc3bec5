import type { Area } from './area.ts';
import { accessRequestsArea } from './access-requests/index.ts';
import { accessArea } from './access/index.ts';
import { authArea } from './auth/index.ts';
import { departmentsArea } from './departments/index.ts';
import { employeesArea } from './employees/index.ts';
import { healthArea } from './health/index.ts';
import { invitationsArea } from './invitations/index.ts';
import { mailArea } from './mail/index.ts';
import { notificationsArea } from './notifications/index.ts';
import { passwordsArea } from './passwords/index.ts';
import { profileArea } from './profile/index.ts';
import { projectsArea } from './projects/index.ts';
import { twoFactorArea } from './two-factor/index.ts';
import { usersArea } from './users/index.ts';

/**
 * Every business area. The server registers their routes, the worker their jobs, the CLI their
 * commands, in this order. A new area adds its `index.ts` here.
 */
export const AREAS: readonly Area[] = [
  healthArea,
  authArea,
  accessArea,
  invitationsArea,
  passwordsArea,
  twoFactorArea,
  profileArea,
  accessRequestsArea,
  mailArea,
  notificationsArea,
  usersArea,
  employeesArea,
  departmentsArea,
  projectsArea,
];
