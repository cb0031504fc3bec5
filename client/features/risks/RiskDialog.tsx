import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  TREATMENT_METHODS,
  type Risk,
  type RiskBody,
  type RiskPerson,
} from '../../../shared/risks.schemas.ts';
import { assetValueBand } from '../../../shared/rules/asset-value.ts';
import { riskLevel } from '../../../shared/rules/risk-level.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useAssets } from '../assets/assets.queries.ts';
import { PersonPicker } from '../assets/PersonPicker.tsx';
import { fromPickerDate, PICKER_FORMAT, toPickerDate, typedPickerDate } from '../projects/project-dates.ts';
import { fieldError, FormDialog } from '../recurring-tasks/FormDialog.tsx';
import { LevelTag } from './risk-format.tsx';
import { riskKeys, risksApi, useRiskOwners } from './risks.queries.ts';

type Text =
  | 'name'
  | 'threats'
  | 'vulnerabilities'
  | 'currentControls'
  | 'referenceClause'
  | 'implementingTeam'
  | 'isoTeam'
  | 'controlMeasures'
  | 'actionPlan'
  | 'actualProgress';
const LONG: Text[] = [
  'threats',
  'vulnerabilities',
  'currentControls',
  'controlMeasures',
  'actionPlan',
  'actualProgress',
];

/** Adds a risk or changes one; the level (the shared rule the server uses) shows while typing. */
export function RiskDialog({ risk, onClose }: { risk: Risk | null; onClose: () => void }) {
  const { t } = useTranslation(['risks', 'errors']);
  const navigate = useNavigate();
  const [assetSearch, setAssetSearch] = useState('');
  const assets = useAssets({ page: 1, perPage: 20, tab: 'COMPANY_ASSET', search: assetSearch || undefined });
  const form = useFormValues(
    {
      name: risk?.name ?? '',
      threats: risk?.threats ?? '',
      vulnerabilities: risk?.vulnerabilities ?? '',
      currentControls: risk?.currentControls ?? '',
      referenceClause: risk?.referenceClause ?? '',
      impact: risk?.impact ?? 2,
      likelihood: risk?.likelihood ?? 2,
      asset: (risk
        ? { id: risk.asset.id, name: risk.asset.name, value: risk.asset.securityValue }
        : null) as { id: string; name: string; value: number } | null,
      riskOwner: (risk?.riskOwner ?? null) as RiskPerson | null,
      implementingTeam: risk?.implementingTeam ?? '',
      isoTeam: risk?.isoTeam ?? '',
      treatmentMethod: risk?.treatmentMethod ?? null,
      controlMeasures: risk?.controlMeasures ?? '',
      actionPlan: risk?.actionPlan ?? '',
      expectedCompletionDate: (risk?.expectedCompletionDate ?? null) as string | null,
      actualProgress: risk?.actualProgress ?? '',
    },
    { parse: { expectedCompletionDate: typedPickerDate } },
  );
  const { values, set } = form;
  const save = useFormMutation({
    mutationFn: (input: RiskBody) =>
      risk ? risksApi.update(risk.id, { ...input, version: risk.version }) : risksApi.create(input),
    invalidate: [riskKeys.all],
    success: risk ? t('messages.saved') : t('messages.created'),
    onSuccess: (saved) => {
      onClose();
      if (!risk) navigate(`/risk-management/${saved.id}`);
    },
  });
  const errors = save.fieldErrors;
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => (
    set(field, value),
    save.clear(field === 'asset' ? 'assetId' : field === 'riskOwner' ? 'riskOwnerId' : (field as string))
  );
  const preview = values.asset
    ? riskLevel(values.impact, values.likelihood, assetValueBand(values.asset.value))
    : null;
  const assetOptions = [
    ...(values.asset ? [values.asset] : []),
    ...(assets.data?.items ?? [])
      .filter((a) => a.id !== values.asset?.id)
      .map((a) => ({ id: a.id, name: a.name, value: a.securityValue })),
  ];
  const text = (field: Text) => (
    <div className={`lv-field${LONG.includes(field) ? ' lv-wide' : ''}`} key={field}>
      <label htmlFor={`risk-${field}`}>{t(`fields.${field}`)}</label>
      {LONG.includes(field) ? (
        <InputTextarea
          id={`risk-${field}`}
          name={field}
          rows={2}
          value={values[field]}
          onChange={(e) => change(field, e.target.value)}
          data-testid={`risk-${field}`}
        />
      ) : (
        <InputText
          id={`risk-${field}`}
          name={field}
          value={values[field]}
          invalid={Boolean(errors[field])}
          onChange={(e) => change(field, e.target.value)}
          data-testid={`risk-${field}`}
        />
      )}
      {fieldError(errors, field)}
    </div>
  );
  const scale = (field: 'impact' | 'likelihood') => (
    <div className="lv-field">
      <label htmlFor={`risk-${field}`}>{t(`fields.${field}`)}</label>
      <Dropdown
        inputId={`risk-${field}`}
        value={values[field]}
        options={[1, 2, 3, 4].map((v) => ({ value: v, label: String(v) }))}
        onChange={(e) => change(field, e.value)}
        data-testid={`risk-${field}`}
      />
      {fieldError(errors, field)}
    </div>
  );
  const blank = (value: string) => value.trim() || null;
  return (
    <FormDialog
      header={risk ? t('dialog.editTitle') : t('dialog.createTitle')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="risk-form"
      onSubmit={() => {
        if (!values.asset) return save.setProblems({ assetId: t('errors:validation.required') });
        void save.submit({
          name: values.name,
          threats: blank(values.threats),
          vulnerabilities: blank(values.vulnerabilities),
          currentControls: blank(values.currentControls),
          referenceClause: blank(values.referenceClause),
          impact: values.impact,
          likelihood: values.likelihood,
          assetId: values.asset.id,
          riskOwnerId: values.riskOwner?.id ?? null,
          implementingTeam: blank(values.implementingTeam),
          isoTeam: blank(values.isoTeam),
          treatmentMethod: values.treatmentMethod,
          controlMeasures: blank(values.controlMeasures),
          actionPlan: blank(values.actionPlan),
          expectedCompletionDate: values.expectedCompletionDate,
          actualProgress: blank(values.actualProgress),
        });
      }}
    >
      {text('name')}
      <div className="lv-field">
        <label htmlFor="risk-asset">{t('fields.asset')}</label>
        <Dropdown
          inputId="risk-asset"
          value={values.asset?.id ?? null}
          options={assetOptions.map((a) => ({ value: a.id, label: a.name }))}
          filter
          onFilter={(e) => setAssetSearch(e.filter)}
          invalid={Boolean(errors.assetId)}
          onChange={(e) => change('asset', assetOptions.find((a) => a.id === e.value) ?? null)}
          data-testid="risk-asset"
        />
        {fieldError(errors, 'assetId')}
      </div>
      {scale('impact')}
      {scale('likelihood')}
      <div className="lv-field">
        <span>{t('fields.level')}</span>
        {preview ? <LevelTag level={preview.level} band={preview.band} /> : <span>—</span>}
      </div>
      {text('referenceClause')}
      <div className="lv-field">
        <label htmlFor="risk-owner">{t('fields.riskOwner')}</label>
        <PersonPicker
          inputId="risk-owner"
          value={values.riskOwner}
          onChange={(p) => change('riskOwner', p)}
          useOptions={useRiskOwners}
          invalid={Boolean(errors.riskOwnerId)}
          testId="risk-owner"
        />
        {fieldError(errors, 'riskOwnerId')}
      </div>
      {text('implementingTeam')}
      {text('isoTeam')}
      {text('threats')}
      {text('vulnerabilities')}
      {text('currentControls')}
      <div className="lv-field">
        <label htmlFor="risk-treatment">{t('fields.treatmentMethod')}</label>
        <Dropdown
          inputId="risk-treatment"
          value={values.treatmentMethod}
          showClear
          options={TREATMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          onChange={(e) => change('treatmentMethod', e.value ?? null)}
          data-testid="risk-treatment"
        />
        {fieldError(errors, 'treatmentMethod')}
      </div>
      <div className="lv-field">
        <label htmlFor="risk-expectedCompletionDate">{t('fields.expectedCompletionDate')}</label>
        <Calendar
          inputId="risk-expectedCompletionDate"
          name="expectedCompletionDate"
          value={toPickerDate(values.expectedCompletionDate)}
          dateFormat={PICKER_FORMAT}
          showButtonBar
          onChange={(e) => change('expectedCompletionDate', fromPickerDate(e.value as Date | null))}
          data-testid="risk-expected-date"
        />
        {fieldError(errors, 'expectedCompletionDate')}
      </div>
      {text('controlMeasures')}
      {text('actionPlan')}
      {text('actualProgress')}
    </FormDialog>
  );
}
