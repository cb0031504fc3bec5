import { defineArea } from '../area.ts';
import { securityAuditJobs } from './security-audits.jobs.ts';
import { securityAuditRoutes } from './security-audits.routes.ts';

/** Security audits: scheduled checks (AUDIT_SCHEDULE of /platform-settings), their runs and findings. */
export const securityAuditsArea = defineArea({
  name: 'security-audits',
  routes: [securityAuditRoutes],
  jobs: securityAuditJobs,
  commands: async () => (await import('../../../cli/commands/audit.ts')).registerAuditCommands,
});
