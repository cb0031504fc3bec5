import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVOICE_ATTACHMENT_MAX_MB,
  INVOICE_ATTACHMENT_TYPES,
  INVOICE_CATEGORIES,
  INVOICE_KINDS,
  MAX_INVOICE_ATTACHMENTS,
  type Invoice,
  type InvoiceCategory,
  type InvoiceKind,
} from '../../../shared/invoices.schemas.ts';
import { groupVnd } from '../../../shared/rules/format.ts';
import { MAX_VND, parseVnd } from '../../../shared/rules/money.ts';
import { checkFile } from '../../forms/file-check.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { fromPickerDate, PICKER_FORMAT, toPickerDate, typedPickerDate } from '../projects/project-dates.ts';
import { ATTACHMENT_ACCEPT, fileSize, money } from './invoice-format.ts';
import { invoiceKeys, invoicesApi, useVendors, type InvoiceInput } from './invoices.queries.ts';

/**
 * Submit an invoice or expense, or change a pending one: the fields, the amount as people type it
 * (checked and shown grouped as they type), the vendor, and the attachments — PDF, PNG or JPG of at
 * most 10 MB each, checked by content before they are sent, at most 5 per invoice.
 */
export function InvoiceDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const [vendorSearch, setVendorSearch] = useState('');
  const vendors = useVendors({ page: 1, perPage: 50, status: 'ACTIVE', search: vendorSearch || undefined });
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const form = useFormValues(
    {
      name: invoice?.name ?? '',
      date: invoice?.date ?? (null as string | null),
      referenceId: invoice?.referenceId ?? '',
      amount: invoice ? groupVnd(invoice.amount) : '',
      category: (invoice?.category ?? 'OFFICE_SUPPLIES') as InvoiceCategory,
      kind: (invoice?.kind ?? 'PERSONAL') as InvoiceKind,
      vendorId: invoice?.vendor?.id ?? '',
    },
    { parse: { date: typedPickerDate } },
  );
  const save = useFormMutation({
    mutationFn: (input: InvoiceInput) =>
      invoice
        ? invoicesApi.update(
            invoice.id,
            { ...input, version: invoice.version, removeAttachmentIds: removed },
            files,
          )
        : invoicesApi.create(input, files),
    invalidate: [invoiceKeys.all],
    success: invoice ? t('ui.saved') : t('ui.submitted'),
    onSuccess: onClose,
  });
  const { values, set } = form;
  const errors = save.fieldErrors;
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => (
    set(field, value),
    save.clear(field as string)
  );
  const error = (field: string) =>
    errors[field] && (
      <small className="lv-error" role="alert">
        {errors[field]}
      </small>
    );
  const kept = (invoice?.attachments ?? []).filter((a) => !removed.includes(a.id));
  const total = kept.length + files.length;
  const parsed = values.amount.trim() ? parseVnd(values.amount) : null;
  const amountProblem = (problem: string) => t(`errors:validation.${problem}`, { max: groupVnd(MAX_VND) });

  const chosen = invoice?.vendor
    ? [{ id: invoice.vendor.id, name: invoice.vendor.name, taxCode: invoice.vendor.taxCode }]
    : [];
  const listed = vendors.data?.items ?? [];
  const vendorOptions = [...listed, ...chosen.filter((c) => !listed.some((v) => v.id === c.id))].map((v) => ({
    value: v.id,
    label: v.taxCode ? `${v.name} · ${v.taxCode}` : v.name,
  }));

  const addFiles = async (list: FileList | null) => {
    const picked = [...(list ?? [])];
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of picked) {
      const problem = await checkFile(
        file,
        { types: INVOICE_ATTACHMENT_TYPES, maxBytes: INVOICE_ATTACHMENT_MAX_MB * 1024 * 1024 },
        'attachments',
      );
      if (problem)
        problems.push(
          `${file.name}: ${t(`errors:validation.${problem.code}`, { ...problem.params, number: INVOICE_ATTACHMENT_MAX_MB })}`,
        );
      else accepted.push(file);
    }
    if (total + accepted.length > MAX_INVOICE_ATTACHMENTS)
      problems.push(t('errors:validation.tooManyFiles', { number: MAX_INVOICE_ATTACHMENTS }));
    else setFiles([...files, ...accepted]);
    if (problems.length > 0) save.setProblems({ attachments: problems.join(' ') });
    else save.clear('attachments');
  };

  return (
    <Dialog
      visible
      header={invoice ? t('ui.editTitle') : t('ui.newTitle')}
      onHide={onClose}
      closeOnEscape={!form.dirty && files.length === 0}
      className="form-dialog"
      style={{ width: 'min(44rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={invoice ? t('ui.save') : t('ui.submit')}
            icon="pi pi-send"
            loading={save.submitting}
            data-testid="inv-submit"
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="lv-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problems: Record<string, string> = {};
          const required = t('errors:validation.required');
          if (!values.name.trim()) problems.name = required;
          if (!values.date) problems.date = required;
          if (!values.amount.trim()) problems.amount = required;
          else if (parsed && !parsed.ok) problems.amount = amountProblem(parsed.problem);
          if (values.kind === 'COMPANY' && !values.vendorId)
            problems.vendorId = t('errors:validation.vendorRequired');
          if (Object.keys(problems).length) return save.setProblems(problems);
          void save.submit({
            name: values.name.trim(),
            date: values.date!,
            referenceId: values.referenceId.trim() || null,
            amount: values.amount,
            category: values.category,
            kind: values.kind,
            vendorId: values.vendorId || null,
          });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-field lv-wide">
          <label htmlFor="inv-name">{t('errors:fields.name')}</label>
          <InputText
            id="inv-name"
            name="name"
            maxLength={255}
            value={values.name}
            onChange={(e) => change('name', e.target.value)}
          />
          {error('name')}
        </div>
        <div className="lv-field">
          <label htmlFor="inv-date">{t('errors:fields.date')}</label>
          <Calendar
            inputId="inv-date"
            name="date"
            value={toPickerDate(values.date)}
            dateFormat={PICKER_FORMAT}
            maxDate={new Date()}
            showIcon
            onChange={(e) => change('date', fromPickerDate(e.value as Date | null))}
          />
          {error('date')}
        </div>
        <div className="lv-field">
          <label htmlFor="inv-reference">{t('errors:fields.referenceId')}</label>
          <InputText
            id="inv-reference"
            name="referenceId"
            maxLength={100}
            value={values.referenceId}
            onChange={(e) => change('referenceId', e.target.value)}
          />
          {error('referenceId')}
        </div>
        <div className="lv-field">
          <label htmlFor="inv-amount">{t('ui.amountVnd')}</label>
          <InputText
            id="inv-amount"
            name="amount"
            inputMode="numeric"
            placeholder="1.250.000"
            value={values.amount}
            onChange={(e) => change('amount', e.target.value)}
            data-testid="inv-amount"
          />
          {error('amount') ??
            (parsed && (
              <small className={parsed.ok ? 'lv-hint' : 'lv-error'} data-testid="inv-amount-preview">
                {parsed.ok ? `= ${money(parsed.amount)}` : amountProblem(parsed.problem)}
              </small>
            ))}
        </div>
        <div className="lv-field">
          <label htmlFor="inv-category">{t('errors:fields.category')}</label>
          <Dropdown
            inputId="inv-category"
            value={values.category}
            options={INVOICE_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            onChange={(e) => change('category', e.value as InvoiceCategory)}
          />
          {error('category')}
        </div>
        <div className="lv-field lv-wide">
          <span id="inv-kind-label" className="lv-field-label">
            <strong>{t('ui.kindLabel')}</strong>
          </span>
          <SelectButton
            aria-labelledby="inv-kind-label"
            value={values.kind}
            allowEmpty={false}
            options={INVOICE_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
            onChange={(e) => e.value && change('kind', e.value as InvoiceKind)}
            data-testid="inv-kind"
          />
          <span className="lv-hint">{t(`ui.kindHint.${values.kind}`)}</span>
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="inv-vendor">
            {t('errors:fields.vendorId')}
            {values.kind === 'COMPANY' && ' *'}
          </label>
          <Dropdown
            inputId="inv-vendor"
            value={values.vendorId}
            options={vendorOptions}
            filter
            onFilter={(e) => setVendorSearch(e.filter)}
            showClear
            placeholder={t('ui.chooseVendor')}
            emptyMessage={t('ui.noVendors')}
            onChange={(e) => change('vendorId', (e.value as string | undefined) ?? '')}
            data-testid="inv-vendor"
          />
          {error('vendorId')}
        </div>
        <div className="lv-field lv-wide inv-files-input">
          <label htmlFor="inv-attachments">
            {t('errors:fields.attachments')} ({total}/{MAX_INVOICE_ATTACHMENTS})
          </label>
          {(invoice?.attachments ?? []).map((attachment) => {
            const isRemoved = removed.includes(attachment.id);
            return (
              <div key={attachment.id} className={`inv-file${isRemoved ? ' is-removed' : ''}`}>
                <i className="pi pi-paperclip" aria-hidden="true" />
                <span>
                  {attachment.fileName} · {fileSize(attachment.sizeBytes)}
                </span>
                <Button
                  type="button"
                  text
                  size="small"
                  label={isRemoved ? t('ui.keepFile') : t('ui.removeFile')}
                  onClick={() =>
                    setRemoved(
                      isRemoved ? removed.filter((id) => id !== attachment.id) : [...removed, attachment.id],
                    )
                  }
                />
              </div>
            );
          })}
          {files.map((file, index) => (
            <div key={`${file.name}-${index}`} className="inv-file" data-testid="inv-new-file">
              <i className="pi pi-file-plus" aria-hidden="true" />
              <span>
                {file.name} · {fileSize(file.size)}
              </span>
              <Button
                type="button"
                text
                size="small"
                label={t('ui.removeFile')}
                onClick={() => setFiles(files.filter((_, i) => i !== index))}
              />
            </div>
          ))}
          <input
            id="inv-attachments"
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            disabled={total >= MAX_INVOICE_ATTACHMENTS}
            data-testid="inv-files"
            onChange={async (event) => {
              await addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <span className="lv-hint">
            {t('ui.filesHint', { max: MAX_INVOICE_ATTACHMENTS, mb: INVOICE_ATTACHMENT_MAX_MB })}
          </span>
          {error('attachments')}
        </div>
      </form>
    </Dialog>
  );
}
