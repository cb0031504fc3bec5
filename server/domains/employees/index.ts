import { defineArea } from '../area.ts';
import { peoplePolicy } from './employees.policy.ts';
import { employeeProfileRoutes } from './employee-profile.routes.ts';
import { employeeRoutes } from './employees.routes.ts';

/** Employees and external users: records, documents, imports and exports. */
export const employeesArea = defineArea({
  name: 'employees',
  routes: [employeeRoutes, employeeProfileRoutes],
  policies: [peoplePolicy],
  commands: async () => (await import('../../../cli/commands/users.ts')).registerUserCommands,
});
