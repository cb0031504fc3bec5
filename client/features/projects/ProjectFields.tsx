import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { PROJECT_STAGES, type ProjectStage } from '../../../shared/projects.schemas.ts';
import { PICKER_FORMAT, fromPickerDate, toPickerDate, typedPickerDate } from './project-dates.ts';

export type ProjectFormValues = {
  name: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  stage: ProjectStage;
};

/** How the form reads dates typed before hydration (the other fields are text as typed). */
export const PROJECT_FORM_PARSE = { startDate: typedPickerDate, endDate: typedPickerDate };

/** The checks a form can make before sending: the required name and the order of the dates. */
export function localProblems(values: ProjectFormValues, t: (key: string) => string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.name.trim()) problems.name = t('errors:validation.required');
  if (values.startDate && values.endDate && values.endDate <= values.startDate)
    problems.endDate = t('errors:validation.dateOrder');
  return problems;
}

/** A project's fields: name, dates, description and (when creating) the stage it starts in. */
export function ProjectFields({
  values,
  onChange,
  errors,
  disabled,
  withStage,
}: {
  values: ProjectFormValues;
  onChange: (values: ProjectFormValues) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  withStage?: boolean;
}) {
  const { t } = useTranslation(['projects', 'errors']);
  const set = (changes: Partial<ProjectFormValues>) => onChange({ ...values, ...changes });
  const error = (field: string) =>
    errors[field] ? <small className="pm-error">{errors[field]}</small> : null;
  return (
    <div className="pm-grid">
      <div className="pm-field">
        <label htmlFor="project-name">
          {t('fields.name')}
          <span className="pm-required">*</span>
        </label>
        <InputText
          id="project-name"
          name="name"
          value={values.name}
          maxLength={255}
          disabled={disabled}
          invalid={Boolean(errors.name)}
          onChange={(event) => set({ name: event.target.value })}
        />
        {error('name')}
      </div>
      {withStage && (
        <div className="pm-field">
          <label htmlFor="project-stage">{t('fields.stage')}</label>
          <Dropdown
            inputId="project-stage"
            value={values.stage}
            options={PROJECT_STAGES.map((value) => ({ value, label: t(`stage.${value}`) }))}
            onChange={(event) => set({ stage: event.value as ProjectStage })}
          />
          {error('stage')}
        </div>
      )}
      <div className="pm-field">
        <label htmlFor="project-startDate">{t('fields.startDate')}</label>
        <Calendar
          inputId="project-startDate"
          name="startDate"
          value={toPickerDate(values.startDate)}
          dateFormat={PICKER_FORMAT}
          showIcon
          showButtonBar
          disabled={disabled}
          invalid={Boolean(errors.startDate)}
          onChange={(event) => set({ startDate: fromPickerDate(event.value as Date | null) })}
        />
        {error('startDate')}
      </div>
      <div className="pm-field">
        <label htmlFor="project-endDate">{t('fields.endDate')}</label>
        <Calendar
          inputId="project-endDate"
          name="endDate"
          value={toPickerDate(values.endDate)}
          dateFormat={PICKER_FORMAT}
          showIcon
          showButtonBar
          disabled={disabled}
          invalid={Boolean(errors.endDate)}
          onChange={(event) => set({ endDate: fromPickerDate(event.value as Date | null) })}
        />
        {error('endDate')}
      </div>
      <div className="pm-field pm-field--wide">
        <label htmlFor="project-description">{t('fields.description')}</label>
        <InputTextarea
          id="project-description"
          name="description"
          value={values.description}
          rows={3}
          autoResize
          maxLength={5000}
          disabled={disabled}
          onChange={(event) => set({ description: event.target.value })}
        />
        {error('description')}
      </div>
    </div>
  );
}
