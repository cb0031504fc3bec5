/**
 * The header title for a path, exactly as spec section 2 lists it: the first path segment decides,
 * and anything not listed shows "Employee management". Values are i18n keys under `common:titles`.
 */
const TITLE_BY_PREFIX: Record<string, string> = {
  'leave-management': 'leaveManagement',
  'client-management': 'clientManagement',
  'administrative-management': 'administrativeManagement',
  'access-control-management': 'accessControlManagement',
  'asset-management': 'assetManagement',
  'overtime-management': 'overtimeManagement',
  'account-management': 'accountManagement',
  settings: 'settings',
  'document-management': 'documentManagement',
  'recurring-tasks': 'recurringTasks',
  invoices: 'invoices',
  'setting-connections': 'settingConnections',
  'work-logs': 'workLogs',
  'risk-management': 'riskManagement',
  'connected-account': 'connectedAccount',
  connections: 'connectedAccount',
  'platform-settings': 'platformSettings',
  'password-management': 'passwordManagement',
  'external-users': 'externalUsers',
  'hiring-campaigns': 'recruitment',
};

export function titleKeyForPath(pathname: string): string {
  const prefix = pathname.split('/').find(Boolean) ?? '';
  return `titles.${TITLE_BY_PREFIX[prefix] ?? 'employeeManagement'}`;
}

/**
 * The screen a path shows, by its translated header title ("Employee management", not "/"): how
 * access requests, their notifications and their mails name what was asked for.
 */
export function screenName(t: (key: string) => string, pathname: string): string {
  return t(`common:${titleKeyForPath(pathname)}`);
}
