import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JiraIssue } from '../../../shared/connections.schemas.ts';
import type { WorkLog } from '../../../shared/worklogs.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { fromPickerDate, PICKER_FORMAT, toPickerDate, typedPickerDate } from '../projects/project-dates.ts';
import { useJiraIssueSearch, useLoggableProjects, workLogKeys, workLogsApi } from './worklogs.queries.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Log one piece of work (or change a log): day, hours in half-hour steps, project, description, Jira tasks. */
export function WorkLogDialog({ log, onClose }: { log: WorkLog | null; onClose: () => void }) {
  const { t } = useTranslation(['worklogs', 'errors']);
  const projects = useLoggableProjects();
  const form = useFormValues(
    {
      workDate: (log?.workDate ?? today()) as string | null,
      hours: log ? String(log.hours) : '',
      projectId: log?.project.id ?? '',
      description: log?.description ?? '',
      jiraTaskKeys: log?.jiraTaskKeys ?? ([] as string[]),
    },
    { parse: { workDate: typedPickerDate } },
  );
  const save = useFormMutation({
    mutationFn: (input: Parameters<typeof workLogsApi.create>[0]) =>
      log ? workLogsApi.update(log.id, { ...input, version: log.version }) : workLogsApi.create(input),
    invalidate: [workLogKeys.all],
    success: t('ui.saved'),
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
  const chosen = projects.data?.items.find((p) => p.id === values.projectId);
  const options = (projects.data?.items ?? []).map((p) => ({
    value: p.id,
    label: `${p.name} · ${p.clientName}`,
  }));
  if (log && !options.some((o) => o.value === log.project.id))
    options.push({ value: log.project.id, label: log.project.name });
  return (
    <Dialog
      visible
      header={log ? t('ui.editLog') : t('ui.newLog')}
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
            icon="pi pi-check"
            loading={save.submitting}
            data-testid="wl-submit"
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
          if (!values.workDate) problems.workDate = t('errors:validation.required');
          if (!values.projectId) problems.projectId = t('errors:validation.required');
          if (!values.description.trim()) problems.description = t('errors:validation.required');
          const hours = Number(values.hours.replace(',', '.'));
          if (!values.hours.trim() || Number.isNaN(hours)) problems.hours = t('errors:validation.number');
          if (Object.keys(problems).length) return save.setProblems(problems);
          const keys = values.jiraTaskKeys;
          void save.submit({
            workDate: values.workDate!,
            hours,
            projectId: values.projectId,
            description: values.description.trim(),
            ...(keys.length > 0 && { jiraTaskKeys: keys }),
          });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-field">
          <label htmlFor="wl-date">{t('errors:fields.workDate')}</label>
          <Calendar
            inputId="wl-date"
            name="workDate"
            value={toPickerDate(values.workDate)}
            dateFormat={PICKER_FORMAT}
            maxDate={new Date()}
            showIcon
            onChange={(e) => change('workDate', fromPickerDate(e.value as Date | null))}
          />
          {error('workDate')}
        </div>
        <div className="lv-field">
          <label htmlFor="wl-hours">{t('errors:fields.hours')}</label>
          <InputText
            id="wl-hours"
            name="hours"
            inputMode="decimal"
            value={values.hours}
            placeholder="1.5"
            onChange={(e) => change('hours', e.target.value)}
            data-testid="wl-hours"
          />
          <small className="lv-hint">{t('ui.hoursHint')}</small>
          {error('hours')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="wl-project">{t('errors:fields.projectId')}</label>
          <Dropdown
            inputId="wl-project"
            value={values.projectId}
            options={options}
            placeholder={t('ui.chooseProject')}
            emptyMessage={t('ui.noProjects')}
            onChange={(e) => change('projectId', e.value as string)}
            data-testid="wl-project"
          />
          {error('projectId')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="wl-description">{t('errors:fields.description')}</label>
          <InputTextarea
            id="wl-description"
            name="description"
            rows={2}
            autoResize
            maxLength={2000}
            value={values.description}
            onChange={(e) => change('description', e.target.value)}
            data-testid="wl-description"
          />
          {error('description')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="wl-jira">{t('errors:fields.jiraTaskKeys')}</label>
          <JiraTasksField
            projectId={chosen?.jiraAvailable ? chosen.id : null}
            value={values.jiraTaskKeys}
            onChange={(keys) => change('jiraTaskKeys', keys)}
          />
          {chosen && !chosen.jiraAvailable && (
            <small className="lv-hint">{t('errors:validation.jiraUnavailable')}</small>
          )}
          {error('jiraTaskKeys')}
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The Jira tasks of the log: picked from the synced issues of the project's Jira projects, by key
 * or words of the summary. Without a Jira connection the field is closed (keys a log already names
 * stay visible, and can be removed).
 */
function JiraTasksField({
  projectId,
  value,
  onChange,
}: {
  projectId: string | null;
  value: string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation('worklogs');
  const search = useJiraIssueSearch();
  const [suggestions, setSuggestions] = useState<JiraIssue[]>([]);
  const [summaries, setSummaries] = useState<Record<string, string>>({});
  return (
    <AutoComplete
      inputId="wl-jira"
      multiple
      value={value.map((key): JiraIssue => ({
        key,
        summary: summaries[key] ?? '',
        status: '',
        updatedAt: null,
      }))}
      suggestions={suggestions.filter((issue) => !value.includes(issue.key))}
      completeMethod={(event) => {
        if (!projectId) return setSuggestions([]);
        search(projectId, event.query.trim()).then(setSuggestions, () => setSuggestions([]));
      }}
      field="key"
      itemTemplate={(issue: JiraIssue) => (
        <span>
          <strong>{issue.key}</strong> {issue.summary} <small className="lv-hint">· {issue.status}</small>
        </span>
      )}
      selectedItemTemplate={(issue: JiraIssue) => <span title={issue.summary || undefined}>{issue.key}</span>}
      disabled={!projectId && value.length === 0}
      placeholder={value.length === 0 ? t('ui.jira.searchTasks') : undefined}
      emptyMessage={t('ui.jira.noTasks')}
      showEmptyMessage
      delay={250}
      onChange={(event) => {
        const items = (event.value ?? []) as Array<JiraIssue | string>;
        const picked = items.filter((item): item is JiraIssue => typeof item === 'object');
        setSummaries((known) => ({ ...known, ...Object.fromEntries(picked.map((i) => [i.key, i.summary])) }));
        onChange([...new Set(picked.map((item) => item.key))]);
      }}
      data-testid="wl-jira"
    />
  );
}
