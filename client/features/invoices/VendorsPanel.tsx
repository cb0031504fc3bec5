import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeWebsite, taxCodeProblem } from '../../../shared/rules/vendors.ts';
import type { Vendor, VendorStatus } from '../../../shared/vendors.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { invoiceKeys, invoicesApi, useVendors } from './invoices.queries.ts';

/**
 * VENDOR_MANAGEMENT: vendors with their tax code, website and address; add, change, deactivate (no
 * longer offered on new invoices), and delete one that no invoice names.
 */
export function VendorsPanel() {
  const { t } = useTranslation('invoices');
  const [status, setStatus] = useState<VendorStatus | 'ALL'>('ACTIVE');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ page: 1, perPage: 20 });
  const vendors = useVendors({
    ...page,
    search: search || undefined,
    status: status === 'ALL' ? undefined : status,
  });
  const [editing, setEditing] = useState<Vendor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const run = useRunAction([invoiceKeys.all]);
  return (
    <div className="lv-page">
      <div className="lv-bar">
        <SelectButton
          value={status}
          allowEmpty={false}
          options={(['ACTIVE', 'INACTIVE', 'ALL'] as const).map((value) => ({
            value,
            label: t(`ui.vendorStatus.${value}`),
          }))}
          onChange={(e) => e.value && (setStatus(e.value), setPage({ ...page, page: 1 }))}
        />
        <SearchBox
          value={search}
          onSearch={(value) => (setSearch(value), setPage({ ...page, page: 1 }))}
          placeholder={t('ui.searchVendors')}
          label={t('ui.searchVendors')}
        />
        <Button
          label={t('ui.newVendor')}
          icon="pi pi-plus"
          onClick={() => setEditing('new')}
          data-testid="vendor-new"
        />
      </div>
      <DataTable
        value={vendors.data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={vendors.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noVendors')}
        cellMemo={false}
        dataKey="id"
        data-testid="vendors"
      >
        <Column
          header={t('errors:fields.name')}
          body={(v: Vendor) => (
            <>
              <div>{v.name}</div>
              {v.description && <small className="lv-hint">{v.description}</small>}
            </>
          )}
        />
        <Column header={t('errors:fields.taxCode')} body={(v: Vendor) => v.taxCode ?? ''} />
        <Column
          header={t('errors:fields.website')}
          body={(v: Vendor) =>
            v.website ? (
              <a href={v.website} target="_blank" rel="noopener noreferrer nofollow">
                {v.website.replace(/^https?:\/\//, '')}
              </a>
            ) : (
              ''
            )
          }
        />
        <Column header={t('errors:fields.address')} body={(v: Vendor) => v.address ?? ''} />
        <Column header={t('ui.columns.invoices')} body={(v: Vendor) => v.invoiceCount} align="right" />
        <Column
          header={t('ui.columns.status')}
          body={(v: Vendor) => (
            <Tag
              value={t(`ui.vendorStatus.${v.status}`)}
              severity={v.status === 'ACTIVE' ? 'success' : 'secondary'}
            />
          )}
        />
        <Column
          body={(v: Vendor) => (
            <div className="lv-row-actions">
              {v.abilities.edit && (
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={`${t('ui.edit')} ${v.name}`}
                  onClick={() => setEditing(v)}
                />
              )}
              {v.abilities.changeStatus && (
                <Button
                  icon={v.status === 'ACTIVE' ? 'pi pi-ban' : 'pi pi-check-circle'}
                  text
                  rounded
                  aria-label={v.status === 'ACTIVE' ? t('ui.deactivate') : t('ui.activate')}
                  title={v.status === 'ACTIVE' ? t('ui.deactivate') : t('ui.activate')}
                  onClick={() =>
                    void run(
                      () =>
                        invoicesApi.setVendorStatus(
                          v.id,
                          v.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                          v.version,
                        ),
                      v.status === 'ACTIVE' ? t('ui.deactivated') : t('ui.activated'),
                    )
                  }
                />
              )}
              {v.abilities.edit && (
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={`${t('ui.delete')} ${v.name}`}
                  onClick={() => setDeleting(v)}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      {editing && (
        <VendorDialog vendor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmAction
        visible={deleting !== null}
        title={t('ui.deleteVendorTitle')}
        message={deleting?.name}
        action={t('ui.deleteVendor')}
        disabledReason={
          deleting && !deleting.abilities.delete
            ? t('ui.vendorInUse', { count: deleting.invoiceCount })
            : null
        }
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const vendor = deleting!;
          setDeleting(null);
          void run(() => invoicesApi.removeVendor(vendor.id), t('ui.deleted'));
        }}
      />
    </div>
  );
}

/** Add or change a vendor: the tax code and website are checked as the server checks them. */
function VendorDialog({ vendor, onClose }: { vendor: Vendor | null; onClose: () => void }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const form = useFormValues({
    name: vendor?.name ?? '',
    taxCode: vendor?.taxCode ?? '',
    website: vendor?.website ?? '',
    address: vendor?.address ?? '',
    description: vendor?.description ?? '',
  });
  const save = useFormMutation({
    mutationFn: (input: {
      name: string;
      taxCode: string | null;
      website: string | null;
      address: string | null;
      description: string | null;
    }) =>
      vendor
        ? invoicesApi.updateVendor(vendor.id, { ...input, version: vendor.version })
        : invoicesApi.createVendor(input),
    invalidate: [invoiceKeys.all],
    success: t('ui.saved'),
    onSuccess: onClose,
  });
  const { values, set } = form;
  const change = (field: keyof typeof values, value: string) => (set(field, value), save.clear(field));
  const error = (field: string) =>
    save.fieldErrors[field] && (
      <small className="lv-error" role="alert">
        {save.fieldErrors[field]}
      </small>
    );
  return (
    <Dialog
      visible
      header={vendor ? t('ui.editVendor') : t('ui.newVendor')}
      onHide={onClose}
      closeOnEscape={!form.dirty}
      className="form-dialog"
      style={{ width: 'min(36rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('ui.save')}
            loading={save.submitting}
            data-testid="vendor-save"
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
          if (!values.name.trim()) problems.name = t('errors:validation.required');
          if (values.taxCode.trim() && taxCodeProblem(values.taxCode))
            problems.taxCode = t('errors:validation.taxCode');
          if (values.website.trim() && !normalizeWebsite(values.website))
            problems.website = t('errors:validation.url');
          if (Object.keys(problems).length) return save.setProblems(problems);
          void save.submit({
            name: values.name.trim(),
            taxCode: values.taxCode.trim() || null,
            website: values.website.trim() || null,
            address: values.address.trim() || null,
            description: values.description.trim() || null,
          });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-field lv-wide">
          <label htmlFor="vendor-name">{t('errors:fields.name')}</label>
          <InputText
            id="vendor-name"
            name="name"
            maxLength={255}
            value={values.name}
            onChange={(e) => change('name', e.target.value)}
          />
          {error('name')}
        </div>
        <div className="lv-field">
          <label htmlFor="vendor-tax-code">{t('errors:fields.taxCode')}</label>
          <InputText
            id="vendor-tax-code"
            name="taxCode"
            maxLength={20}
            placeholder="0101234567"
            value={values.taxCode}
            onChange={(e) => change('taxCode', e.target.value)}
          />
          {error('taxCode') ?? <span className="lv-hint">{t('ui.taxCodeHint')}</span>}
        </div>
        <div className="lv-field">
          <label htmlFor="vendor-website">{t('errors:fields.website')}</label>
          <InputText
            id="vendor-website"
            name="website"
            maxLength={255}
            placeholder="example.vn"
            value={values.website}
            onChange={(e) => change('website', e.target.value)}
          />
          {error('website')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="vendor-address">{t('errors:fields.address')}</label>
          <InputText
            id="vendor-address"
            name="address"
            maxLength={500}
            value={values.address}
            onChange={(e) => change('address', e.target.value)}
          />
          {error('address')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="vendor-description">{t('errors:fields.description')}</label>
          <InputTextarea
            id="vendor-description"
            name="description"
            rows={2}
            autoResize
            maxLength={2000}
            value={values.description}
            onChange={(e) => change('description', e.target.value)}
          />
          {error('description')}
        </div>
      </form>
    </Dialog>
  );
}
