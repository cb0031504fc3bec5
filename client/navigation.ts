import type { Permission } from '../shared/permissions.ts';

/** The sidebar: every area of the spec's route table, shown only to those who may use it. */
export interface NavItem {
  path: string;
  labelKey: string;
  icon: string;
  permission?: Permission;
  /** Other permissions that open the area too (payers of invoices who submit none, managers who log no work). */
  alsoFor?: readonly Permission[];
  /** Other paths that show this area (the employee list is also the home page, `/`). */
  alsoAt?: readonly string[];
}

export const NAV_ITEMS: NavItem[] = [
  {
    path: '/employee-management',
    labelKey: 'nav.employees',
    icon: 'pi pi-users',
    permission: 'employees.view',
    alsoAt: ['/'],
  },
  {
    path: '/client-management',
    labelKey: 'nav.clients',
    icon: 'pi pi-briefcase',
    // Project managers whose permissions come from a project role find their projects here too.
    permission: 'projects.view',
  },
  {
    path: '/administrative-management',
    labelKey: 'nav.administration',
    icon: 'pi pi-building',
    permission: 'departments.view',
  },
  {
    path: '/access-control-management',
    labelKey: 'nav.accessControl',
    icon: 'pi pi-lock',
    permission: 'roles.view',
  },
  {
    path: '/external-users',
    labelKey: 'nav.externalUsers',
    icon: 'pi pi-user-plus',
    permission: 'external-users.view',
  },
  { path: '/leave-management', labelKey: 'nav.leave', icon: 'pi pi-calendar', permission: 'leave.request' },
  {
    path: '/overtime-management',
    labelKey: 'nav.overtime',
    icon: 'pi pi-clock',
    permission: 'overtime.request',
  },
  {
    path: '/work-logs',
    labelKey: 'nav.workLogs',
    icon: 'pi pi-list-check',
    permission: 'worklogs.log',
    alsoFor: ['worklogs.manage', 'worklogs.report'],
  },
  {
    path: '/invoices',
    labelKey: 'nav.invoices',
    icon: 'pi pi-receipt',
    permission: 'invoices.submit',
    alsoFor: ['invoices.pay', 'invoices.manage', 'vendors.manage', 'invoices.report'],
  },
  { path: '/asset-management', labelKey: 'nav.assets', icon: 'pi pi-box', permission: 'assets.view-own' },
  {
    path: '/risk-management',
    labelKey: 'nav.risks',
    icon: 'pi pi-exclamation-triangle',
    permission: 'risks.view',
  },
  {
    path: '/recurring-tasks',
    labelKey: 'nav.recurringTasks',
    icon: 'pi pi-sync',
    permission: 'recurring-tasks.view',
    alsoFor: ['recurring-tasks.manage'],
  },
  {
    path: '/account-management',
    labelKey: 'nav.accounts',
    icon: 'pi pi-id-card',
    permission: 'accounts.view',
  },
  {
    path: '/setting-connections',
    labelKey: 'nav.settingConnections',
    icon: 'pi pi-link',
    permission: 'connections.manage',
  },
  { path: '/sso-connections', labelKey: 'nav.ssoConnections', icon: 'pi pi-key', permission: 'sso.request' },
  { path: '/connected-account', labelKey: 'nav.connectedAccount', icon: 'pi pi-share-alt' },
  {
    path: '/password-management',
    labelKey: 'nav.passwordManagement',
    icon: 'pi pi-shield',
    permission: 'secrets.use',
  },
  {
    path: '/document-management',
    labelKey: 'nav.documents',
    icon: 'pi pi-file',
    permission: 'documents.view',
  },
  {
    path: '/hiring-campaigns',
    labelKey: 'nav.recruitment',
    icon: 'pi pi-megaphone',
    permission: 'recruitment.view',
  },
  {
    path: '/platform-settings',
    labelKey: 'nav.platformSettings',
    icon: 'pi pi-cog',
    permission: 'platform-settings.manage',
  },
];

/** Whether a person holds a permission company-wide or in any project. */
export function holds(
  session: { permissions: readonly string[]; projectPermissions: Record<string, readonly string[]> },
  permission: string,
): boolean {
  return (
    session.permissions.includes(permission) ||
    Object.values(session.projectPermissions).some((list) => list.includes(permission))
  );
}

/** Whether the person may open the area: its permission, or one of those that also open it. */
export function mayOpen(session: Parameters<typeof holds>[0], item: NavItem): boolean {
  return [item.permission, ...(item.alsoFor ?? [])].some(
    (permission) => permission !== undefined && holds(session, permission),
  );
}

/** The areas a person may open, in the sidebar's order (those behind a permission they hold). */
export function screensFor(session: Parameters<typeof holds>[0]): NavItem[] {
  return NAV_ITEMS.filter((item) => item.permission && mayOpen(session, item));
}

/**
 * Where `/` takes a person: the employee list when they may see it, else the first screen they may
 * open; `/` itself (which then says how to ask for access) when there is none. Never a 403 page,
 * so "Back to the home page" cannot loop.
 */
export function homePathFor(session: Parameters<typeof holds>[0]): string {
  if (holds(session, 'employees.view')) return '/';
  return screensFor(session)[0]?.path ?? '/';
}
