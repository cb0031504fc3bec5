import { defineArea } from '../area.ts';
import { departmentPolicy } from './departments.policy.ts';
import { departmentRoutes } from './departments.routes.ts';

/** Departments and their members. */
export const departmentsArea = defineArea({
  name: 'departments',
  routes: [departmentRoutes],
  policies: [departmentPolicy],
});
