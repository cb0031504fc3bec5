import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { Permission } from '../shared/permissions.ts';
// The status pages are part of the shell's permission check anyway: no chunk of their own.
import StatusPage from './features/errors/StatusPage.tsx';
import { HomePage } from './layout/HomePage.tsx';
import { RequirePermission } from './layout/RequirePermission.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { Shell } from './layout/Shell.tsx';
import { prefetchEmployeeList } from './features/employees/employees.queries.ts';
import type { RouteHandle } from './page-data.ts';

// Each area is its own chunk: a person downloads only the screens they open.
const SignInPage = lazy(() => import('./features/auth/SignInPage.tsx'));
const DevtoolsPage = lazy(() => import('./features/devtools/DevtoolsPage.tsx'));
const InviteAccountPage = lazy(() => import('./features/account/InviteAccountPage.tsx'));
const ForgotPasswordPage = lazy(() => import('./features/account/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('./features/account/ResetPasswordPage.tsx'));
const ChangePasswordPage = lazy(() => import('./features/account/ChangePasswordPage.tsx'));
const VerifyOidcPage = lazy(() => import('./features/sso/VerifyOidcPage.tsx'));
const SsoConnectionsPage = lazy(() => import('./features/sso/SsoConnectionsPage.tsx'));
const SsoConnectionPage = lazy(() => import('./features/sso/SsoConnectionPage.tsx'));
const MySsoAppsPage = lazy(() => import('./features/sso/MySsoAppsPage.tsx'));
const SettingsPage = lazy(() => import('./features/settings/SettingsPage.tsx'));
const AccessControlPage = lazy(() => import('./features/access-control/AccessControlPage.tsx'));
const EmployeeListPage = lazy(() => import('./features/employees/EmployeeListPage.tsx'));
const EmployeeFormPage = lazy(() => import('./features/employees/EmployeeFormPage.tsx'));
const EmployeeProfilePage = lazy(() => import('./features/employees/EmployeeProfilePage.tsx'));
const LegalPage = lazy(() => import('./features/legal/LegalPage.tsx'));
const PlatformSettingsPage = lazy(() => import('./features/platform-settings/PlatformSettingsPage.tsx'));
const AuditRunPage = lazy(() => import('./features/platform-settings/AuditRunPage.tsx'));
const AdministrationPage = lazy(() => import('./features/administration/AdministrationPage.tsx'));
const ExternalUsersPage = lazy(() => import('./features/external-users/ExternalUsersPage.tsx'));
const ClientManagementPage = lazy(() => import('./features/clients/ClientManagementPage.tsx'));
const ClientDetailPage = lazy(() => import('./features/clients/ClientDetailPage.tsx'));
const ProjectCreatePage = lazy(() => import('./features/projects/ProjectCreatePage.tsx'));
const ProjectDetailPage = lazy(() => import('./features/projects/ProjectDetailPage.tsx'));
const LeaveManagementPage = lazy(() => import('./features/leave/LeaveManagementPage.tsx'));
const LeaveReportPage = lazy(() => import('./features/leave/LeaveReportPage.tsx'));
const OvertimeManagementPage = lazy(() => import('./features/overtime/OvertimeManagementPage.tsx'));
const OvertimeReportPage = lazy(() => import('./features/overtime/OvertimeReportPage.tsx'));
const WorkLogsPage = lazy(() => import('./features/worklogs/WorkLogsPage.tsx'));
const PasswordManagementPage = lazy(() => import('./features/secrets/PasswordManagementPage.tsx'));
const SecureSharePage = lazy(() => import('./features/secure-share/SecureSharePage.tsx'));
const WorkLogReportPage = lazy(() => import('./features/worklogs/WorkLogReportPage.tsx'));
const RecurringTasksPage = lazy(() => import('./features/recurring-tasks/RecurringTasksPage.tsx'));
const RecurringTaskDetailPage = lazy(() => import('./features/recurring-tasks/RecurringTaskDetailPage.tsx'));
const ConnectionsPage = lazy(() => import('./features/connections/ConnectionsPage.tsx'));
const ConnectionDetailPage = lazy(() => import('./features/connections/ConnectionDetailPage.tsx'));
const AccountBoardPage = lazy(() => import('./features/connections/AccountBoardPage.tsx'));
const ConnectedAccountPage = lazy(() => import('./features/connections/ConnectedAccountPage.tsx'));
const InvoicesPage = lazy(() => import('./features/invoices/InvoicesPage.tsx'));
const InvoiceReportPage = lazy(() => import('./features/invoices/InvoiceReportPage.tsx'));
const AssetsPage = lazy(() => import('./features/assets/AssetsPage.tsx'));
const AssetDetailPage = lazy(() => import('./features/assets/AssetDetailPage.tsx'));
const AssetLabelsPage = lazy(() => import('./features/assets/AssetLabelsPage.tsx'));
const RisksPage = lazy(() => import('./features/risks/RisksPage.tsx'));
const RiskDetailPage = lazy(() => import('./features/risks/RiskDetailPage.tsx'));
const DocumentsPage = lazy(() => import('./features/documents/DocumentsPage.tsx'));
const CampaignsPage = lazy(() => import('./features/recruitment/CampaignsPage.tsx'));
const AllResumePage = lazy(() => import('./features/recruitment/AllResumePage.tsx'));
const CampaignPage = lazy(() => import('./features/recruitment/CampaignPage.tsx'));
const ComparePage = lazy(() => import('./features/recruitment/ComparePage.tsx'));

/** A screen behind a permission (none: any signed-in person; the screen then asks the API). */
function guarded(permission: Permission | undefined, screen: ReactNode): ReactNode {
  return <RequirePermission permission={permission}>{screen}</RequirePermission>;
}

/** Paths anyone may open without signing in (spec section 2, public routes). */
export const PUBLIC_PATHS = [
  '/sign-in',
  '/change-password',
  '/invite-account',
  '/forgot-password',
  '/reset-password',
  '/verify-oidc',
  '/secure-share',
  '/404',
  '/403',
  '/500',
  '/devtools',
  '/terms',
  '/privacy',
];

/** The whole route table of spec section 2, under one root (hydration marker, language, loading). */
export function buildRoutes(environment: string): RouteObject[] {
  return [{ element: <RootLayout />, children: pageRoutes(environment) }];
}

function pageRoutes(environment: string): RouteObject[] {
  return [
    { path: '/sign-in', element: <SignInPage /> },
    { path: '/change-password', element: <ChangePasswordPage /> },
    { path: '/invite-account', element: <InviteAccountPage /> },
    { path: '/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/reset-password', element: <ResetPasswordPage /> },
    // The legal pages the sign-up form links to, readable before anyone signs in.
    { path: '/terms', element: <LegalPage kind="terms" /> },
    { path: '/privacy', element: <LegalPage kind="privacy" /> },
    { path: '/verify-oidc', element: <VerifyOidcPage /> },
    { path: '/secure-share', element: <SecureSharePage /> },
    { path: '/404', element: <StatusPage status={404} /> },
    { path: '/403', element: <StatusPage status={403} /> },
    { path: '/500', element: <StatusPage status={500} /> },
    {
      path: '/devtools',
      element: environment === 'development' ? <DevtoolsPage isDev /> : <StatusPage status={404} />,
    },
    {
      path: '/',
      element: <Shell />,
      handle: { shell: true } satisfies RouteHandle,
      children: [
        {
          index: true,
          element: <HomePage list={<EmployeeListPage />} />,
          handle: { prefetch: prefetchEmployeeList } satisfies RouteHandle,
        },
        {
          path: 'employee-management',
          children: [
            {
              index: true,
              element: guarded('employees.view', <EmployeeListPage />),
              handle: { prefetch: prefetchEmployeeList } satisfies RouteHandle,
            },
            { path: 'employee', element: guarded('employees.manage', <EmployeeFormPage />) },
            // The read-only profile; `?edit=1` opens the edit form.
            { path: 'employee/:id', element: guarded(undefined, <EmployeeProfilePage />) },
          ],
        },
        {
          // Project pages are open to anyone with a project permission somewhere (a project role
          // counts): the API shows each person the projects they may see, and says so otherwise.
          path: 'client-management',
          children: [
            { index: true, element: guarded(undefined, <ClientManagementPage />) },
            { path: 'project/:id', element: guarded(undefined, <ProjectDetailPage />) },
            { path: ':id', element: guarded('clients.view', <ClientDetailPage />) },
            { path: ':clientId/project', element: guarded('projects.manage', <ProjectCreatePage />) },
            { path: ':clientId/project/:id', element: guarded(undefined, <ProjectDetailPage />) },
          ],
        },
        { path: 'administrative-management', element: guarded('departments.view', <AdministrationPage />) },
        {
          path: 'access-control-management',
          element: (
            <RequirePermission permission="roles.view">
              <AccessControlPage />
            </RequirePermission>
          ),
        },
        {
          // Managers without assets.view-own still open it: the page shows each their tabs.
          path: 'asset-management',
          children: [
            { index: true, element: guarded(undefined, <AssetsPage />) },
            { path: 'labels', element: guarded(undefined, <AssetLabelsPage />) },
            { path: ':id', element: guarded(undefined, <AssetDetailPage />) },
          ],
        },
        {
          // Approvers and HR without leave.request still open it: the page shows each their tabs.
          path: 'leave-management',
          children: [
            { index: true, element: guarded(undefined, <LeaveManagementPage />) },
            { path: 'summary-reporting', element: guarded('leave.report', <LeaveReportPage />) },
          ],
        },
        {
          path: 'overtime-management',
          children: [
            { index: true, element: guarded(undefined, <OvertimeManagementPage />) },
            { path: 'summary-reporting', element: guarded('overtime.report', <OvertimeReportPage />) },
          ],
        },
        // Single sign-on: the OpenID connections, beside the account-management index (its own entries).
        {
          path: 'account-management/sso-connections',
          element: guarded('sso.manage', <SsoConnectionsPage />),
        },
        {
          path: 'account-management/sso-connection/:id',
          element: guarded('sso.manage', <SsoConnectionPage />),
        },
        { path: 'account-management', element: guarded('accounts.view', <AccountBoardPage />) },
        {
          // Managers without recurring-tasks.view still open it: the page and the API decide.
          path: 'recurring-tasks',
          children: [
            { index: true, element: guarded(undefined, <RecurringTasksPage />) },
            { path: ':id', element: guarded(undefined, <RecurringTaskDetailPage />) },
          ],
        },
        {
          // Payers, managers and vendor keepers who submit nothing still open it: the page shows each their tabs.
          path: 'invoices',
          children: [
            { index: true, element: guarded(undefined, <InvoicesPage />) },
            { path: 'reporting', element: guarded('invoices.report', <InvoiceReportPage />) },
          ],
        },
        { path: 'settings', element: <SettingsPage /> },
        { path: 'document-management', element: guarded('documents.view', <DocumentsPage />) },
        {
          // Managers without worklogs.log still open it: the page shows each their tabs.
          path: 'work-logs',
          children: [
            { index: true, element: guarded(undefined, <WorkLogsPage />) },
            { path: 'reporting', element: guarded('worklogs.report', <WorkLogReportPage />) },
          ],
        },
        {
          path: 'setting-connections',
          children: [
            { index: true, element: guarded('connections.manage', <ConnectionsPage />) },
            { path: ':id', element: guarded('connections.manage', <ConnectionDetailPage />) },
          ],
        },
        { path: 'sso-connections', element: guarded(undefined, <MySsoAppsPage />) },
        // The signed-in person's own linked accounts; /connections is the same page.
        { path: 'connected-account', element: guarded(undefined, <ConnectedAccountPage />) },
        { path: 'connections', element: guarded(undefined, <ConnectedAccountPage />) },
        {
          // Managers and reviewers without risks.view still open it: the page and the API decide.
          path: 'risk-management',
          children: [
            { index: true, element: guarded(undefined, <RisksPage />) },
            { path: ':id', element: guarded(undefined, <RiskDetailPage />) },
          ],
        },
        {
          path: 'platform-settings',
          children: [
            { index: true, element: guarded('platform-settings.manage', <PlatformSettingsPage />) },
            { path: 'audit-runs/:id', element: guarded('platform-settings.manage', <AuditRunPage />) },
          ],
        },
        { path: 'password-management', element: guarded('secrets.use', <PasswordManagementPage />) },
        { path: 'external-users', element: guarded('external-users.view', <ExternalUsersPage />) },
        {
          path: 'hiring-campaigns',
          children: [
            // A hiring-team member without recruitment permissions opens their campaigns: the API decides.
            { index: true, element: guarded(undefined, <CampaignsPage />) },
            { path: 'all-resume', element: guarded('recruitment.view', <AllResumePage />) },
            {
              path: ':id',
              children: [
                { index: true, element: guarded(undefined, <CampaignPage />) },
                { path: 'compare', element: guarded(undefined, <ComparePage />) },
              ],
            },
          ],
        },
      ],
    },
    { path: '*', element: <StatusPage status={404} /> },
  ];
}
