import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { DepartmentsPanel } from '../departments/DepartmentsPanel.tsx';
import { PeopleStyles } from '../employees/PeopleStyles.tsx';
import { RolesStyles } from '../roles/RolesStyles.tsx';

const RolesPanel = lazy(() => import('../roles/RolesPanel.tsx').then((m) => ({ default: m.RolesPanel })));

const TABS = ['departments', 'employee-roles', 'project-roles'] as const;

/** /administrative-management: departments, employee roles and project roles, one tab each. */
export default function AdministrationPage() {
  const { t } = useTranslation('people');
  const canSeeRoles = usePermission('roles.view');
  const [params, setParams] = useSearchParams();
  const tabs: readonly string[] = canSeeRoles ? TABS : ['departments'];
  const requested = tabs.indexOf(params.get('tab') ?? '');
  const [active, setActive] = useState(Math.max(0, requested));

  return (
    <div className="people-page" data-testid="administration-page">
      <PeopleStyles />
      <RolesStyles />
      <TabView
        scrollable
        className="people-tabs scroll-tabs"
        activeIndex={active}
        onTabChange={(event) => {
          setActive(event.index);
          setParams({ tab: tabs[event.index]! }, { replace: true });
        }}
      >
        <TabPanel header={t('departments.tab')}>
          <DepartmentsPanel />
        </TabPanel>
        {canSeeRoles && (
          <TabPanel header={t('administration.employeeRoles')}>
            <Suspense fallback={<PageLoading />}>
              {active === 1 && <RolesPanel type="EMPLOYEE_ROLE" />}
            </Suspense>
          </TabPanel>
        )}
        {canSeeRoles && (
          <TabPanel header={t('administration.projectRoles')}>
            <Suspense fallback={<PageLoading />}>{active === 2 && <RolesPanel type="PROJECT" />}</Suspense>
          </TabPanel>
        )}
      </TabView>
    </div>
  );
}
