import type { JobDefinition } from '../../core/jobs.ts';
import { purgeExpiredOidcPayloads } from './sso-keys.service.ts';

/** Hourly at :41 (UTC): the provider's expired rows go (they are already invisible to it). */
export const ssoJobs: JobDefinition[] = [
  { name: 'sso.purge-expired', cron: '41 * * * *', handler: (ctx) => purgeExpiredOidcPayloads(ctx) },
];
