import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ASSET_KINDS,
  ASSET_PRIORITIES,
  ASSET_TYPES,
  CIA_LABELS,
  CONFIDENTIALITY_LABELS,
  type Asset,
  type AssetBody,
} from '../../../shared/assets.schemas.ts';
import type { RiskPerson } from '../../../shared/risks.schemas.ts';
import { assetSecurity } from '../../../shared/rules/asset-value.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { fieldError, FormDialog } from '../recurring-tasks/FormDialog.tsx';
import { assetKeys, assetsApi, useAssetPeople } from './assets.queries.ts';
import { ValueTag } from './asset-format.tsx';
import { PersonPicker } from './PersonPicker.tsx';

/** Adds an asset or changes one; the security value and its band show while the labels are chosen. */
export function AssetDialog({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  const { t } = useTranslation(['assets', 'errors']);
  const navigate = useNavigate();
  const form = useFormValues({
    name: asset?.name ?? '',
    type: asset?.type ?? 'HARDWARE',
    serialNumber: asset?.serialNumber ?? '',
    quantity: String(asset?.quantity ?? 1),
    storageGb: asset?.storageGb === null || asset?.storageGb === undefined ? '' : String(asset.storageGb),
    processors: asset?.processors ?? '',
    priority: asset?.priority ?? 'MEDIUM',
    kind: asset?.kind ?? 'ASSIGNMENT',
    description: asset?.description ?? '',
    location: asset?.location ?? '',
    owner: (asset?.owner ?? null) as RiskPerson | null,
    confidentiality: asset?.confidentiality ?? 'INTERNAL_USE_ONLY',
    integrity: asset?.integrity ?? 'INTERNAL_USE_ONLY',
    availability: asset?.availability ?? 'INTERNAL_USE_ONLY',
  });
  const { values, set } = form;
  const save = useFormMutation({
    mutationFn: (input: AssetBody) =>
      asset ? assetsApi.update(asset.id, { ...input, version: asset.version }) : assetsApi.create(input),
    invalidate: [assetKeys.all],
    success: asset ? t('messages.saved') : t('messages.created'),
    onSuccess: (saved) => {
      onClose();
      if (!asset) navigate(`/asset-management/${saved.id}`);
    },
  });
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => (
    set(field, value),
    save.clear(field === 'owner' ? 'ownerId' : (field as string))
  );
  const security = assetSecurity(values);
  const errors = save.fieldErrors;
  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const text = (field: 'name' | 'serialNumber' | 'processors' | 'location' | 'quantity' | 'storageGb') => (
    <div className="lv-field">
      <label htmlFor={`asset-${field}`}>{t(`fields.${field}`)}</label>
      <InputText
        id={`asset-${field}`}
        name={field}
        value={values[field]}
        inputMode={field === 'quantity' || field === 'storageGb' ? 'decimal' : undefined}
        invalid={Boolean(errors[field])}
        onChange={(e) => change(field, e.target.value)}
        data-testid={`asset-${field}`}
      />
      {fieldError(errors, field)}
    </div>
  );
  const choice = (
    field: 'type' | 'priority' | 'kind' | 'confidentiality' | 'integrity' | 'availability',
    list: readonly string[],
    prefix: string,
  ) => (
    <div className="lv-field">
      <label htmlFor={`asset-${field}`}>{t(`fields.${field}`)}</label>
      <Dropdown
        inputId={`asset-${field}`}
        value={values[field]}
        options={options(list, prefix)}
        onChange={(e) => change(field, e.value)}
        data-testid={`asset-${field}`}
      />
      {fieldError(errors, field)}
    </div>
  );
  return (
    <FormDialog
      header={asset ? t('dialog.editTitle') : t('dialog.createTitle')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="asset-form"
      onSubmit={() =>
        void save.submit({
          name: values.name,
          type: values.type,
          serialNumber: values.serialNumber.trim() || null,
          quantity: Number(values.quantity),
          storageGb: values.storageGb.trim() === '' ? null : Number(values.storageGb),
          processors: values.processors.trim() || null,
          priority: values.priority,
          kind: values.kind,
          description: values.description.trim() || null,
          location: values.location.trim() || null,
          ownerId: values.owner?.id ?? null,
          confidentiality: values.confidentiality,
          integrity: values.integrity,
          availability: values.availability,
        })
      }
    >
      {text('name')}
      {choice('type', ASSET_TYPES, 'types')}
      {text('serialNumber')}
      {text('quantity')}
      {text('storageGb')}
      {text('processors')}
      {choice('priority', ASSET_PRIORITIES, 'priorities')}
      {choice('kind', ASSET_KINDS, 'kinds')}
      {text('location')}
      <div className="lv-field">
        <label htmlFor="asset-owner">{t('fields.owner')}</label>
        <PersonPicker
          inputId="asset-owner"
          value={values.owner}
          onChange={(person) => change('owner', person)}
          useOptions={useAssetPeople}
          invalid={Boolean(errors.ownerId)}
          testId="asset-owner"
        />
        {fieldError(errors, 'ownerId')}
      </div>
      {choice('confidentiality', CONFIDENTIALITY_LABELS, 'labels')}
      {choice('integrity', CIA_LABELS, 'labels')}
      {choice('availability', CIA_LABELS, 'labels')}
      <div className="lv-field">
        <span>{t('fields.securityValue')}</span>
        <ValueTag value={security.value} band={security.band} />
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="asset-description">{t('fields.description')}</label>
        <InputTextarea
          id="asset-description"
          name="description"
          rows={2}
          value={values.description}
          onChange={(e) => change('description', e.target.value)}
        />
        {fieldError(errors, 'description')}
      </div>
    </FormDialog>
  );
}
