import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCRUAL_MODES,
  DEFAULT_ABSENCE_RULES,
  type AbsenceRules,
  type AbsenceType,
  type AbsenceTypeInput,
  type Holiday,
} from '../../../shared/leave.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { fromPickerDate, PICKER_FORMAT, showDate, toPickerDate } from '../projects/project-dates.ts';
import { leaveApi, leaveKeys, useAbsenceRules, useAbsenceTypes, useHolidays } from './leave.queries.ts';

/** HR's leave settings: the absence rules, the absence types and the holidays. */
export function LeaveSettingsPanel() {
  return (
    <div className="lv-page">
      <RulesCard />
      <TypesCard />
      <HolidaysCard />
    </div>
  );
}

const RULE_FIELDS = [
  ['defaultAnnualLeaveDays', 0.5, 366],
  ['seniorityYears', 1, 50],
  ['seniorityBonusDays', 0.5, 30],
  ['clashThresholdPercent', 1, 100],
  ['reminderAfterWorkingDays', 1, 30],
] as const;

function RulesCard() {
  const { t } = useTranslation(['leave', 'errors']);
  const rules = useAbsenceRules();
  const form = useFormValues<AbsenceRules>(DEFAULT_ABSENCE_RULES);
  const { reset } = form;
  useEffect(() => {
    if (rules.data) reset(rules.data);
  }, [rules.data, reset]);
  const save = useFormMutation({
    mutationFn: leaveApi.saveRules,
    invalidate: [leaveKeys.all],
    success: t('ui.saved'),
    onSuccess: (saved) => form.reset(saved),
  });
  return (
    <section className="lv-card">
      <h3>{t('ui.rules')}</h3>
      <form
        id={form.formId}
        className="lv-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save.submit(form.values);
        }}
      >
        {RULE_FIELDS.map(([field, step, max]) => (
          <div className="lv-field" key={field}>
            <label htmlFor={`rule-${field}`}>{t(`errors:fields.${field}`)}</label>
            <InputNumber
              inputId={`rule-${field}`}
              name={field}
              value={form.values[field]}
              min={0}
              max={max}
              step={step}
              minFractionDigits={step < 1 ? 0 : undefined}
              maxFractionDigits={step < 1 ? 1 : 0}
              onValueChange={(event) => (form.set(field, event.value ?? 0), save.clear(field))}
            />
            {save.fieldErrors[field] && <small className="lv-error">{save.fieldErrors[field]}</small>}
          </div>
        ))}
        <div className="lv-footer lv-wide">
          <Button type="submit" label={t('ui.save')} loading={save.submitting} disabled={!form.dirty} />
        </div>
      </form>
    </section>
  );
}

const blankType = (): AbsenceTypeInput => ({
  name: '',
  totalDay: null,
  countsAgainstBalance: false,
  accrual: 'UPFRONT',
  seniorityBonus: false,
  carryForwardMaxDays: 0,
  carryForwardExpires: null,
  minNoticeDays: 0,
  allowHalfDay: true,
  attachmentAfterDays: null,
  paid: true,
  active: true,
});

function TypesCard() {
  const { t } = useTranslation('leave');
  const types = useAbsenceTypes();
  const [editing, setEditing] = useState<{ index: number; type: AbsenceTypeInput } | null>(null);
  const items = types.data?.items ?? [];
  const yes = (value: boolean) => (value ? '✓' : '—');
  return (
    <section className="lv-card">
      <div className="lv-bar">
        <h3>{t('ui.types')}</h3>
        <Button
          label={t('ui.addType')}
          icon="pi pi-plus"
          size="small"
          outlined
          onClick={() => setEditing({ index: -1, type: blankType() })}
        />
      </div>
      <DataTable value={items} dataKey="id" cellMemo={false} size="small">
        <Column field="name" header={t('ui.columns.name')} />
        <Column
          header={t('errors:fields.totalDay')}
          body={(r: AbsenceType) => (r.countsAgainstBalance ? (r.totalDay ?? t('ui.companyDefault')) : '—')}
        />
        <Column header={t('errors:fields.accrual')} body={(r: AbsenceType) => t(`accrual.${r.accrual}`)} />
        <Column
          header={t('errors:fields.carryForwardMaxDays')}
          body={(r: AbsenceType) => r.carryForwardMaxDays}
        />
        <Column header={t('errors:fields.minNoticeDays')} body={(r: AbsenceType) => r.minNoticeDays} />
        <Column header={t('errors:fields.allowHalfDay')} body={(r: AbsenceType) => yes(r.allowHalfDay)} />
        <Column header={t('errors:fields.active')} body={(r: AbsenceType) => yes(r.active)} />
        <Column
          body={(r: AbsenceType, options) => (
            <Button
              icon="pi pi-pencil"
              text
              rounded
              aria-label={t('ui.edit')}
              onClick={() => {
                const { inUse: _inUse, ...type } = r;
                setEditing({ index: options.rowIndex, type });
              }}
            />
          )}
        />
      </DataTable>
      {editing && <TypeDialog editing={editing} all={items} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** One absence type; saving sends the whole catalogue with this one changed or added. */
function TypeDialog({
  editing,
  all,
  onClose,
}: {
  editing: { index: number; type: AbsenceTypeInput };
  all: AbsenceType[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['leave', 'errors']);
  const form = useFormValues<AbsenceTypeInput>(editing.type);
  const save = useFormMutation({
    mutationFn: (type: AbsenceTypeInput) => {
      const items: AbsenceTypeInput[] = all.map(({ inUse: _inUse, ...item }) => item);
      if (editing.index >= 0) items[editing.index] = type;
      else items.push(type);
      return leaveApi.saveTypes(items);
    },
    invalidate: [leaveKeys.all],
    success: t('ui.saved'),
    onSuccess: onClose,
  });
  const { values, set } = form;
  // Field errors come back for the whole list (items.3.name): show this type's.
  const errorOf = (field: string) =>
    Object.entries(save.fieldErrors).find(([key]) => key === field || key === 'items')?.[1];
  const number = (
    field: 'totalDay' | 'carryForwardMaxDays' | 'attachmentAfterDays' | 'minNoticeDays',
    nullable: boolean,
  ) => (
    <div className="lv-field">
      <label htmlFor={`type-${field}`}>{t(`errors:fields.${field}`)}</label>
      <InputNumber
        inputId={`type-${field}`}
        value={values[field] as number | null}
        min={0}
        max={366}
        step={field === 'minNoticeDays' ? 1 : 0.5}
        maxFractionDigits={field === 'minNoticeDays' ? 0 : 1}
        onValueChange={(event) => set(field, (event.value ?? (nullable ? null : 0)) as never)}
      />
    </div>
  );
  const flag = (field: 'countsAgainstBalance' | 'seniorityBonus' | 'allowHalfDay' | 'paid' | 'active') => (
    <div className="lv-field" style={{ flexDirection: 'row', alignItems: 'center' }}>
      <Checkbox
        inputId={`type-${field}`}
        checked={values[field]}
        onChange={(event) => set(field, Boolean(event.checked))}
      />
      <label htmlFor={`type-${field}`}>{t(`errors:fields.${field}`)}</label>
    </div>
  );
  return (
    <Dialog
      visible
      header={editing.index >= 0 ? t('ui.editType') : t('ui.addType')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(40rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button type="submit" form={form.formId} label={t('ui.save')} loading={save.submitting} />
        </div>
      }
    >
      <form
        id={form.formId}
        className="lv-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!values.name.trim()) return save.setProblems({ name: t('errors:validation.required') });
          void save.submit({ ...values, name: values.name.trim() });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-field lv-wide">
          <label htmlFor="type-name">{t('errors:fields.name')}</label>
          <InputText
            id="type-name"
            name="name"
            value={values.name}
            maxLength={100}
            onChange={(event) => set('name', event.target.value)}
          />
          {errorOf('name') && <small className="lv-error">{errorOf('name')}</small>}
        </div>
        {flag('countsAgainstBalance')}
        {number('totalDay', true)}
        <div className="lv-field">
          <label htmlFor="type-accrual">{t('errors:fields.accrual')}</label>
          <Dropdown
            inputId="type-accrual"
            value={values.accrual}
            options={ACCRUAL_MODES.map((value) => ({ value, label: t(`accrual.${value}`) }))}
            onChange={(event) => set('accrual', event.value)}
          />
        </div>
        {flag('seniorityBonus')}
        {number('carryForwardMaxDays', false)}
        <div className="lv-field">
          <label htmlFor="type-expires">{t('errors:fields.carryForwardExpires')}</label>
          <InputText
            id="type-expires"
            placeholder="03-31"
            value={values.carryForwardExpires ?? ''}
            maxLength={5}
            onChange={(event) => set('carryForwardExpires', event.target.value.trim() || null)}
          />
        </div>
        {number('minNoticeDays', false)}
        {number('attachmentAfterDays', true)}
        {flag('allowHalfDay')}
        {flag('paid')}
        {flag('active')}
        {Object.keys(save.fieldErrors).length > 0 && (
          <p className="lv-error lv-wide" role="alert">
            {Object.values(save.fieldErrors).join(' · ')}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function HolidaysCard() {
  const { t } = useTranslation('leave');
  const [year, setYear] = useState(new Date().getFullYear());
  const holidays = useHolidays(year);
  const [editing, setEditing] = useState<Holiday | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const run = useRunAction([leaveKeys.all]);
  return (
    <section className="lv-card">
      <div className="lv-bar">
        <h3>{t('ui.holidays')}</h3>
        <div className="lv-row-actions">
          <Button
            icon="pi pi-chevron-left"
            text
            aria-label={t('ui.previousYear')}
            onClick={() => setYear(year - 1)}
          />
          <strong style={{ alignSelf: 'center' }}>{year}</strong>
          <Button
            icon="pi pi-chevron-right"
            text
            aria-label={t('ui.nextYear')}
            onClick={() => setYear(year + 1)}
          />
          <Button
            label={t('ui.addHoliday')}
            icon="pi pi-plus"
            size="small"
            outlined
            onClick={() => setEditing('new')}
          />
        </div>
      </div>
      <DataTable
        value={holidays.data?.items ?? []}
        dataKey="id"
        cellMemo={false}
        size="small"
        emptyMessage={t('ui.noHolidays')}
      >
        <Column field="name" header={t('ui.columns.name')} />
        <Column
          header={t('ui.columns.dates')}
          body={(h: Holiday) =>
            h.startDate === h.endDate
              ? showDate(h.startDate)
              : `${showDate(h.startDate)} – ${showDate(h.endDate)}`
          }
        />
        <Column field="description" header={t('errors:fields.description')} />
        <Column
          body={(h: Holiday) => (
            <div className="lv-row-actions">
              <Button
                icon="pi pi-pencil"
                text
                rounded
                aria-label={t('ui.edit')}
                onClick={() => setEditing(h)}
              />
              <Button
                icon="pi pi-trash"
                text
                rounded
                severity="danger"
                aria-label={t('ui.delete')}
                onClick={() => setDeleting(h)}
              />
            </div>
          )}
        />
      </DataTable>
      {editing && (
        <HolidayDialog holiday={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmAction
        visible={deleting !== null}
        title={t('ui.deleteHolidayTitle')}
        message={deleting?.name}
        action={t('ui.deleteHoliday')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const holiday = deleting!;
          setDeleting(null);
          void run(() => leaveApi.deleteHoliday(holiday.id), t('ui.deleted'));
        }}
      />
    </section>
  );
}

function HolidayDialog({ holiday, onClose }: { holiday: Holiday | null; onClose: () => void }) {
  const { t } = useTranslation(['leave', 'errors']);
  const form = useFormValues({
    name: holiday?.name ?? '',
    startDate: holiday?.startDate ?? null,
    endDate: holiday?.endDate ?? null,
    description: holiday?.description ?? '',
  });
  const save = useFormMutation({
    mutationFn: (input: { name: string; startDate: string; endDate: string; description: string | null }) =>
      holiday ? leaveApi.updateHoliday(holiday.id, input) : leaveApi.createHoliday(input),
    invalidate: [leaveKeys.all],
    success: t('ui.saved'),
    onSuccess: onClose,
  });
  const { values, set } = form;
  const error = (field: string) =>
    save.fieldErrors[field] && <small className="lv-error">{save.fieldErrors[field]}</small>;
  return (
    <Dialog
      visible
      header={holiday ? t('ui.editHoliday') : t('ui.addHoliday')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(32rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('ui.save')}
            loading={save.submitting}
            data-testid="holiday-save"
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
          if (!values.startDate) problems.startDate = t('errors:validation.required');
          if (Object.keys(problems).length) return save.setProblems(problems);
          void save.submit({
            name: values.name.trim(),
            startDate: values.startDate!,
            endDate: values.endDate ?? values.startDate!,
            description: values.description.trim() || null,
          });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-field lv-wide">
          <label htmlFor="holiday-name">{t('errors:fields.name')}</label>
          <InputText
            id="holiday-name"
            name="name"
            value={values.name}
            maxLength={150}
            onChange={(event) => set('name', event.target.value)}
          />
          {error('name')}
        </div>
        <div className="lv-field">
          <label htmlFor="holiday-start">{t('errors:fields.startDate')}</label>
          <Calendar
            inputId="holiday-start"
            value={toPickerDate(values.startDate)}
            dateFormat={PICKER_FORMAT}
            showIcon
            onChange={(event) => set('startDate', fromPickerDate(event.value as Date | null))}
          />
          {error('startDate')}
        </div>
        <div className="lv-field">
          <label htmlFor="holiday-end">{t('errors:fields.endDate')}</label>
          <Calendar
            inputId="holiday-end"
            value={toPickerDate(values.endDate)}
            dateFormat={PICKER_FORMAT}
            showIcon
            onChange={(event) => set('endDate', fromPickerDate(event.value as Date | null))}
          />
          {error('endDate')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="holiday-description">{t('errors:fields.description')}</label>
          <InputText
            id="holiday-description"
            name="description"
            value={values.description}
            maxLength={1000}
            onChange={(event) => set('description', event.target.value)}
          />
        </div>
      </form>
    </Dialog>
  );
}
