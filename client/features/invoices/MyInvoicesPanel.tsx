import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../shared/invoices.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { showDate } from '../projects/project-dates.ts';
import { invoiceSeverity, money } from './invoice-format.ts';
import { InvoiceDialog } from './InvoiceDialog.tsx';
import { invoiceKeys, invoicesApi, useMyInvoices } from './invoices.queries.ts';

/** MY_INVOICES: one's invoices and expenses with their status (and why one was rejected), and the form. */
export function MyInvoicesPanel() {
  const { t } = useTranslation('invoices');
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const invoices = useMyInvoices(page);
  const [editing, setEditing] = useState<Invoice | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Invoice | null>(null);
  const run = useRunAction([invoiceKeys.all]);
  return (
    <div className="lv-page">
      <div className="lv-bar">
        <span className="lv-hint">{t('ui.mineHint')}</span>
        <Button
          label={t('ui.newInvoice')}
          icon="pi pi-plus"
          onClick={() => setEditing('new')}
          data-testid="inv-new"
        />
      </div>
      <DataTable
        value={invoices.data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={invoices.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noInvoices')}
        cellMemo={false}
        dataKey="id"
        data-testid="inv-mine"
      >
        <Column header={t('ui.columns.date')} body={(r: Invoice) => showDate(r.date)} />
        <Column
          header={t('ui.columns.name')}
          body={(r: Invoice) => (
            <>
              <div>{r.name}</div>
              {r.referenceId && <small className="lv-hint">{r.referenceId}</small>}
            </>
          )}
        />
        <Column
          header={t('ui.columns.amount')}
          body={(r: Invoice) => <span className="inv-money">{money(r.amount)}</span>}
          align="right"
        />
        <Column header={t('ui.columns.category')} body={(r: Invoice) => t(`category.${r.category}`)} />
        <Column header={t('ui.columns.kind')} body={(r: Invoice) => t(`kind.${r.kind}`)} />
        <Column header={t('ui.columns.vendor')} body={(r: Invoice) => r.vendor?.name ?? ''} />
        <Column
          header={t('ui.columns.files')}
          body={(r: Invoice) =>
            r.attachments.length > 0 ? t('ui.fileCount', { count: r.attachments.length }) : ''
          }
        />
        <Column
          header={t('ui.columns.status')}
          body={(r: Invoice) => (
            <>
              <Tag
                value={t(`status.${r.status}`)}
                severity={invoiceSeverity(r.status)}
                data-testid="inv-status"
              />
              {r.status === 'PAID' && r.paymentDate && (
                <div className="lv-hint">{t('ui.paidOn', { date: showDate(r.paymentDate) })}</div>
              )}
              {r.status === 'REJECTED' && r.rejectionReason && (
                <div className="lv-hint" data-testid="inv-rejection">
                  {t('ui.rejectedBecause', { reason: r.rejectionReason })}
                </div>
              )}
            </>
          )}
        />
        <Column
          body={(r: Invoice) => (
            <div className="lv-row-actions">
              {r.abilities.edit && (
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('ui.edit')}
                  onClick={() => setEditing(r)}
                />
              )}
              {r.abilities.reopen && r.status === 'REJECTED' && (
                <Button
                  icon="pi pi-replay"
                  text
                  rounded
                  aria-label={t('ui.sendAgain')}
                  title={t('ui.sendAgain')}
                  onClick={() =>
                    void run(
                      () => invoicesApi.setStatus(r.id, { status: 'PENDING', version: r.version }),
                      t('ui.sentAgain'),
                    )
                  }
                />
              )}
              {r.abilities.delete && (
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('ui.delete')}
                  onClick={() => setDeleting(r)}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      {editing && (
        <InvoiceDialog invoice={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmAction
        visible={deleting !== null}
        title={t('ui.deleteTitle')}
        message={deleting ? `${deleting.name} · ${money(deleting.amount)}` : undefined}
        action={t('ui.deleteInvoice')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const invoice = deleting!;
          setDeleting(null);
          void run(() => invoicesApi.remove(invoice.id), t('ui.deleted'));
        }}
      />
    </div>
  );
}
