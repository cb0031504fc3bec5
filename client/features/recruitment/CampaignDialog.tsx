import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CAMPAIGN_STATUSES,
  DEFAULT_STAGES,
  STAGE_KINDS,
  type Campaign,
  type CampaignBody,
  type CampaignStatus,
  type CriterionInput,
  type RecruitmentPerson,
  type StageInput,
} from '../../../shared/recruitment.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useDepartmentOptions } from '../departments/departments.queries.ts';
import { fromPickerDate, PICKER_FORMAT, toPickerDate, typedPickerDate } from '../projects/project-dates.ts';
import { fieldError, FormDialog } from '../recurring-tasks/FormDialog.tsx';
import { recruitmentApi, recruitmentKeys, useTeamOptions } from './recruitment.queries.ts';

/** Creates a campaign or changes one: its fields, hiring team, pipeline stages and scorecard criteria. */
export function CampaignDialog({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const { t } = useTranslation(['recruitment', 'errors']);
  const navigate = useNavigate();
  const departments = useDepartmentOptions();
  const [search, setSearch] = useState('');
  const people = useTeamOptions(search).data?.items ?? [];
  const form = useFormValues(
    {
      position: campaign?.position ?? '',
      openings: campaign?.openings ?? 1,
      status: (campaign?.status ?? 'OPEN') as CampaignStatus,
      departmentId: campaign?.department?.id ?? null,
      opensOn: campaign?.opensOn ?? null,
      closesOn: campaign?.closesOn ?? null,
      description: campaign?.description ?? '',
      feedbackDueDays: campaign?.feedbackDueDays ?? 3,
      team: (campaign?.hiringTeam ?? []) as RecruitmentPerson[],
      stages: (campaign?.stages.map(({ id, name, kind }) => ({ id, name, kind })) ??
        DEFAULT_STAGES.map((s) => ({
          name: t(`defaultStages.${s.name as 'Applied'}`),
          kind: s.kind,
        }))) as StageInput[],
      criteria: (campaign?.criteria.map(({ id, name, scaleMax }) => ({ id, name, scaleMax })) ?? [
        { name: t('defaultCriteria.technical'), scaleMax: 5 },
        { name: t('defaultCriteria.communication'), scaleMax: 5 },
      ]) as CriterionInput[],
    },
    { parse: { opensOn: typedPickerDate, closesOn: typedPickerDate } },
  );
  const { values, set } = form;
  const save = useFormMutation({
    mutationFn: (input: CampaignBody) =>
      campaign
        ? recruitmentApi.updateCampaign(campaign.id, { ...input, version: campaign.version })
        : recruitmentApi.createCampaign(input),
    invalidate: [recruitmentKeys.all],
    success: campaign ? t('messages.campaignSaved') : t('messages.campaignCreated'),
    onSuccess: (saved) => {
      onClose();
      if (!campaign) navigate(`/hiring-campaigns/${saved.id}`);
    },
  });
  const errors = save.fieldErrors;
  const teamOptions = [...values.team, ...people.filter((p) => !values.team.some((m) => m.id === p.id))];
  const setStage = (index: number, patch: Partial<StageInput>) =>
    set(
      'stages',
      values.stages.map((s, i) => (i === index ? { ...s, ...patch } : s)),
    );
  const setCriterion = (index: number, patch: Partial<CriterionInput>) =>
    set(
      'criteria',
      values.criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    );
  const date = (field: 'opensOn' | 'closesOn') => (
    <div className="lv-field">
      <label htmlFor={`campaign-${field}`}>{t(`fields.${field}`)}</label>
      <Calendar
        inputId={`campaign-${field}`}
        name={field}
        value={toPickerDate(values[field])}
        dateFormat={PICKER_FORMAT}
        showButtonBar
        onChange={(e) => set(field, fromPickerDate(e.value as Date | null))}
      />
      {fieldError(errors, field)}
    </div>
  );
  return (
    <FormDialog
      header={campaign ? t('campaign.editTitle') : t('campaign.createTitle')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="campaign-form"
      onSubmit={() =>
        void save.submit({
          position: values.position,
          openings: values.openings,
          status: values.status,
          departmentId: values.departmentId,
          opensOn: values.opensOn,
          closesOn: values.closesOn,
          description: values.description.trim() || null,
          feedbackDueDays: values.feedbackDueDays,
          hiringTeamIds: values.team.map((m) => m.id),
          stages: values.stages,
          criteria: values.criteria,
        })
      }
    >
      <div className="lv-field">
        <label htmlFor="campaign-position">{t('fields.position')}</label>
        <InputText
          id="campaign-position"
          name="position"
          value={values.position}
          invalid={Boolean(errors.position)}
          onChange={(e) => set('position', e.target.value)}
          data-testid="campaign-position"
        />
        {fieldError(errors, 'position')}
      </div>
      <div className="lv-field">
        <label htmlFor="campaign-openings">{t('fields.openings')}</label>
        <InputNumber
          inputId="campaign-openings"
          name="openings"
          value={values.openings}
          min={1}
          max={1000}
          onValueChange={(e) => set('openings', e.value ?? 1)}
        />
        {fieldError(errors, 'openings')}
      </div>
      <div className="lv-field">
        <label htmlFor="campaign-status">{t('fields.status')}</label>
        <Dropdown
          inputId="campaign-status"
          value={values.status}
          options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          onChange={(e) => set('status', e.value)}
          data-testid="campaign-status"
        />
      </div>
      <div className="lv-field">
        <label htmlFor="campaign-department">{t('fields.department')}</label>
        <Dropdown
          inputId="campaign-department"
          value={values.departmentId}
          showClear
          options={(departments.data?.items ?? []).map((d) => ({ value: d.id, label: d.name }))}
          onChange={(e) => set('departmentId', e.value ?? null)}
        />
        {fieldError(errors, 'departmentId')}
      </div>
      {date('opensOn')}
      {date('closesOn')}
      <div className="lv-field">
        <label htmlFor="campaign-due">{t('fields.feedbackDueDays')}</label>
        <InputNumber
          inputId="campaign-due"
          value={values.feedbackDueDays}
          min={1}
          max={30}
          onValueChange={(e) => set('feedbackDueDays', e.value ?? 3)}
        />
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="campaign-team">{t('fields.hiringTeam')}</label>
        <MultiSelect
          inputId="campaign-team"
          value={values.team.map((m) => m.id)}
          options={teamOptions.map((p) => ({ value: p.id, label: `${fullName(p)} · ${p.email}` }))}
          filter
          onFilter={(e) => setSearch(e.filter)}
          onChange={(e) =>
            set(
              'team',
              (e.value as string[]).map((id) => teamOptions.find((p) => p.id === id)!).filter(Boolean),
            )
          }
          display="chip"
          data-testid="campaign-team"
        />
        {fieldError(errors, 'hiringTeamIds')}
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="campaign-description">{t('fields.description')}</label>
        <InputTextarea
          id="campaign-description"
          name="description"
          rows={3}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
        {fieldError(errors, 'description')}
      </div>
      <fieldset className="lv-field lv-wide" data-testid="campaign-stages">
        <legend>{t('fields.stages')}</legend>
        {values.stages.map((stage, index) => (
          <div className="lv-row-actions" key={stage.id ?? `new-${index}`}>
            <InputText
              aria-label={t('fields.stageName')}
              value={stage.name}
              onChange={(e) => setStage(index, { name: e.target.value })}
            />
            <Dropdown
              aria-label={t('fields.stageKind')}
              value={stage.kind}
              options={STAGE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              onChange={(e) => setStage(index, { kind: e.value })}
            />
            <Button
              type="button"
              icon="pi pi-times"
              text
              aria-label={t('buttons.removeStage')}
              onClick={() =>
                set(
                  'stages',
                  values.stages.filter((_, i) => i !== index),
                )
              }
            />
          </div>
        ))}
        <Button
          type="button"
          icon="pi pi-plus"
          text
          label={t('buttons.addStage')}
          onClick={() =>
            set('stages', [
              ...values.stages.slice(0, -2),
              {
                name: t('newInterview', {
                  n: values.stages.filter((s) => s.kind === 'INTERVIEW').length + 1,
                }),
                kind: 'INTERVIEW',
              },
              ...values.stages.slice(-2),
            ])
          }
        />
        {fieldError(errors, 'stages')}
      </fieldset>
      <fieldset className="lv-field lv-wide" data-testid="campaign-criteria">
        <legend>{t('fields.criteria')}</legend>
        {values.criteria.map((criterion, index) => (
          <div className="lv-row-actions" key={criterion.id ?? `new-${index}`}>
            <InputText
              aria-label={t('fields.criterionName')}
              value={criterion.name}
              onChange={(e) => setCriterion(index, { name: e.target.value })}
            />
            <Dropdown
              aria-label={t('fields.scaleMax')}
              value={criterion.scaleMax}
              options={[3, 4, 5, 10].map((n) => ({ value: n, label: t('scale', { max: n }) }))}
              onChange={(e) => setCriterion(index, { scaleMax: e.value })}
            />
            <Button
              type="button"
              icon="pi pi-times"
              text
              aria-label={t('buttons.removeCriterion')}
              onClick={() =>
                set(
                  'criteria',
                  values.criteria.filter((_, i) => i !== index),
                )
              }
            />
          </div>
        ))}
        <Button
          type="button"
          icon="pi pi-plus"
          text
          label={t('buttons.addCriterion')}
          onClick={() => set('criteria', [...values.criteria, { name: '', scaleMax: 5 }])}
        />
        {fieldError(errors, 'criteria')}
      </fieldset>
    </FormDialog>
  );
}
