import { AREAS } from '../server/domains/areas.ts';
import type { JobDefinition } from './jobs.ts';

/** Every area's jobs (server/domains/areas.ts). */
export const ALL_JOBS: JobDefinition[] = AREAS.flatMap((area) => area.jobs ?? []);
