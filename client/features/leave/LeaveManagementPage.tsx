import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'primereact/badge';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import { useRealtimeEvent } from '../../realtime/RealtimeConnection.tsx';
import { AllRequestsPanel } from './AllRequestsPanel.tsx';
import { ApprovalsPanel } from './ApprovalsPanel.tsx';
import { leaveKeys, useApprovalTotal } from './leave.queries.ts';
import { LeaveSettingsPanel } from './LeaveSettingsPanel.tsx';
import { LeaveStyles } from './LeaveStyles.tsx';
import { MyLeavePanel } from './MyLeavePanel.tsx';
import { TeamCalendarPanel } from './TeamCalendarPanel.tsx';

const LEAVE_NOTIFICATIONS = new Set([
  'NEW_LEAVE_REQUEST',
  'LEAVE_REQUEST_APPROVED',
  'LEAVE_REQUEST_REJECTED',
]);

/**
 * /leave-management: one's own leave and balances, the approvals waiting for one, the team
 * calendar, and for HR every request and the settings (types, rules, holidays). A leave
 * notification arriving live reloads what it changed.
 */
export default function LeaveManagementPage() {
  const { t } = useTranslation('leave');
  const queryClient = useQueryClient();
  const canApprove = usePermission('leave.approve');
  const canManage = usePermission('leave.manage');
  const canReport = usePermission('leave.report');
  const total = useApprovalTotal();
  useRealtimeEvent('activity-notification', (notification) => {
    if (LEAVE_NOTIFICATIONS.has(notification.type))
      void queryClient.invalidateQueries({ queryKey: leaveKeys.all });
  });

  const tabs = [
    'mine',
    ...(canApprove || canManage ? ['approvals'] : []),
    'calendar',
    ...(canManage ? ['all', 'settings'] : []),
  ];
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState(Math.max(0, tabs.indexOf(params.get('tab') ?? '')));
  const waiting = total.data?.total ?? 0;

  return (
    <div className="lv-page" data-testid="leave-page">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('ui.title')}</h2>
        {(canReport || canManage) && (
          <Link to="/leave-management/summary-reporting">{t('ui.openReports')}</Link>
        )}
      </div>
      <TabView
        scrollable
        activeIndex={active}
        onTabChange={(event) => {
          setActive(event.index);
          setParams({ tab: tabs[event.index]! }, { replace: true });
        }}
      >
        <TabPanel header={t('ui.tabs.mine')}>
          <MyLeavePanel />
        </TabPanel>
        {tabs.includes('approvals') && (
          <TabPanel
            header={
              <span data-testid="approvals-tab">
                {t('ui.tabs.approvals')} {waiting > 0 && <Badge value={waiting} severity="danger" />}
              </span>
            }
          >
            {tabs[active] === 'approvals' && <ApprovalsPanel />}
          </TabPanel>
        )}
        <TabPanel header={t('ui.tabs.calendar')}>
          {tabs[active] === 'calendar' && <TeamCalendarPanel />}
        </TabPanel>
        {canManage && (
          <TabPanel header={t('ui.tabs.all')}>{tabs[active] === 'all' && <AllRequestsPanel />}</TabPanel>
        )}
        {canManage && (
          <TabPanel header={t('ui.tabs.settings')}>
            {tabs[active] === 'settings' && <LeaveSettingsPanel />}
          </TabPanel>
        )}
      </TabView>
    </div>
  );
}
