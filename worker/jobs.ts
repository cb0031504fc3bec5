export type { JobDefinition } from '../server/core/jobs.ts';
