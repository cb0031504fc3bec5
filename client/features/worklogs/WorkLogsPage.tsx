import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { LocksPanel } from './LocksPanel.tsx';
import { TeamLogsPanel } from './TeamLogsPanel.tsx';
import { WeekGrid } from './WeekGrid.tsx';
import { WorkLogDialog } from './WorkLogDialog.tsx';
import type { WorkLog } from '../../../shared/worklogs.schemas.ts';
import { usePushToJira, WorkLogTable } from './WorkLogTable.tsx';
import { WorkLogStyles } from './WorkLogStyles.tsx';
import { useWorkLogs } from './worklogs.queries.ts';

/** /work-logs: my week, my logs, the logs of the projects I manage, and period locks. */
export default function WorkLogsPage() {
  const { t } = useTranslation('worklogs');
  const canLog = usePermission('worklogs.log');
  const canManage = usePermission('worklogs.manage');
  const canReport = usePermission('worklogs.report');
  const tabs = [...(canLog ? ['week', 'mine'] : []), ...(canManage ? ['team', 'locks'] : [])];
  const [search, setSearch] = useSearchParams();
  const [active, setActive] = useState(Math.max(0, tabs.indexOf(search.get('tab') ?? '')));
  const current = tabs[active];
  if (tabs.length === 0) return <StatusPage status={403} />;
  return (
    <div className="lv-page" data-testid="worklogs-page">
      <LeaveStyles />
      <WorkLogStyles />
      <div className="lv-bar">
        <h2>{t('ui.title')}</h2>
        {canReport && <Link to="/work-logs/reporting">{t('ui.openReports')}</Link>}
      </div>
      <TabView
        scrollable
        activeIndex={active}
        onTabChange={(event) => {
          setActive(event.index);
          setSearch({ tab: tabs[event.index]! }, { replace: true });
        }}
      >
        {tabs.map((tab) => (
          <TabPanel key={tab} header={<span data-testid={`wl-tab-${tab}`}>{t(`ui.tabs.${tab}`)}</span>}>
            {current === tab && tab === 'week' && <WeekGrid />}
            {current === tab && tab === 'mine' && <MyLogs />}
            {current === tab && tab === 'team' && <TeamLogsPanel />}
            {current === tab && tab === 'locks' && <LocksPanel />}
          </TabPanel>
        ))}
      </TabView>
    </div>
  );
}

function MyLogs() {
  const { t } = useTranslation('worklogs');
  const [page, setPage] = useState({ page: 1, perPage: 20 });
  const logs = useWorkLogs({ scope: 'mine', ...page });
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<WorkLog[]>([]);
  const [pushing, setPushing] = useState(false);
  const push = usePushToJira();
  return (
    <div className="lv-page">
      <div className="lv-bar">
        <span className="lv-hint">{t('ui.mineHint')}</span>
        <div className="lv-row-actions">
          {selected.length > 0 && (
            <Button
              label={t('ui.jira.pushSelected', { count: selected.length })}
              icon="pi pi-upload"
              outlined
              loading={pushing}
              onClick={() => {
                setPushing(true);
                void push(selected.map((log) => log.id)).finally(() => {
                  setPushing(false);
                  setSelected([]);
                });
              }}
              data-testid="wl-push-selected"
            />
          )}
          <Button
            label={t('ui.newLog')}
            icon="pi pi-plus"
            onClick={() => setAdding(true)}
            data-testid="wl-new"
          />
        </div>
      </div>
      <WorkLogTable
        data={logs.data}
        page={page}
        onPage={setPage}
        testId="wl-mine"
        selection={selected}
        onSelection={setSelected}
      />
      {adding && <WorkLogDialog log={null} onClose={() => setAdding(false)} />}
    </div>
  );
}
