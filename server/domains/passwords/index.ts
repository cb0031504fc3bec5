import { defineArea } from '../area.ts';
import { passwordJobs } from './passwords.jobs.ts';
import { passwordRoutes } from './passwords.routes.ts';

/** Forgot, reset, change and expire passwords. */
export const passwordsArea = defineArea({ name: 'passwords', routes: [passwordRoutes], jobs: passwordJobs });
