import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, mondayOf } from '../../../shared/rules/periods.ts';
import type { WorkWeek } from '../../../shared/worklogs.schemas.ts';
import { ApiError } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { showDate } from '../projects/project-dates.ts';
import {
  useLoggableProjects,
  useWeekLoader,
  useWorkWeek,
  workLogKeys,
  workLogsApi,
} from './worklogs.queries.ts';

/**
 * The week grid: one row per project and description, a cell per day, the day totals below. Saving
 * sends the whole grid (PUT /work-logs/week): the week's logs become its filled cells, or nothing
 * changes and every failing cell says why. Days after today and locked days cannot be typed into.
 */

interface GridRow {
  projectId: string;
  description: string;
  jiraTaskKeys: string[];
  /** Hours as typed, per day. */
  hours: Record<string, string>;
}

const today = () => new Date().toISOString().slice(0, 10);
const parseHours = (text: string) => (text.trim() === '' ? 0 : Number(text.trim().replace(',', '.')));
const emptyRow = (): GridRow => ({ projectId: '', description: '', jiraTaskKeys: [], hours: {} });

/** The saved week as grid rows: its logs grouped by project and description. */
export function rowsOf(week: WorkWeek, shiftDays = 0): GridRow[] {
  const rows = new Map<string, GridRow>();
  for (const log of week.logs) {
    const key = `${log.project.id}\u0000${log.description.trim().toLowerCase()}`;
    const row = rows.get(key) ?? {
      projectId: log.project.id,
      description: log.description,
      jiraTaskKeys: log.jiraTaskKeys,
      hours: {},
    };
    const day = addDays(log.workDate, shiftDays);
    row.hours[day] = String(parseHours(row.hours[day] ?? '') + log.hours);
    rows.set(key, row);
  }
  return [...rows.values()];
}

export function WeekGrid() {
  const { t } = useTranslation(['worklogs', 'errors']);
  const [start, setStart] = useState(() => mondayOf(today()));
  const week = useWorkWeek(start);
  const projects = useLoggableProjects();
  const loadWeek = useWeekLoader();
  const form = useFormValues({ rows: [] as GridRow[] });
  const { values, set, reset, dirty } = form;
  const guard = useUnsavedChanges(dirty);
  const save = useFormMutation({
    mutationFn: (rows: GridRow[]) =>
      workLogsApi.saveWeek({
        start,
        rows: rows.map((row) => ({
          projectId: row.projectId,
          description: row.description.trim(),
          ...(row.jiraTaskKeys.length > 0 && { jiraTaskKeys: row.jiraTaskKeys }),
          hours: Object.fromEntries(
            Object.entries(row.hours)
              .filter(([, text]) => text.trim() !== '')
              .map(([day, text]) => [day, parseHours(text)]),
          ),
        })),
      }),
    invalidate: [workLogKeys.all],
    success: t('ui.weekSaved'),
    onSuccess: (saved) => reset({ rows: rowsOf(saved) }),
  });

  // A loaded (or reloaded) week replaces the grid unless the person has typed into it.
  const loaded = week.data;
  useEffect(() => {
    if (loaded && !dirty) reset({ rows: rowsOf(loaded) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(start, i)), [start]);
  const info = new Map((loaded?.days ?? []).map((d) => [d.date, d]));
  const locked = (projectId: string, day: string) => {
    const ids = info.get(day)?.lockedProjectIds ?? [];
    return ids.includes('*') || (projectId !== '' && ids.includes(projectId));
  };
  const future = (day: string) => day > today();
  const cellErrors = new Map<string, string>();
  const otherErrors: string[] = [];
  if (save.error instanceof ApiError)
    for (const problem of save.error.fieldErrors) {
      if (problem.field.startsWith('rows.') && problem.field.split('.').length >= 3)
        cellErrors.set(problem.field, problem.message);
      else otherErrors.push(problem.message);
    }
  const typedProblems = values.rows.flatMap((row, index) =>
    Object.entries(row.hours)
      .filter(([, text]) => Number.isNaN(parseHours(text)))
      .map(([day]) => `rows.${index}.hours.${day}`),
  );
  const dayTotal = (day: string) =>
    values.rows.reduce((sum, row) => sum + (parseHours(row.hours[day] ?? '') || 0), 0);
  const rowTotal = (row: GridRow) =>
    Object.values(row.hours).reduce((sum, text) => sum + (parseHours(text) || 0), 0);
  const weekTotal = days.reduce((sum, day) => sum + dayTotal(day), 0);
  const projectOptions = (projects.data?.items ?? []).map((p) => ({
    value: p.id,
    label: `${p.name} · ${p.clientName}`,
  }));
  // A project the grid holds but the person can no longer pick (they left it) still shows its name.
  for (const log of loaded?.logs ?? [])
    if (!projectOptions.some((o) => o.value === log.project.id))
      projectOptions.push({ value: log.project.id, label: log.project.name });

  const changeRow = (index: number, patch: Partial<GridRow>) => {
    set(
      'rows',
      values.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
    save.clear();
  };
  const [leaving, setLeaving] = useState<string | null>(null);
  const show = (next: string) => {
    setStart(next);
    reset({ rows: [] });
    save.clear();
  };
  // Another week replaces the grid: typed hours are not dropped without asking.
  const goTo = (next: string) => (dirty ? setLeaving(next) : show(next));
  const copyLastWeek = async () => {
    const previous = await loadWeek(addDays(start, -7));
    const copied = rowsOf(previous, 7).map((row) => ({
      ...row,
      hours: Object.fromEntries(
        Object.entries(row.hours).filter(([day]) => !future(day) && !locked(row.projectId, day)),
      ),
    }));
    if (copied.length === 0) return save.setProblems({ rows: t('ui.nothingToCopy') });
    set('rows', copied);
  };

  return (
    <form
      id={form.formId}
      className="lv-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const missing = values.rows.some((row) => !row.projectId || !row.description.trim());
        if (typedProblems.length > 0) return save.setProblems({ rows: t('errors:validation.number') });
        if (missing) return save.setProblems({ rows: t('ui.rowIncomplete') });
        void save.submit(values.rows);
      }}
      data-testid="wl-week"
    >
      {guard.prompt}
      <div className="lv-bar">
        <div className="lv-row-actions" style={{ alignItems: 'center' }}>
          <Button
            type="button"
            icon="pi pi-chevron-left"
            text
            rounded
            aria-label={t('ui.previousWeek')}
            onClick={() => goTo(addDays(start, -7))}
            data-testid="wl-prev-week"
          />
          <strong data-testid="wl-week-range">
            {showDate(start)} – {showDate(addDays(start, 6))}
          </strong>
          <Button
            type="button"
            icon="pi pi-chevron-right"
            text
            rounded
            aria-label={t('ui.nextWeek')}
            onClick={() => goTo(addDays(start, 7))}
            disabled={addDays(start, 7) > today()}
          />
        </div>
        <div className="lv-row-actions">
          <Button
            type="button"
            label={t('ui.copyLastWeek')}
            icon="pi pi-copy"
            outlined
            size="small"
            onClick={() => void copyLastWeek()}
            data-testid="wl-copy-week"
          />
          <Button
            type="submit"
            label={t('ui.saveWeek')}
            icon="pi pi-check"
            size="small"
            loading={save.submitting}
            data-testid="wl-save-week"
          />
        </div>
      </div>
      {(save.message || save.fieldErrors.rows || otherErrors.length > 0) && (
        <div className="lv-error" role="alert" data-testid="wl-week-error">
          {[save.message, save.fieldErrors.rows, ...otherErrors].filter(Boolean).join(' · ')}
        </div>
      )}
      <div className="lv-report-wrap wl-grid">
        <table>
          <thead>
            <tr>
              <th className="wl-label">{t('errors:fields.projectId')}</th>
              <th className="wl-label">{t('errors:fields.description')}</th>
              {days.map((day) => (
                <th key={day} className={future(day) ? 'wl-future' : undefined}>
                  {t(`ui.weekday.${(days.indexOf(day) + 1) % 7}`)}
                  <br />
                  <span className="lv-hint">{showDate(day).slice(5)}</span>
                </th>
              ))}
              <th>{t('report.total')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {values.rows.map((row, index) => (
              <tr key={index} data-testid="wl-row">
                <td className="wl-label">
                  <Dropdown
                    value={row.projectId}
                    options={projectOptions}
                    placeholder={t('ui.chooseProject')}
                    onChange={(e) => changeRow(index, { projectId: e.value as string })}
                    aria-label={t('errors:fields.projectId')}
                    data-testid="wl-row-project"
                    filter={projectOptions.length > 8}
                  />
                </td>
                <td className="wl-label">
                  <InputText
                    name={`rows.${index}.description`}
                    value={row.description}
                    maxLength={2000}
                    onChange={(e) => changeRow(index, { description: e.target.value })}
                    aria-label={t('errors:fields.description')}
                    data-testid="wl-row-description"
                  />
                </td>
                {days.map((day) => {
                  const field = `rows.${index}.hours.${day}`;
                  const problem = cellErrors.get(field);
                  const closed = future(day) || locked(row.projectId, day);
                  return (
                    <td key={day}>
                      <InputText
                        name={field}
                        value={row.hours[day] ?? ''}
                        inputMode="decimal"
                        className={`wl-cell${problem || typedProblems.includes(field) ? ' p-invalid' : ''}`}
                        disabled={closed}
                        title={problem ?? (locked(row.projectId, day) ? t('ui.lockedDay') : undefined)}
                        aria-label={`${t('errors:fields.hours')} ${showDate(day)}`}
                        onChange={(e) => changeRow(index, { hours: { ...row.hours, [day]: e.target.value } })}
                        data-testid={`wl-cell-${day}`}
                      />
                      {problem && (
                        <small className="lv-error wl-cell-error" role="alert">
                          {problem}
                        </small>
                      )}
                    </td>
                  );
                })}
                <td data-testid="wl-row-total">{rowTotal(row)}</td>
                <td>
                  <Button
                    type="button"
                    icon="pi pi-times"
                    text
                    rounded
                    severity="secondary"
                    aria-label={t('ui.removeRow')}
                    onClick={() =>
                      set(
                        'rows',
                        values.rows.filter((_, i) => i !== index),
                      )
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2} className="wl-label">
                <Button
                  type="button"
                  label={t('ui.addRow')}
                  icon="pi pi-plus"
                  text
                  size="small"
                  onClick={() => set('rows', [...values.rows, emptyRow()])}
                  data-testid="wl-add-row"
                />
              </td>
              {days.map((day) => (
                <td
                  key={day}
                  data-testid={`wl-day-total-${day}`}
                  className={dayTotal(day) > 24 ? 'lv-error' : undefined}
                >
                  {dayTotal(day)}
                </td>
              ))}
              <td data-testid="wl-week-total">{weekTotal}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {values.rows.length === 0 && <p className="lv-hint">{t('ui.emptyWeek')}</p>}
      <ConfirmAction
        visible={leaving !== null}
        title={t('ui.discardWeek')}
        action={t('ui.discardChanges')}
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          const next = leaving!;
          setLeaving(null);
          show(next);
        }}
      />
    </form>
  );
}
