import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { Permission } from '../shared/permissions.ts';
import { RequirePermission } from './layout/RequirePermission.tsx';
import { Shell } from './layout/Shell.tsx';

// Each area is its own chunk: a person downloads only the screens they open.
const AreaPlaceholder = lazy(() => import('./features/placeholder/AreaPlaceholder.tsx'));
const SignInPage = lazy(() => import('./features/auth/SignInPage.tsx'));
const StatusPage = lazy(() => import('./features/errors/StatusPage.tsx'));
const DevtoolsPage = lazy(() => import('./features/devtools/DevtoolsPage.tsx'));

/** A screen of an area whose issue has not landed yet: an honest "not available yet" page. */
function area(permission?: Permission): ReactNode {
  return (
    <RequirePermission permission={permission}>
      <AreaPlaceholder />
    </RequirePermission>
  );
}

function areaRoute(path: string, children: string[], permission?: Permission): RouteObject {
  return {
    path,
    children: [
      { index: true, element: area(permission) },
      ...children.map((child) => ({ path: child, element: area(permission) })),
    ],
  };
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
];

/** The whole route table of spec section 2. */
export function buildRoutes(environment: string): RouteObject[] {
  return [
    { path: '/sign-in', element: <SignInPage /> },
    ...[
      '/change-password',
      '/invite-account',
      '/forgot-password',
      '/reset-password',
      '/verify-oidc',
      '/secure-share',
    ].map((path) => ({ path, element: <AreaPlaceholder /> })),
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
      children: [
        { index: true, element: area('employees.view') },
        areaRoute('employee-management', ['employee', 'employee/:id'], 'employees.view'),
        areaRoute(
          'client-management',
          [':id', 'project/:id', ':clientId/project', ':clientId/project/:id'],
          'clients.view',
        ),
        areaRoute('administrative-management', [], 'departments.view'),
        areaRoute('access-control-management', [], 'roles.view'),
        areaRoute('asset-management', [], 'assets.view-own'),
        areaRoute('leave-management', ['summary-reporting'], 'leave.request'),
        areaRoute('overtime-management', ['summary-reporting'], 'overtime.request'),
        areaRoute('account-management', ['sso-connection/:id'], 'accounts.view'),
        areaRoute('recurring-tasks', [':id'], 'recurring-tasks.view'),
        areaRoute('invoices', ['reporting'], 'invoices.submit'),
        areaRoute('settings', []),
        areaRoute('document-management', [], 'documents.view'),
        areaRoute('work-logs', ['reporting'], 'worklogs.log'),
        areaRoute('setting-connections', [':id'], 'connections.manage'),
        areaRoute('sso-connections', [], 'sso.request'),
        areaRoute('connected-account', []),
        areaRoute('risk-management', [':id'], 'risks.view'),
        areaRoute('platform-settings', [], 'platform-settings.manage'),
        areaRoute('password-management', [], 'secrets.use'),
        areaRoute('external-users', [], 'external-users.view'),
        {
          path: 'hiring-campaigns',
          children: [
            { index: true, element: area('recruitment.view') },
            { path: 'all-resume', element: area('recruitment.view') },
            {
              path: ':id',
              children: [
                { index: true, element: area('recruitment.view') },
                { path: 'compare', element: area('recruitment.view') },
              ],
            },
          ],
        },
      ],
    },
    { path: '*', element: <StatusPage status={404} /> },
  ];
}
