import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AllInvoicesPanel } from './AllInvoicesPanel.tsx';
import { PaymentQueue } from './PaymentQueue.tsx';
import { useInvoiceCounts } from './invoices.queries.ts';
import { money } from './invoice-format.ts';

/**
 * INVOICE_MANAGEMENT: for payers the payment review queue first, and every invoice (filters,
 * selection, bulk payment and rejection, export); managers see every invoice.
 */
export function InvoiceManagementPanel({ canPay }: { canPay: boolean }) {
  const { t } = useTranslation('invoices');
  const [params, setParams] = useSearchParams();
  const views = canPay ? (['queue', 'all'] as const) : (['all'] as const);
  const [view, setView] = useState<'queue' | 'all'>(
    (views as readonly string[]).includes(params.get('view') ?? '')
      ? (params.get('view') as 'queue' | 'all')
      : views[0],
  );
  const counts = useInvoiceCounts();
  return (
    <div className="lv-page">
      <div className="lv-bar">
        {views.length > 1 ? (
          <SelectButton
            value={view}
            allowEmpty={false}
            options={views.map((value) => ({
              value,
              label:
                value === 'queue'
                  ? `${t('ui.views.queue')} (${counts.data?.PENDING ?? 0})`
                  : t('ui.views.all'),
            }))}
            onChange={(e) => {
              if (!e.value) return;
              setView(e.value);
              setParams((old) => ({ ...Object.fromEntries(old), view: e.value }), { replace: true });
            }}
            data-testid="inv-view"
          />
        ) : (
          <span />
        )}
        {counts.data && (
          <span className="lv-hint" data-testid="inv-pending-amount">
            {t('ui.pendingAmount', { amount: money(counts.data.pendingAmount), count: counts.data.PENDING })}
          </span>
        )}
      </div>
      {view === 'queue' ? <PaymentQueue /> : <AllInvoicesPanel canPay={canPay} />}
    </div>
  );
}
