import { TabPanel, TabView } from 'primereact/tabview';
import { Toast } from 'primereact/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import StatusPage from '../errors/StatusPage.tsx';
import { ProjectsPanel } from '../projects/ProjectsPanel.tsx';
import { ProjectStyles } from '../projects/ProjectStyles.tsx';
import { ClientsPanel } from './ClientsPanel.tsx';

const TABS = ['clients', 'projects'] as const;

/** /client-management: the client list and the project list, one tab each (`?tab=projects`). */
export default function ClientManagementPage() {
  const { t } = useTranslation('projects');
  const toast = useRef<Toast>(null);
  const canSeeClients = usePermission('clients.view');
  const canSeeProjects = usePermission('projects.view');
  const tabs = TABS.filter((tab) => (tab === 'clients' ? canSeeClients : canSeeProjects));
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState(Math.max(0, tabs.indexOf(params.get('tab') as 'clients')));
  if (tabs.length === 0) return <StatusPage status={403} embedded permission="clients.view" />;

  return (
    <div className="pm-page" data-testid="client-management">
      <ProjectStyles />
      <Toast ref={toast} position="bottom-right" />
      <TabView
        activeIndex={active}
        onTabChange={(event) => {
          setActive(event.index);
          setParams({ tab: tabs[event.index]! }, { replace: true });
        }}
      >
        {tabs.map((tab) => (
          <TabPanel key={tab} header={t(`tabs.${tab}`)}>
            {tab === 'clients' ? (
              <ClientsPanel toast={toast} />
            ) : (
              active === tabs.indexOf(tab) && <ProjectsPanel />
            )}
          </TabPanel>
        ))}
      </TabView>
    </div>
  );
}
