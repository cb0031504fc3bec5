import { defineArea } from '../area.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness probes (outside /api). */
export const healthArea = defineArea({ name: 'health', rootRoutes: [healthRoutes] });
