import { useQueryClient } from '@tanstack/react-query';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import { useRealtimeEvent } from '../../realtime/RealtimeConnection.tsx';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { MyTasksPanel } from './MyTasksPanel.tsx';
import { recurringTaskKeys } from './recurring-tasks.queries.ts';
import { TasksPanel } from './TasksPanel.tsx';

/**
 * /recurring-tasks: "My tasks" (what is still to do across every task one is assigned to, with a
 * quick complete), and the recurring tasks themselves (every one for managers, one's own otherwise).
 */
export default function RecurringTasksPage() {
  const { t } = useTranslation('recurringTasks');
  const canView = usePermission('recurring-tasks.view');
  const canManage = usePermission('recurring-tasks.manage');
  const queryClient = useQueryClient();
  // A child generated, or gone overdue, while the page is open shows at once.
  useRealtimeEvent('activity-notification', (notification) => {
    if (notification.type.startsWith('RECURRING_TASK'))
      void queryClient.invalidateQueries({ queryKey: recurringTaskKeys.all });
  });
  const tabs = ['mine', 'tasks'];
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState(Math.max(0, tabs.indexOf(params.get('tab') ?? '')));
  if (!canView && !canManage) return <StatusPage status={403} embedded permission="recurring-tasks.view" />;
  return (
    <div className="lv-page" data-testid="recurring-tasks-page">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('title')}</h2>
      </div>
      <TabView
        scrollable
        activeIndex={active}
        onTabChange={(event) => {
          setActive(event.index);
          setParams({ tab: tabs[event.index]! }, { replace: true });
        }}
      >
        <TabPanel header={<span data-testid="rt-tab-mine">{t('ui.tabs.mine')}</span>}>
          {active === 0 && <MyTasksPanel />}
        </TabPanel>
        <TabPanel
          header={<span data-testid="rt-tab-tasks">{t(canManage ? 'ui.tabs.all' : 'ui.tabs.assigned')}</span>}
        >
          {active === 1 && <TasksPanel canManage={canManage} />}
        </TabPanel>
      </TabView>
    </div>
  );
}
