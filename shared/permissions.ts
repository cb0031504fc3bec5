/**
 * The permission catalog: every permission Backoffice knows, grouped by area.
 *
 * A permission is granted through roles. Each permission says which role types may carry it:
 * ACCESS roles are company-wide, PROJECT roles apply within one project, EMPLOYEE_ROLE roles
 * (job titles such as Developer or Tester) grant baseline company-wide abilities.
 * The database table `permissions` is synchronised from this list at start-up.
 */
export const ROLE_TYPES = ['EMPLOYEE_ROLE', 'PROJECT', 'ACCESS'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

type PermissionDefinition = { area: string; roleTypes: readonly RoleType[] };

const ACCESS = ['ACCESS'] as const;
const ACCESS_AND_EMPLOYEE = ['ACCESS', 'EMPLOYEE_ROLE'] as const;
const ALL_TYPES = ['ACCESS', 'EMPLOYEE_ROLE', 'PROJECT'] as const;

export const PERMISSIONS = {
  // People and organisation
  'employees.view': { area: 'employees', roleTypes: ACCESS_AND_EMPLOYEE },
  'employees.manage': { area: 'employees', roleTypes: ACCESS },
  'employees.export': { area: 'employees', roleTypes: ACCESS },
  'external-users.view': { area: 'external-users', roleTypes: ACCESS },
  'external-users.manage': { area: 'external-users', roleTypes: ACCESS },
  'departments.view': { area: 'administration', roleTypes: ACCESS_AND_EMPLOYEE },
  'departments.manage': { area: 'administration', roleTypes: ACCESS },
  'roles.view': { area: 'access-control', roleTypes: ACCESS },
  'roles.manage': { area: 'access-control', roleTypes: ACCESS },
  'access-requests.review': { area: 'access-control', roleTypes: ACCESS },
  'audit.view': { area: 'access-control', roleTypes: ACCESS },
  // Clients and projects
  'clients.view': { area: 'clients', roleTypes: ACCESS_AND_EMPLOYEE },
  'clients.manage': { area: 'clients', roleTypes: ACCESS },
  'projects.view': { area: 'clients', roleTypes: ALL_TYPES },
  'projects.manage': { area: 'clients', roleTypes: ['ACCESS', 'PROJECT'] },
  'projects.members.manage': { area: 'clients', roleTypes: ['ACCESS', 'PROJECT'] },
  'projects.export': { area: 'clients', roleTypes: ['ACCESS', 'PROJECT'] },
  // Leave and overtime
  'leave.request': { area: 'leave', roleTypes: ACCESS_AND_EMPLOYEE },
  'leave.approve': { area: 'leave', roleTypes: ALL_TYPES },
  'leave.manage': { area: 'leave', roleTypes: ACCESS },
  'leave.report': { area: 'leave', roleTypes: ACCESS },
  'overtime.request': { area: 'overtime', roleTypes: ALL_TYPES },
  'overtime.approve': { area: 'overtime', roleTypes: ALL_TYPES },
  'overtime.manage': { area: 'overtime', roleTypes: ACCESS },
  'overtime.report': { area: 'overtime', roleTypes: ACCESS },
  // Work logs
  'worklogs.log': { area: 'work-logs', roleTypes: ALL_TYPES },
  'worklogs.manage': { area: 'work-logs', roleTypes: ['ACCESS', 'PROJECT'] },
  'worklogs.report': { area: 'work-logs', roleTypes: ['ACCESS', 'PROJECT'] },
  // Invoices and vendors
  'invoices.submit': { area: 'invoices', roleTypes: ACCESS_AND_EMPLOYEE },
  'invoices.manage': { area: 'invoices', roleTypes: ACCESS },
  'invoices.pay': { area: 'invoices', roleTypes: ACCESS },
  'invoices.report': { area: 'invoices', roleTypes: ACCESS },
  'vendors.manage': { area: 'invoices', roleTypes: ACCESS },
  // Assets and risks
  'assets.view-own': { area: 'assets', roleTypes: ACCESS_AND_EMPLOYEE },
  'assets.view': { area: 'assets', roleTypes: ACCESS },
  'assets.manage': { area: 'assets', roleTypes: ACCESS },
  'risks.view': { area: 'risks', roleTypes: ACCESS },
  'risks.manage': { area: 'risks', roleTypes: ACCESS },
  'risks.review': { area: 'risks', roleTypes: ACCESS },
  // Recurring tasks
  'recurring-tasks.view': { area: 'recurring-tasks', roleTypes: ACCESS_AND_EMPLOYEE },
  'recurring-tasks.manage': { area: 'recurring-tasks', roleTypes: ACCESS },
  // Accounts, connections and single sign-on
  'accounts.view': { area: 'accounts', roleTypes: ['ACCESS', 'PROJECT'] },
  'accounts.manage': { area: 'accounts', roleTypes: ['ACCESS', 'PROJECT'] },
  'connections.manage': { area: 'connections', roleTypes: ACCESS },
  'sso.request': { area: 'sso', roleTypes: ACCESS_AND_EMPLOYEE },
  'sso.manage': { area: 'sso', roleTypes: ACCESS },
  // Backups, secrets, sharing
  'backups.manage': { area: 'backups', roleTypes: ACCESS },
  'secrets.use': { area: 'secrets', roleTypes: ACCESS_AND_EMPLOYEE },
  'secrets.manage': { area: 'secrets', roleTypes: ACCESS },
  'secure-share.create': { area: 'secrets', roleTypes: ACCESS_AND_EMPLOYEE },
  // Recruitment and documents
  'recruitment.view': { area: 'recruitment', roleTypes: ACCESS },
  'recruitment.manage': { area: 'recruitment', roleTypes: ACCESS },
  'documents.view': { area: 'documents', roleTypes: ACCESS_AND_EMPLOYEE },
  'documents.manage': { area: 'documents', roleTypes: ACCESS },
  // Platform
  'notifications.announce': { area: 'platform', roleTypes: ACCESS },
  'platform-settings.manage': { area: 'platform', roleTypes: ACCESS },
  'password-policy.manage': { area: 'platform', roleTypes: ACCESS },
} as const satisfies Record<string, PermissionDefinition>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

/** The permissions that a role of the given type may carry. */
export function permissionsForRoleType(roleType: RoleType): Permission[] {
  return PERMISSION_KEYS.filter((key) =>
    (PERMISSIONS[key].roleTypes as readonly RoleType[]).includes(roleType),
  );
}

/** Built-in roles created by the first migration; their permission lists are kept in sync at start. */
export const BUILT_IN_ROLES = {
  admin: { name: 'Admin', permissions: 'ALL' as const },
  hr: {
    name: 'HR',
    permissions: [
      'employees.view',
      'employees.manage',
      'employees.export',
      'external-users.view',
      'external-users.manage',
      'departments.view',
      'departments.manage',
      'leave.request',
      'leave.approve',
      'leave.manage',
      'leave.report',
      'overtime.request',
      'overtime.approve',
      'overtime.manage',
      'overtime.report',
      'invoices.submit',
      'assets.view-own',
      'recruitment.view',
      'recruitment.manage',
      'documents.view',
      'documents.manage',
      'recurring-tasks.view',
      'secrets.use',
      'secure-share.create',
      'sso.request',
      'notifications.announce',
      // Everything the User role has as well: HR staff are employees, and "nobody acts on someone
      // above them" needs HR to hold what every new employee starts with.
      'clients.view',
      'projects.view',
      'worklogs.log',
    ] satisfies Permission[],
  },
  user: {
    name: 'User',
    permissions: [
      'employees.view',
      'departments.view',
      'clients.view',
      'projects.view',
      'leave.request',
      'overtime.request',
      'worklogs.log',
      'invoices.submit',
      'assets.view-own',
      'recurring-tasks.view',
      'documents.view',
      'secrets.use',
      'secure-share.create',
      'sso.request',
    ] satisfies Permission[],
  },
} as const;
export type BuiltInRoleKey = keyof typeof BUILT_IN_ROLES;

export function builtInRolePermissions(key: BuiltInRoleKey): Permission[] {
  const role = BUILT_IN_ROLES[key];
  return role.permissions === 'ALL' ? [...PERMISSION_KEYS] : [...role.permissions];
}
