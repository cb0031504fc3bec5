import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_OT_LIMITS,
  DEFAULT_OT_REGULATIONS,
  type OtLimits,
  type OtRegulations,
} from '../../../shared/overtime.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { showDate } from '../projects/project-dates.ts';
import { overtimeApi, overtimeKeys, useLimits, useRegulations } from './overtime.queries.ts';

/** Managers: the regulations (text and pay rates) and the limits (from today on). */
export function OvertimeSettingsPanel() {
  return (
    <div className="lv-page">
      <LimitsCard />
      <RegulationsCard />
    </div>
  );
}

function number<T extends Record<string, unknown>>(
  form: ReturnType<typeof useFormValues<T>>,
  field: keyof T & string,
  label: string,
  options: { step?: number; max?: number } = {},
) {
  return (
    <div className="lv-field" key={field}>
      <label htmlFor={`ot-${field}`}>{label}</label>
      <InputNumber
        inputId={`ot-${field}`}
        value={form.values[field] as number}
        min={0}
        max={options.max ?? 1000}
        step={options.step ?? 1}
        maxFractionDigits={options.step && options.step < 1 ? 1 : 0}
        onValueChange={(e) => form.set(field, (e.value ?? 0) as T[typeof field])}
      />
    </div>
  );
}

function LimitsCard() {
  const { t } = useTranslation(['overtime', 'errors']);
  const limits = useLimits();
  const form = useFormValues<OtLimits>(DEFAULT_OT_LIMITS);
  const { reset } = form;
  useEffect(() => {
    if (limits.data)
      reset({
        dailyHours: limits.data.dailyHours,
        monthlyHours: limits.data.monthlyHours,
        yearlyHours: limits.data.yearlyHours,
      });
  }, [limits.data, reset]);
  const save = useFormMutation({
    mutationFn: overtimeApi.saveLimits,
    invalidate: [overtimeKeys.all],
    success: t('ui.saved'),
  });
  return (
    <section className="lv-card">
      <h3>{t('ui.limits')}</h3>
      <p className="lv-hint">{t('ui.limitsHint', { date: showDate(limits.data?.effectiveFrom) })}</p>
      <form
        id={form.formId}
        className="lv-grid"
        noValidate
        onSubmit={(e) => (e.preventDefault(), void save.submit(form.values))}
      >
        {number(form, 'dailyHours', t('errors:fields.dailyHours'), { step: 0.5, max: 24 })}
        {number(form, 'monthlyHours', t('errors:fields.monthlyHours'), { step: 0.5, max: 744 })}
        {number(form, 'yearlyHours', t('errors:fields.yearlyHours'), { step: 0.5, max: 8784 })}
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-footer lv-wide">
          <Button type="submit" label={t('ui.save')} loading={save.submitting} disabled={!form.dirty} />
        </div>
      </form>
    </section>
  );
}

function RegulationsCard() {
  const { t } = useTranslation(['overtime', 'errors']);
  const regulations = useRegulations();
  const form = useFormValues<OtRegulations>(DEFAULT_OT_REGULATIONS);
  const { reset } = form;
  useEffect(() => {
    if (regulations.data) reset(regulations.data);
  }, [regulations.data, reset]);
  const save = useFormMutation({
    mutationFn: overtimeApi.saveRegulations,
    invalidate: [overtimeKeys.all],
    success: t('ui.saved'),
  });
  return (
    <section className="lv-card">
      <h3>{t('ui.regulations')}</h3>
      <form
        id={form.formId}
        className="lv-grid"
        noValidate
        onSubmit={(e) => (e.preventDefault(), void save.submit(form.values))}
      >
        <div className="lv-field lv-wide">
          <label htmlFor="ot-content">{t('errors:fields.content')}</label>
          <InputTextarea
            id="ot-content"
            name="content"
            rows={5}
            autoResize
            maxLength={20000}
            value={form.values.content}
            onChange={(e) => form.set('content', e.target.value)}
          />
        </div>
        {number(form, 'workdayPercent', `${t('errors:fields.workdayPercent')} (%)`)}
        {number(form, 'weekendPercent', `${t('errors:fields.weekendPercent')} (%)`)}
        {number(form, 'holidayPercent', `${t('errors:fields.holidayPercent')} (%)`)}
        {number(form, 'nightBonusPercent', `${t('errors:fields.nightBonusPercent')} (%)`)}
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-footer lv-wide">
          <Button type="submit" label={t('ui.save')} loading={save.submitting} disabled={!form.dirty} />
        </div>
      </form>
    </section>
  );
}
