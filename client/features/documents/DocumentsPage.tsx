import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '../../../shared/documents.schemas.ts';
import { usePermission } from '../../api/session.ts';
import { useHydrated } from '../../layout/use-hydrated.ts';
import { useRealtimeEvent } from '../../realtime/RealtimeConnection.tsx';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { InvoiceStyles } from '../invoices/InvoiceStyles.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { MyDataPanel } from '../privacy/MyDataPanel.tsx';
import { PrivacyAdminPanel } from '../privacy/PrivacyAdminPanel.tsx';
import { DocumentDialog } from './DocumentDialog.tsx';
import { DocumentFormDialog } from './DocumentFormDialog.tsx';
import { DocumentTable } from './DocumentTable.tsx';
import { documentKeys, useDocumentList, useToAcknowledgeCount } from './documents.queries.ts';

const TABS = ['toRead', 'all', 'myData', 'privacy'] as const;
type Tab = (typeof TABS)[number];
const LIVE_TYPES = new Set(['DOCUMENT_TO_ACKNOWLEDGE', 'DOCUMENT_ACKNOWLEDGEMENT_REMINDER']);

/**
 * /document-management: what the person must still read (and acknowledge), every document they may
 * see, their own personal data (consents, a copy of their data) and, for HR, the personal data tools
 * (a person's export, retention). A document opens in a dialog with its preview; `?document=<id>`
 * (a notification's link) opens it directly.
 */
export default function DocumentsPage() {
  const { t } = useTranslation('documents');
  const canManage = usePermission('documents.manage');
  const canManagePeople = usePermission('employees.manage');
  const tabs: Tab[] = TABS.filter((tab) => tab !== 'privacy' || canManagePeople);
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState(Math.max(0, tabs.indexOf((params.get('tab') ?? 'toRead') as Tab)));
  const current = tabs[active] ?? 'toRead';
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<DocumentCategory | undefined>(undefined);
  const [page, setPage] = useState({ page: 1, perPage: 20 });
  const [creating, setCreating] = useState(false);
  const openId = params.get('document');
  const count = useToAcknowledgeCount();
  const list = useDocumentList({
    ...page,
    search: search || undefined,
    category,
    toAcknowledge: current === 'toRead' ? true : undefined,
  });
  const queryClient = useQueryClient();
  useRealtimeEvent('activity-notification', (notification) => {
    if (LIVE_TYPES.has(notification.type)) void queryClient.invalidateQueries({ queryKey: documentKeys.all });
  });
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('document', id);
    else next.delete('document');
    setParams(next, { replace: true });
  };
  // The sidebar's badge asks for the same count as soon as the shell is live, so it can arrive
  // before this lazy page has hydrated: shown once hydrated, or the page would not match its HTML.
  const hydrated = useHydrated();
  const toRead = hydrated ? (count.data?.count ?? 0) : 0;

  return (
    <div className="lv-page" data-testid="documents-page">
      <LeaveStyles />
      <InvoiceStyles />
      <div className="lv-bar">
        <h2>{t('title')}</h2>
        {canManage && (
          <Button
            icon="pi pi-plus"
            label={t('ui.new')}
            onClick={() => setCreating(true)}
            data-testid="doc-new"
          />
        )}
      </div>
      <TabView
        scrollable
        activeIndex={active}
        onTabChange={(event) => {
          setActive(event.index);
          setPage({ ...page, page: 1 });
          const next = new URLSearchParams(params);
          next.set('tab', tabs[event.index]!);
          setParams(next, { replace: true });
        }}
      >
        {tabs.map((tab) => (
          <TabPanel
            key={tab}
            header={
              <span data-testid={`doc-tab-${tab}`}>
                {t(`tabs.${tab}`)}{' '}
                {tab === 'toRead' && toRead > 0 && <Badge value={toRead} severity="warning" />}
              </span>
            }
          >
            {current === tab && (tab === 'toRead' || tab === 'all') && (
              <>
                {tab === 'all' && (
                  <div className="lv-bar">
                    <SearchBox
                      value={search}
                      placeholder={t('ui.search')}
                      label={t('ui.search')}
                      onSearch={(value) => (setSearch(value), setPage({ ...page, page: 1 }))}
                    />
                    <Dropdown
                      value={category ?? null}
                      showClear
                      placeholder={t('ui.allCategories')}
                      aria-label={t('ui.category')}
                      options={DOCUMENT_CATEGORIES.map((value) => ({
                        value,
                        label: t(`categories.${value}`),
                      }))}
                      onChange={(e) => (setCategory(e.value ?? undefined), setPage({ ...page, page: 1 }))}
                    />
                  </div>
                )}
                <DocumentTable
                  page={list.data}
                  loading={list.isFetching}
                  emptyText={tab === 'toRead' ? t('ui.emptyToRead') : t('ui.empty')}
                  onOpen={(document) => open(document.id)}
                  onPage={(next, perPage) => setPage({ page: next, perPage })}
                />
              </>
            )}
            {current === tab && tab === 'myData' && <MyDataPanel />}
            {current === tab && tab === 'privacy' && <PrivacyAdminPanel />}
          </TabPanel>
        ))}
      </TabView>
      {creating && (
        <DocumentFormDialog
          document={null}
          onClose={(saved) => {
            setCreating(false);
            if (saved) open(saved.id);
          }}
        />
      )}
      {openId && <DocumentDialog key={openId} id={openId} onClose={() => open(null)} />}
    </div>
  );
}
