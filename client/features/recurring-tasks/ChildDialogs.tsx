import { Calendar } from 'primereact/calendar';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import type { RecurringTask, RecurringTaskChild } from '../../../shared/recurring-tasks.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { fromPickerDate, PICKER_FORMAT, toPickerDate, typedPickerDate } from '../projects/project-dates.ts';
import { fieldError, FormDialog } from './FormDialog.tsx';
import { recurringTaskKeys, recurringTasksApi } from './recurring-tasks.queries.ts';

const todayIso = () => fromPickerDate(new Date())!;

/** Writes or clears a child's note. */
export function NoteDialog({ child, onClose }: { child: RecurringTaskChild; onClose: () => void }) {
  const { t } = useTranslation(['recurringTasks', 'errors']);
  const form = useFormValues({ note: child.note ?? '' });
  const save = useFormMutation({
    mutationFn: (note: string) => recurringTasksApi.setNote(child.id, note.trim() || null),
    invalidate: [recurringTaskKeys.all],
    success: t('ui.noteSaved'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      header={`${t('ui.noteTitle')} · ${child.recurringTask.name}`}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      onSubmit={() => void save.submit(form.values.note)}
      testId="rt-note"
    >
      <div className="lv-field lv-wide">
        <label htmlFor="rt-note-text">{t('errors:fields.note')}</label>
        <InputTextarea
          id="rt-note-text"
          name="note"
          rows={4}
          autoResize
          maxLength={2000}
          value={form.values.note}
          onChange={(e) => (form.set('note', e.target.value), save.clear('note'))}
          data-testid="rt-note-text"
        />
        {fieldError(save.fieldErrors, 'note')}
      </div>
    </FormDialog>
  );
}

/** Adds a child by hand: its start day, its due day (else the task's deadline) and a note. */
export function AddChildDialog({ task, onClose }: { task: RecurringTask; onClose: () => void }) {
  const { t } = useTranslation(['recurringTasks', 'errors']);
  const form = useFormValues(
    { startDate: todayIso() as string | null, dueDate: null as string | null, note: '' },
    { parse: { startDate: typedPickerDate, dueDate: typedPickerDate } },
  );
  const save = useFormMutation({
    mutationFn: (input: Parameters<typeof recurringTasksApi.addChild>[1]) =>
      recurringTasksApi.addChild(task.id, input),
    invalidate: [recurringTaskKeys.all],
    success: t('ui.childAdded'),
    onSuccess: onClose,
  });
  const { values, set } = form;
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => (
    set(field, value),
    save.clear(field as string)
  );
  return (
    <FormDialog
      header={`${t('ui.addChild')} · ${task.name}`}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      onSubmit={() => {
        const problems: Record<string, string> = {};
        if (!values.startDate) problems.startDate = t('errors:validation.required');
        if (values.startDate && values.dueDate && values.dueDate < values.startDate)
          problems.dueDate = t('errors:validation.dueBeforeStart');
        if (Object.keys(problems).length) return save.setProblems(problems);
        void save.submit({
          startDate: values.startDate!,
          ...(values.dueDate && { dueDate: values.dueDate }),
          ...(values.note.trim() && { note: values.note.trim() }),
        });
      }}
      testId="rt-add-child"
    >
      <div className="lv-field">
        <label htmlFor="rt-child-start">{t('errors:fields.startDate')}</label>
        <Calendar
          inputId="rt-child-start"
          name="startDate"
          value={toPickerDate(values.startDate)}
          dateFormat={PICKER_FORMAT}
          showIcon
          onChange={(e) => change('startDate', fromPickerDate(e.value as Date | null))}
        />
        {fieldError(save.fieldErrors, 'startDate')}
      </div>
      <div className="lv-field">
        <label htmlFor="rt-child-due">{t('errors:fields.dueDate')}</label>
        <Calendar
          inputId="rt-child-due"
          name="dueDate"
          value={toPickerDate(values.dueDate)}
          dateFormat={PICKER_FORMAT}
          showIcon
          showButtonBar
          onChange={(e) => change('dueDate', fromPickerDate(e.value as Date | null))}
        />
        <small className="lv-hint">{t('ui.dueDateHint')}</small>
        {fieldError(save.fieldErrors, 'dueDate')}
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="rt-child-note">{t('errors:fields.note')}</label>
        <InputTextarea
          id="rt-child-note"
          name="note"
          rows={2}
          autoResize
          maxLength={2000}
          value={values.note}
          onChange={(e) => change('note', e.target.value)}
        />
        {fieldError(save.fieldErrors, 'note')}
      </div>
    </FormDialog>
  );
}
