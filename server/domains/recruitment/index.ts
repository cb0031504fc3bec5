import { defineArea } from '../area.ts';
import { campaignPolicy, recruitmentPolicy } from './recruitment.policy.ts';
import { recruitmentJobs } from './recruitment.jobs.ts';
import { recruitmentRoutes } from './recruitment.routes.ts';

/** Recruitment: hiring campaigns, candidates and searchable resumes, the board, feedback, compare, hire. */
export const recruitmentArea = defineArea({
  name: 'recruitment',
  routes: [recruitmentRoutes],
  policies: [recruitmentPolicy, campaignPolicy],
  jobs: recruitmentJobs,
});
