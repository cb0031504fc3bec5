import type { Area } from './area.ts';
import { accessRequestsArea } from './access-requests/index.ts';
import { accessArea } from './access/index.ts';
import { accountsArea } from './accounts/index.ts';
import { connectionsArea } from './connections/index.ts';
import { assetsArea } from './assets/index.ts';
import { backupsArea } from './backups/index.ts';
import { departmentsArea } from './departments/index.ts';
import { devicesArea } from './devices/index.ts';
import { documentsArea } from './documents/index.ts';
import { employeesArea } from './employees/index.ts';
import { healthArea } from './health/index.ts';
import { invoicesArea } from './invoices/index.ts';
import { leaveArea } from './leave/index.ts';
import { legalArea } from './legal/index.ts';
import { mailArea } from './mail/index.ts';
import { notificationsArea } from './notifications/index.ts';
import { overtimeArea } from './overtime/index.ts';
import { privacyArea } from './privacy/index.ts';
import { projectsArea } from './projects/index.ts';
import { recurringTasksArea } from './recurring-tasks/index.ts';
import { recruitmentArea } from './recruitment/index.ts';
import { risksArea } from './risks/index.ts';
import { ssoArea } from './sso/index.ts';
import { secretsArea } from './secrets/index.ts';
import { secureShareArea } from './secure-share/index.ts';
import { securityAuditsArea } from './security-audits/index.ts';
import { platformSettingsArea } from './platform-settings/index.ts';
import { workLogsArea } from './worklogs/index.ts';

/**
 * Every business area. The server registers their routes, the worker their jobs, the CLI their
 * commands, in this order. A new area adds its `index.ts` here.
 */
export const AREAS: readonly Area[] = [
  healthArea,
  accountsArea,
  accessArea,
  accessRequestsArea,
  mailArea,
  notificationsArea,
  employeesArea,
  departmentsArea,
  projectsArea,
  legalArea,
  leaveArea,
  overtimeArea,
  workLogsArea,
  recurringTasksArea,
  connectionsArea,
  invoicesArea,
  assetsArea,
  risksArea,
  documentsArea,
  privacyArea,
  ssoArea,
  secretsArea,
  secureShareArea,
  recruitmentArea,
  backupsArea,
  platformSettingsArea,
  securityAuditsArea,
  devicesArea,
];
