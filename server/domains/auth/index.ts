import { defineArea } from '../area.ts';
import { authJobs } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';

/** Sign-in, sessions, refresh and sign-out. */
export const authArea = defineArea({ name: 'auth', routes: [authRoutes], jobs: authJobs });
