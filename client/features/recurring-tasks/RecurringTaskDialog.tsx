import { Checkbox } from 'primereact/checkbox';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  RECURRENCE_CYCLES,
  UPCOMING_COUNT,
  type RecurrenceCycle,
  type RecurringTask,
  type RecurringTaskPerson,
} from '../../../shared/recurring-tasks.schemas.ts';
import {
  MAX_DEADLINE_DAYS,
  nextScheduledFrom,
  upcomingOccurrences,
} from '../../../shared/rules/recurrence.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import {
  fromPickerDate,
  PICKER_FORMAT,
  showDate,
  toPickerDate,
  typedPickerDate,
} from '../projects/project-dates.ts';
import { AssigneePicker } from './AssigneePicker.tsx';
import { fieldError, FormDialog } from './FormDialog.tsx';
import { recurringTaskKeys, recurringTasksApi } from './recurring-tasks.queries.ts';

/**
 * Creates a recurring task, or changes one: name, description, cycle, start date, deadline in days
 * and assignees, with the first occurrences the schedule will have (the same rule the server uses).
 */
export function RecurringTaskDialog({ task, onClose }: { task: RecurringTask | null; onClose: () => void }) {
  const { t } = useTranslation(['recurringTasks', 'errors']);
  const navigate = useNavigate();
  const form = useFormValues(
    {
      name: task?.name ?? '',
      description: task?.description ?? '',
      cycle: (task?.cycle ?? 'MONTHLY') as RecurrenceCycle,
      startDate: (task?.startDate ?? fromPickerDate(new Date())) as string | null,
      deadlineDays: String(task?.deadlineDays ?? 0),
      assignees: (task?.assignees ?? []) as RecurringTaskPerson[],
      active: true,
    },
    { parse: { startDate: typedPickerDate } },
  );
  const save = useFormMutation({
    mutationFn: (input: Parameters<typeof recurringTasksApi.create>[0]) =>
      task
        ? recurringTasksApi.update(task.id, {
            name: input.name,
            description: input.description,
            cycle: input.cycle,
            startDate: input.startDate,
            deadlineDays: input.deadlineDays,
            assigneeIds: input.assigneeIds,
            version: task.version,
          })
        : recurringTasksApi.create(input),
    invalidate: [recurringTaskKeys.all],
    success: task ? t('ui.saved') : t('ui.created'),
    onSuccess: (saved) => {
      onClose();
      if (!task) navigate(`/recurring-tasks/${saved.id}`);
    },
  });
  const { values, set } = form;
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => (
    set(field, value),
    save.clear(field === 'assignees' ? 'assigneeIds' : (field as string))
  );
  const max = MAX_DEADLINE_DAYS[values.cycle];
  const today = fromPickerDate(new Date())!;
  const preview = values.startDate
    ? upcomingOccurrences(
        values.startDate,
        values.cycle,
        nextScheduledFrom(values.startDate, values.cycle, today),
        UPCOMING_COUNT,
      )
    : [];

  function submit() {
    const problems: Record<string, string> = {};
    if (!values.name.trim()) problems.name = t('errors:validation.required');
    if (!values.startDate) problems.startDate = t('errors:validation.required');
    const days = Number(values.deadlineDays.trim());
    if (!/^\d+$/.test(values.deadlineDays.trim())) problems.deadlineDays = t('errors:validation.number');
    else if (days > max) problems.deadlineDays = t('errors:validation.recurringDeadlineTooLong', { max });
    if (values.assignees.length === 0) problems.assigneeIds = t('errors:validation.assigneesRequired');
    if (Object.keys(problems).length) return save.setProblems(problems);
    void save.submit({
      name: values.name.trim(),
      description: values.description.trim() || null,
      cycle: values.cycle,
      startDate: values.startDate!,
      deadlineDays: days,
      assigneeIds: values.assignees.map((p) => p.id),
      ...(!task && { active: values.active }),
    });
  }

  return (
    <FormDialog
      header={task ? t('ui.editTask') : t('ui.newTask')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      onSubmit={submit}
      testId="rt-task"
    >
      <div className="lv-field lv-wide">
        <label htmlFor="rt-name">{t('errors:fields.name')}</label>
        <InputText
          id="rt-name"
          name="name"
          maxLength={150}
          value={values.name}
          onChange={(e) => change('name', e.target.value)}
          invalid={Boolean(save.fieldErrors.name)}
          data-testid="rt-name"
        />
        {fieldError(save.fieldErrors, 'name')}
      </div>
      <div className="lv-field">
        <label htmlFor="rt-cycle">{t('errors:fields.cycle')}</label>
        <Dropdown
          inputId="rt-cycle"
          value={values.cycle}
          options={RECURRENCE_CYCLES.map((cycle) => ({ value: cycle, label: t(`cycle.${cycle}`) }))}
          onChange={(e) => change('cycle', e.value as RecurrenceCycle)}
          data-testid="rt-cycle"
        />
        {fieldError(save.fieldErrors, 'cycle')}
      </div>
      <div className="lv-field">
        <label htmlFor="rt-start">{t('errors:fields.startDate')}</label>
        <Calendar
          inputId="rt-start"
          name="startDate"
          value={toPickerDate(values.startDate)}
          dateFormat={PICKER_FORMAT}
          showIcon
          onChange={(e) => change('startDate', fromPickerDate(e.value as Date | null))}
        />
        {fieldError(save.fieldErrors, 'startDate')}
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="rt-deadline">{t('errors:fields.deadlineDays')}</label>
        <InputText
          id="rt-deadline"
          name="deadlineDays"
          inputMode="numeric"
          value={values.deadlineDays}
          onChange={(e) => change('deadlineDays', e.target.value)}
          invalid={Boolean(save.fieldErrors.deadlineDays)}
          data-testid="rt-deadline"
        />
        <small className="lv-hint">{t('deadline.hint', { max })}</small>
        {fieldError(save.fieldErrors, 'deadlineDays')}
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="rt-assignees">{t('errors:fields.assigneeIds')}</label>
        <AssigneePicker
          inputId="rt-assignees"
          value={values.assignees}
          onChange={(people) => change('assignees', people)}
          invalid={Boolean(save.fieldErrors.assigneeIds)}
        />
        {fieldError(save.fieldErrors, 'assigneeIds')}
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="rt-description">{t('errors:fields.description')}</label>
        <InputTextarea
          id="rt-description"
          name="description"
          rows={2}
          autoResize
          maxLength={2000}
          value={values.description}
          onChange={(e) => change('description', e.target.value)}
        />
        {fieldError(save.fieldErrors, 'description')}
      </div>
      {!task && (
        <div className="lv-wide" style={{ display: 'flex', gap: '.5rem', alignItems: 'center' }}>
          <Checkbox
            inputId="rt-active"
            name="active"
            checked={values.active}
            onChange={(e) => change('active', Boolean(e.checked))}
          />
          <label htmlFor="rt-active">{t('ui.activeOnCreate')}</label>
        </div>
      )}
      <div className="lv-field lv-wide">
        <span className="lv-hint">{t('ui.preview')}</span>
        <span data-testid="rt-preview">
          {preview.length ? preview.map(showDate).join(' · ') : t('ui.previewEmpty')}
        </span>
      </div>
    </FormDialog>
  );
}
