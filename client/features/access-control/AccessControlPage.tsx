import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import { RolesPanel } from '../roles/RolesPanel.tsx';
import { AccessRequestsPanel } from './AccessRequestsPanel.tsx';
import { RoleMembersPanel } from './RoleMembersPanel.tsx';
import { RolesStyles } from '../roles/RolesStyles.tsx';

const TABS = ['roles', 'members', 'requests'] as const;

/** /access-control-management: access roles, who holds them, and access requests (`?tab=` opens one). */
export default function AccessControlPage() {
  const { t } = useTranslation('roles');
  const [params, setParams] = useSearchParams();
  const canReview = usePermission('access-requests.review');
  const tabs = TABS.filter((tab) => tab !== 'requests' || canReview);
  const index = Math.max(0, tabs.indexOf(params.get('tab') as (typeof TABS)[number]));

  return (
    <section className="access-control" data-testid="access-control">
      <RolesStyles />
      <TabView
        scrollable
        className="scroll-tabs"
        activeIndex={index}
        onTabChange={(event) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', tabs[event.index] ?? 'roles');
              return next;
            },
            { replace: true },
          )
        }
      >
        {tabs.map((tab) => (
          <TabPanel key={tab} header={t(`accessControl.tabs.${tab}`)}>
            {tab === 'roles' && <RolesPanel type="ACCESS" />}
            {tab === 'members' && <RoleMembersPanel />}
            {tab === 'requests' && <AccessRequestsPanel />}
          </TabPanel>
        ))}
      </TabView>
    </section>
  );
}
