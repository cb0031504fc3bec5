import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'primereact/badge';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import { useRealtimeEvent } from '../../realtime/RealtimeConnection.tsx';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { InvoiceManagementPanel } from './InvoiceManagementPanel.tsx';
import { InvoiceStyles } from './InvoiceStyles.tsx';
import { invoiceKeys, useInvoiceCounts } from './invoices.queries.ts';
import { MyInvoicesPanel } from './MyInvoicesPanel.tsx';
import { VendorsPanel } from './VendorsPanel.tsx';

const LIVE_TYPES = new Set(['PAYMENT_REQUEST', 'PAYMENT_MADE', 'PAYMENT_REJECTED']);

/**
 * /invoices: MY_INVOICES (submitters), INVOICE_MANAGEMENT (managers and payers: the payment review
 * queue and every invoice) and VENDOR_MANAGEMENT (vendor keepers), each shown only to those who may
 * use it. A payment, a rejection or a new request arriving live reloads what it changed.
 */
export default function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const canSubmit = usePermission('invoices.submit');
  const canManage = usePermission('invoices.manage');
  const canPay = usePermission('invoices.pay');
  const canVendors = usePermission('vendors.manage');
  const canReport = usePermission('invoices.report');
  const tabs = [
    ...(canSubmit ? ['MY_INVOICES'] : []),
    ...(canManage || canPay ? ['INVOICE_MANAGEMENT'] : []),
    ...(canVendors ? ['VENDOR_MANAGEMENT'] : []),
  ];
  const counts = useInvoiceCounts(canManage || canPay);
  const queryClient = useQueryClient();
  useRealtimeEvent('activity-notification', (notification) => {
    if (LIVE_TYPES.has(notification.type)) void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  });
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState(Math.max(0, tabs.indexOf(params.get('tab') ?? '')));
  const current = tabs[active];
  if (tabs.length === 0 && !canReport) return <StatusPage status={403} />;
  const pending = counts.data?.PENDING ?? 0;
  return (
    <div className="lv-page" data-testid="invoices-page">
      <LeaveStyles />
      <InvoiceStyles />
      <div className="lv-bar">
        <h2>{t('ui.title')}</h2>
        {canReport && <Link to="/invoices/reporting">{t('ui.openReports')}</Link>}
      </div>
      {tabs.length === 0 && <p className="lv-hint">{t('ui.reportsOnly')}</p>}
      {tabs.length > 0 && (
        <TabView
          scrollable
          activeIndex={active}
          onTabChange={(event) => {
            setActive(event.index);
            setParams({ tab: tabs[event.index]! }, { replace: true });
          }}
        >
          {tabs.map((tab) => (
            <TabPanel
              key={tab}
              header={
                <span data-testid={`inv-tab-${tab}`}>
                  {t(`ui.tabs.${tab}`)}{' '}
                  {tab === 'INVOICE_MANAGEMENT' && pending > 0 && (
                    <Badge value={pending} severity="warning" />
                  )}
                </span>
              }
            >
              {current === tab && tab === 'MY_INVOICES' && <MyInvoicesPanel />}
              {current === tab && tab === 'INVOICE_MANAGEMENT' && <InvoiceManagementPanel canPay={canPay} />}
              {current === tab && tab === 'VENDOR_MANAGEMENT' && <VendorsPanel />}
            </TabPanel>
          ))}
        </TabView>
      )}
    </div>
  );
}
