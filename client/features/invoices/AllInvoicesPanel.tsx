import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVOICE_CATEGORIES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  type BulkInvoiceResult,
  type Invoice,
  type InvoiceCategory,
  type InvoiceKind,
  type InvoiceStatus,
} from '../../../shared/invoices.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { ExportButtons } from '../../tables/ReportControls.tsx';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { RejectDialog } from '../approvals/RejectDialog.tsx';
import { fromPickerDate, PICKER_FORMAT, showDate, toPickerDate } from '../projects/project-dates.ts';
import { InvoiceDialog } from './InvoiceDialog.tsx';
import { invoiceSeverity, money } from './invoice-format.ts';
import { invoiceKeys, invoicesApi, useInvoiceList } from './invoices.queries.ts';

interface Filters {
  status?: InvoiceStatus;
  category?: InvoiceCategory;
  kind?: InvoiceKind;
  search?: string;
}

/**
 * Every invoice, filtered, with their export; managers change or delete pending ones; payers
 * reopen decided ones, and select pending ones and pay them with one
 * payment date or reject them with one reason. Each invoice is decided on its own: the result says,
 * per invoice, which went through and why any did not (the others are not undone).
 */
export function AllInvoicesPanel({ canPay }: { canPay: boolean }) {
  const { t } = useTranslation('invoices');
  const [filters, setFilters] = useState<Filters>({ status: canPay ? 'PENDING' : undefined });
  const [page, setPage] = useState({ page: 1, perPage: 20 });
  const list = useInvoiceList({ ...filters, ...page });
  const [selection, setSelection] = useState<Invoice[]>([]);
  const [paying, setPaying] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  /** A bulk decision's answer, with the invoices it was about (they leave the list as it follows). */
  const [result, setResult] = useState<{ answer: BulkInvoiceResult; invoices: Invoice[] } | null>(null);
  const [editing, setEditing] = useState<Invoice | null>(null);
  const [deleting, setDeleting] = useState<Invoice | null>(null);
  const run = useRunAction([invoiceKeys.all]);
  const filter = (patch: Filters) => (
    setFilters({ ...filters, ...patch }),
    setPage({ ...page, page: 1 }),
    setSelection([])
  );
  const decidable = selection.filter((invoice) => invoice.abilities.pay);
  const items = () => decidable.map((invoice) => ({ id: invoice.id, version: invoice.version }));
  const done = (answer: BulkInvoiceResult) => (setResult({ answer, invoices: decidable }), setSelection([]));

  return (
    <div className="lv-page">
      <div className="lv-filters">
        <label>
          {t('ui.columns.status')}
          <Dropdown
            value={filters.status ?? null}
            options={INVOICE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            showClear
            placeholder={t('ui.any')}
            onChange={(e) => filter({ status: e.value ?? undefined })}
            data-testid="inv-filter-status"
          />
        </label>
        <label>
          {t('ui.columns.category')}
          <Dropdown
            value={filters.category ?? null}
            options={INVOICE_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            showClear
            placeholder={t('ui.any')}
            onChange={(e) => filter({ category: e.value ?? undefined })}
          />
        </label>
        <label>
          {t('ui.columns.kind')}
          <Dropdown
            value={filters.kind ?? null}
            options={INVOICE_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
            showClear
            placeholder={t('ui.any')}
            onChange={(e) => filter({ kind: e.value ?? undefined })}
          />
        </label>
        <SearchBox
          value={filters.search ?? ''}
          onSearch={(search) => filter({ search: search || undefined })}
          placeholder={t('ui.search')}
          label={t('ui.search')}
          testId="inv-search"
        />
        <ExportButtons
          testId="inv-export-xlsx"
          onExport={(format) => void run(() => invoicesApi.exportList(filters, format), t('ui.exported'))}
        />
      </div>
      {canPay && decidable.length > 0 && (
        <div className="inv-bulk" data-testid="inv-bulk">
          <span>{t('ui.selected', { count: decidable.length })}</span>
          <Button
            label={t('ui.paySelected')}
            icon="pi pi-check"
            severity="success"
            size="small"
            onClick={() => setPaying(true)}
            data-testid="inv-bulk-pay"
          />
          <Button
            label={t('ui.rejectSelected')}
            icon="pi pi-times"
            severity="danger"
            outlined
            size="small"
            onClick={() => setRejecting(true)}
          />
        </div>
      )}
      <DataTable
        value={list.data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={list.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noInvoices')}
        cellMemo={false}
        dataKey="id"
        selectionMode="checkbox"
        selection={selection}
        onSelectionChange={(event) => setSelection(event.value as Invoice[])}
        isDataSelectable={(event) => (event.data as Invoice).abilities.pay}
        data-testid="inv-all"
      >
        {canPay && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
        <Column header={t('ui.columns.date')} body={(r: Invoice) => showDate(r.date)} />
        <Column header={t('ui.columns.name')} body={(r: Invoice) => r.name} />
        <Column header={t('ui.columns.submittedBy')} body={(r: Invoice) => fullName(r.creator)} />
        <Column
          header={t('ui.columns.amount')}
          body={(r: Invoice) => <span className="inv-money">{money(r.amount)}</span>}
          align="right"
        />
        <Column header={t('ui.columns.category')} body={(r: Invoice) => t(`category.${r.category}`)} />
        <Column header={t('ui.columns.kind')} body={(r: Invoice) => t(`kind.${r.kind}`)} />
        <Column header={t('ui.columns.vendor')} body={(r: Invoice) => r.vendor?.name ?? ''} />
        <Column
          header={t('ui.columns.status')}
          body={(r: Invoice) => (
            <>
              <Tag value={t(`status.${r.status}`)} severity={invoiceSeverity(r.status)} />
              {r.paymentDate && (
                <div className="lv-hint">{t('ui.paidOn', { date: showDate(r.paymentDate) })}</div>
              )}
              {r.rejectionReason && (
                <div className="lv-hint">{t('ui.rejectedBecause', { reason: r.rejectionReason })}</div>
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
                  aria-label={`${t('ui.edit')} ${r.name}`}
                  onClick={() => setEditing(r)}
                />
              )}
              {r.abilities.reopen && (
                <Button
                  icon="pi pi-replay"
                  text
                  rounded
                  aria-label={t('ui.reopen')}
                  title={t('ui.reopen')}
                  onClick={() =>
                    void run(
                      () => invoicesApi.setStatus(r.id, { status: 'PENDING', version: r.version }),
                      t('ui.reopened'),
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
                  aria-label={`${t('ui.delete')} ${r.name}`}
                  onClick={() => setDeleting(r)}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      {paying && <BulkPayDialog items={items()} onClose={() => setPaying(false)} onDone={done} />}
      {rejecting && (
        <RejectDialog
          title={t('ui.rejectSelectedTitle', { count: decidable.length })}
          reject={async (reason) =>
            done(await invoicesApi.bulk({ status: 'REJECTED', reason, items: items() }))
          }
          invalidate={[invoiceKeys.all]}
          onClose={() => setRejecting(false)}
        />
      )}
      {editing && <InvoiceDialog invoice={editing} onClose={() => setEditing(null)} />}
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
      {result && (
        <BulkResultDialog result={result.answer} invoices={result.invoices} onClose={() => setResult(null)} />
      )}
    </div>
  );
}

/** One payment date for every selected invoice. */
function BulkPayDialog({
  items,
  onClose,
  onDone,
}: {
  items: Array<{ id: string; version: number }>;
  onClose: () => void;
  onDone: (result: BulkInvoiceResult) => void;
}) {
  const { t } = useTranslation(['invoices', 'errors']);
  const form = useFormValues({ paymentDate: fromPickerDate(new Date()) as string | null });
  const save = useFormMutation({
    mutationFn: (paymentDate: string) => invoicesApi.bulk({ status: 'PAID', paymentDate, items }),
    invalidate: [invoiceKeys.all],
    onSuccess: (result) => (onDone(result), onClose()),
  });
  return (
    <Dialog
      visible
      header={t('ui.paySelectedTitle', { count: items.length })}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(28rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('ui.payCount', { count: items.length })}
            severity="success"
            loading={save.submitting}
            data-testid="inv-bulk-pay-confirm"
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="lv-field"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!form.values.paymentDate)
            return save.setProblems({ paymentDate: t('errors:validation.required') });
          void save.submit(form.values.paymentDate);
        }}
      >
        <label htmlFor="inv-bulk-date">{t('errors:fields.paymentDate')}</label>
        <Calendar
          inputId="inv-bulk-date"
          name="paymentDate"
          value={toPickerDate(form.values.paymentDate)}
          dateFormat={PICKER_FORMAT}
          maxDate={new Date()}
          onChange={(e) => (
            form.set('paymentDate', fromPickerDate(e.value as Date | null)),
            save.clear('paymentDate')
          )}
        />
        {(save.fieldErrors.paymentDate || save.message) && (
          <small className="lv-error" role="alert">
            {save.fieldErrors.paymentDate ?? save.message}
          </small>
        )}
      </form>
    </Dialog>
  );
}

/** What a bulk decision did, invoice by invoice. */
function BulkResultDialog({
  result,
  invoices,
  onClose,
}: {
  result: BulkInvoiceResult;
  invoices: Invoice[];
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const nameOf = (row: BulkInvoiceResult['results'][number]) =>
    row.invoice?.name ?? invoices.find((invoice) => invoice.id === row.id)?.name ?? row.id;
  return (
    <Dialog
      visible
      header={t('ui.bulkResult', { succeeded: result.succeeded, failed: result.failed })}
      onHide={onClose}
      style={{ width: 'min(36rem, 96vw)' }}
      draggable={false}
      footer={<Button label={t('ui.close')} onClick={onClose} />}
    >
      <ul
        className="lv-page"
        data-testid="inv-bulk-result"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {result.results.map((row) => (
          <li key={row.id}>
            <Tag value={row.ok ? t('ui.done') : t('ui.failed')} severity={row.ok ? 'success' : 'danger'} />{' '}
            {nameOf(row)}
            {!row.ok && <div className="lv-hint">{row.message}</div>}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
