import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Tag } from 'primereact/tag';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../shared/invoices.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { RejectDialog } from '../approvals/RejectDialog.tsx';
import { fromPickerDate, PICKER_FORMAT, showDate, toPickerDate } from '../projects/project-dates.ts';
import { AttachmentPreview } from './AttachmentPreview.tsx';
import { money } from './invoice-format.ts';
import { invoiceKeys, invoicesApi, useInvoiceList } from './invoices.queries.ts';

const today = () => fromPickerDate(new Date())!;

/**
 * Typing in a field, or a dialog being open, keeps the queue's keys for them. A dialog counts
 * wherever the focus is: a click on the dimmed page around it leaves the focus on the page, and P
 * must not pay the invoice behind an open reject dialog.
 */
function typingSomewhere(event: KeyboardEvent): boolean {
  if (document.querySelector('[role="dialog"]')) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable;
}

/**
 * The payment review queue: pending invoices, oldest first, on the left; the selected one's fields
 * and its attachment, previewed, on the right. Pay (with the payment date beside the button) or
 * reject with a reason, then the next invoice comes up. Keys: J / ↓ next, K / ↑ previous, P pay,
 * R reject — shown under the actions.
 */
export function PaymentQueue() {
  const { t } = useTranslation('invoices');
  const [search, setSearch] = useState('');
  const list = useInvoiceList({
    status: 'PENDING',
    sort: 'oldest',
    page: 1,
    perPage: 100,
    search: search || undefined,
  });
  const items = list.data?.items ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = items.find((item) => item.id === selectedId) ?? items[0] ?? null;
  const index = selected ? items.indexOf(selected) : -1;
  const [paymentDate, setPaymentDate] = useState(today);
  const [rejecting, setRejecting] = useState<Invoice | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useRunAction([invoiceKeys.all]);
  const listRef = useRef<HTMLUListElement>(null);

  const select = (next: Invoice | undefined) => {
    if (!next) return;
    setSelectedId(next.id);
    listRef.current?.querySelector(`[data-id="${next.id}"]`)?.scrollIntoView({ block: 'nearest' });
  };
  /** After a decision the next invoice comes up (the previous one at the end of the queue). */
  const advance = (from: Invoice) => {
    const at = items.indexOf(from);
    setSelectedId((items[at + 1] ?? items[at - 1])?.id ?? null);
  };
  const pay = async () => {
    if (!selected?.abilities.pay || busy) return;
    const invoice = selected;
    setBusy(true);
    const ok = await run(
      () => invoicesApi.setStatus(invoice.id, { status: 'PAID', version: invoice.version, paymentDate }),
      t('ui.paidDone', { name: invoice.name }),
    );
    setBusy(false);
    if (ok) advance(invoice);
  };

  const actions = {
    next: () => select(items[index + 1]),
    previous: () => select(items[index - 1]),
    pay: () => void pay(),
    reject: () => selected?.abilities.reject && setRejecting(selected),
  };
  // The keys act on what is on screen now: the listener reads the latest actions.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingSomewhere(event)) return;
      const action = {
        j: 'next',
        ArrowDown: 'next',
        k: 'previous',
        ArrowUp: 'previous',
        p: 'pay',
        r: 'reject',
      }[event.key] as keyof typeof actions | undefined;
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="inv-queue" data-testid="inv-queue">
      <div className="lv-page">
        <SearchBox
          value={search}
          onSearch={setSearch}
          placeholder={t('ui.searchQueue')}
          label={t('ui.searchQueue')}
          testId="inv-queue-search"
        />
        <span className="lv-hint" data-testid="inv-queue-count">
          {t('ui.queueCount', { count: list.data?.total ?? 0 })}
        </span>
        <ul className="inv-queue-list" ref={listRef} aria-label={t('ui.queue')}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="inv-queue-item"
                data-id={item.id}
                aria-current={item.id === selected?.id}
                onClick={() => setSelectedId(item.id)}
              >
                <strong>{item.name}</strong>
                <span>{money(item.amount)}</span>
                <br />
                <small>
                  {fullName(item.creator)} · {showDate(item.date)}
                </small>
              </button>
            </li>
          ))}
        </ul>
        {items.length === 0 && !list.isLoading && <p className="lv-hint">{t('ui.queueEmpty')}</p>}
      </div>
      {selected && (
        <div className="inv-detail" data-testid="inv-queue-detail">
          <div className="lv-bar">
            <div>
              <h3 data-testid="inv-queue-name">{selected.name}</h3>
              <span className="inv-amount">{money(selected.amount)}</span>
            </div>
            <div className="inv-actions">
              <label className="lv-field">
                <span>{t('errors:fields.paymentDate')}</span>
                <Calendar
                  inputId="inv-payment-date"
                  value={toPickerDate(paymentDate)}
                  dateFormat={PICKER_FORMAT}
                  maxDate={new Date()}
                  onChange={(e) => setPaymentDate(fromPickerDate(e.value as Date | null) ?? paymentDate)}
                />
              </label>
              <Button
                label={t('ui.pay')}
                icon="pi pi-check"
                severity="success"
                disabled={!selected.abilities.pay}
                loading={busy}
                onClick={() => void pay()}
                data-testid="inv-pay"
                tooltip={selected.abilities.pay ? undefined : t('ui.ownInvoice')}
              />
              <Button
                label={t('ui.reject')}
                icon="pi pi-times"
                severity="danger"
                outlined
                disabled={!selected.abilities.reject}
                onClick={() => setRejecting(selected)}
                data-testid="inv-reject"
              />
            </div>
          </div>
          <div className="inv-nav">
            <Button
              icon="pi pi-chevron-up"
              text
              aria-label={t('ui.previous')}
              disabled={index <= 0}
              onClick={actions.previous}
            />
            <Button
              icon="pi pi-chevron-down"
              text
              aria-label={t('ui.next')}
              disabled={index >= items.length - 1}
              onClick={actions.next}
            />
            <p className="inv-keys" aria-label={t('ui.shortcuts')}>
              <span>
                <kbd>J</kbd>/<kbd>↓</kbd> {t('ui.next')}
              </span>
              <span>
                <kbd>K</kbd>/<kbd>↑</kbd> {t('ui.previous')}
              </span>
              <span>
                <kbd>P</kbd> {t('ui.pay')}
              </span>
              <span>
                <kbd>R</kbd> {t('ui.reject')}
              </span>
            </p>
          </div>
          <div className="inv-detail-grid">
            <dl className="inv-facts">
              <dt>{t('ui.columns.submittedBy')}</dt>
              <dd>
                {fullName(selected.creator)} · {selected.creator.email}
              </dd>
              <dt>{t('ui.columns.date')}</dt>
              <dd>{showDate(selected.date)}</dd>
              <dt>{t('errors:fields.referenceId')}</dt>
              <dd>{selected.referenceId ?? '—'}</dd>
              <dt>{t('ui.columns.category')}</dt>
              <dd>{t(`category.${selected.category}`)}</dd>
              <dt>{t('ui.columns.kind')}</dt>
              <dd>
                <Tag
                  value={t(`kind.${selected.kind}`)}
                  severity={selected.kind === 'PERSONAL' ? 'info' : undefined}
                />
              </dd>
              <dt>{t('ui.columns.vendor')}</dt>
              <dd>
                {selected.vendor
                  ? `${selected.vendor.name}${selected.vendor.taxCode ? ` · ${t('ui.taxCodeShort')} ${selected.vendor.taxCode}` : ''}`
                  : '—'}
              </dd>
              <dt>{t('ui.columns.submittedAt')}</dt>
              <dd>{showDate(selected.createdAt.slice(0, 10))}</dd>
            </dl>
            <AttachmentPreview key={selected.id} invoice={selected} />
          </div>
        </div>
      )}
      {rejecting && (
        <RejectDialog
          title={t('ui.rejectTitle', { name: rejecting.name })}
          reject={async (reason) => {
            const invoice = rejecting;
            await invoicesApi.setStatus(invoice.id, { status: 'REJECTED', version: invoice.version, reason });
            advance(invoice);
          }}
          invalidate={[invoiceKeys.all]}
          onClose={() => setRejecting(null)}
        />
      )}
    </div>
  );
}
