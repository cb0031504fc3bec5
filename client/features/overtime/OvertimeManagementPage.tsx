import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'primereact/badge';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import { useRealtimeEvent } from '../../realtime/RealtimeConnection.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { MyOvertimePanel } from './MyOvertimePanel.tsx';
import { OvertimeApprovalsPanel } from './OvertimeApprovalsPanel.tsx';
import { overtimeKeys, useOvertimeCounts } from './overtime.queries.ts';
import { OvertimeSettingsPanel } from './OvertimeSettingsPanel.tsx';

/** /overtime-management: one's own overtime with the remaining hours, approvals, and the settings. */
export default function OvertimeManagementPage() {
  const { t } = useTranslation('overtime');
  const canApprove = usePermission('overtime.approve');
  const canManage = usePermission('overtime.manage');
  const canReport = usePermission('overtime.report');
  const counts = useOvertimeCounts(canApprove || canManage);
  const queryClient = useQueryClient();
  // A decision or a new request arriving live reloads what it changed.
  useRealtimeEvent('activity-notification', (notification) => {
    if (notification.type.includes('OVERTIME'))
      void queryClient.invalidateQueries({ queryKey: overtimeKeys.all });
  });
  const tabs = [
    'mine',
    ...(canApprove || canManage ? ['approvals'] : []),
    ...(canManage ? ['settings'] : []),
  ];
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState(Math.max(0, tabs.indexOf(params.get('tab') ?? '')));
  const waiting = counts.data?.['WAITING FOR APPROVAL'] ?? 0;
  return (
    <div className="lv-page" data-testid="overtime-page">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('ui.title')}</h2>
        {(canReport || canManage) && (
          <Link to="/overtime-management/summary-reporting">{t('ui.openReports')}</Link>
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
          <MyOvertimePanel />
        </TabPanel>
        {tabs.includes('approvals') && (
          <TabPanel
            header={
              <span data-testid="ot-approvals-tab">
                {t('ui.tabs.approvals')} {waiting > 0 && <Badge value={waiting} severity="danger" />}
              </span>
            }
          >
            {tabs[active] === 'approvals' && <OvertimeApprovalsPanel />}
          </TabPanel>
        )}
        {canManage && (
          <TabPanel header={t('ui.tabs.settings')}>
            {tabs[active] === 'settings' && <OvertimeSettingsPanel />}
          </TabPanel>
        )}
      </TabView>
    </div>
  );
}
