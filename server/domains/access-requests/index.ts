import { defineArea } from '../area.ts';
import { accessRequestPolicy, roleMemberPolicy } from './access-requests.policy.ts';
import { accessRequestRoutes } from './access-requests.routes.ts';

/** Requests for access to a screen, reviewed by those who manage roles; role members. */
export const accessRequestsArea = defineArea({
  name: 'access-requests',
  routes: [accessRequestRoutes],
  policies: [accessRequestPolicy, roleMemberPolicy],
});
