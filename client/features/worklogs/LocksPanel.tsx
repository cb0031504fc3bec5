import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkLogLock } from '../../../shared/worklogs.schemas.ts';
import { useSession } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useProjectOptions } from '../projects/projects.queries.ts';
import {
  fromPickerDate,
  PICKER_FORMAT,
  showDate,
  toPickerDate,
  typedPickerDate,
} from '../projects/project-dates.ts';
import { useWorkLogLocks, workLogKeys, workLogsApi } from './worklogs.queries.ts';

/** Period locks: lock a period of a project (or every project), see who locked what, lift a lock. */
export function LocksPanel() {
  const { t } = useTranslation('worklogs');
  const [page, setPage] = useState({ page: 1, perPage: 20 });
  const [includeLifted, setIncludeLifted] = useState(false);
  const locks = useWorkLogLocks({ ...page, includeLifted });
  const [creating, setCreating] = useState(false);
  const [lifting, setLifting] = useState<WorkLogLock | null>(null);
  const run = useRunAction([workLogKeys.all]);
  return (
    <div className="lv-page">
      <div className="lv-bar">
        <label className="lv-row-actions" style={{ alignItems: 'center' }}>
          <Checkbox checked={includeLifted} onChange={(e) => setIncludeLifted(Boolean(e.checked))} />
          <span>{t('ui.showLifted')}</span>
        </label>
        <Button
          label={t('ui.newLock')}
          icon="pi pi-lock"
          onClick={() => setCreating(true)}
          data-testid="wl-new-lock"
        />
      </div>
      <DataTable
        value={locks.data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={locks.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noLocks')}
        cellMemo={false}
        dataKey="id"
        data-testid="wl-locks"
      >
        <Column
          header={t('report.group.project')}
          body={(l: WorkLogLock) => l.project?.name ?? t('ui.allProjects')}
        />
        <Column
          header={t('ui.period')}
          body={(l: WorkLogLock) => `${showDate(l.startsOn)} – ${showDate(l.endsOn)}`}
        />
        <Column header={t('ui.columns.note')} body={(l: WorkLogLock) => l.note ?? ''} />
        <Column header={t('ui.lockedBy')} body={(l: WorkLogLock) => l.lockedBy ?? ''} />
        <Column
          header={t('ui.columns.status')}
          body={(l: WorkLogLock) =>
            l.liftedAt ? t('ui.liftedBy', { name: l.liftedBy ?? '' }) : t('ui.inForce')
          }
        />
        <Column
          body={(l: WorkLogLock) =>
            l.abilities.lift && (
              <Button
                label={t('ui.lift')}
                icon="pi pi-lock-open"
                text
                size="small"
                onClick={() => setLifting(l)}
                data-testid="wl-lift"
              />
            )
          }
        />
      </DataTable>
      {creating && <LockDialog onClose={() => setCreating(false)} />}
      <ConfirmAction
        visible={lifting !== null}
        title={t('ui.liftTitle')}
        message={
          lifting
            ? `${lifting.project?.name ?? t('ui.allProjects')} · ${showDate(lifting.startsOn)} – ${showDate(lifting.endsOn)}`
            : undefined
        }
        action={t('ui.liftLock')}
        severity="warning"
        onCancel={() => setLifting(null)}
        onConfirm={() => {
          const lock = lifting!;
          setLifting(null);
          void run(() => workLogsApi.lift(lock.id), t('ui.lifted'));
        }}
      />
    </div>
  );
}

function LockDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['worklogs', 'errors']);
  const session = useSession();
  // Company-wide managers lock any project or all of them; a project's manager, their projects.
  const everywhere = session?.permissions.includes('worklogs.manage') ?? false;
  const managed = (projectId: string) =>
    everywhere || (session?.projectPermissions[projectId] ?? []).includes('worklogs.manage');
  const projects = useProjectOptions();
  const form = useFormValues(
    { projectId: '', startsOn: null as string | null, endsOn: null as string | null, note: '' },
    { parse: { startsOn: typedPickerDate, endsOn: typedPickerDate } },
  );
  const save = useFormMutation({
    mutationFn: workLogsApi.lock,
    invalidate: [workLogKeys.all],
    success: t('ui.lockedDone'),
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
  const options = [
    ...(everywhere ? [{ value: '', label: t('ui.allProjects') }] : []),
    ...(projects.data?.items ?? []).filter((p) => managed(p.id)).map((p) => ({ value: p.id, label: p.name })),
  ];
  return (
    <Dialog
      visible
      header={t('ui.newLock')}
      onHide={onClose}
      closeOnEscape={!form.dirty}
      className="form-dialog"
      style={{ width: 'min(32rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('ui.lockPeriod')}
            icon="pi pi-lock"
            loading={save.submitting}
            data-testid="wl-lock-submit"
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
          if (!values.startsOn) problems.startsOn = t('errors:validation.required');
          if (!values.endsOn) problems.endsOn = t('errors:validation.required');
          if (!everywhere && !values.projectId) problems.projectId = t('errors:validation.required');
          if (Object.keys(problems).length) return save.setProblems(problems);
          void save.submit({
            projectId: values.projectId || null,
            startsOn: values.startsOn!,
            endsOn: values.endsOn!,
            note: values.note.trim() || null,
          });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-field lv-wide">
          <label htmlFor="wl-lock-project">{t('errors:fields.projectId')}</label>
          <Dropdown
            inputId="wl-lock-project"
            value={values.projectId}
            options={options}
            filter={options.length > 8}
            placeholder={t('ui.chooseProject')}
            onChange={(e) => change('projectId', e.value as string)}
            data-testid="wl-lock-project"
          />
          {error('projectId')}
        </div>
        <div className="lv-field">
          <label htmlFor="wl-lock-from">{t('errors:fields.startsOn')}</label>
          <Calendar
            inputId="wl-lock-from"
            name="startsOn"
            value={toPickerDate(values.startsOn)}
            dateFormat={PICKER_FORMAT}
            showIcon
            onChange={(e) => change('startsOn', fromPickerDate(e.value as Date | null))}
          />
          {error('startsOn')}
        </div>
        <div className="lv-field">
          <label htmlFor="wl-lock-to">{t('errors:fields.endsOn')}</label>
          <Calendar
            inputId="wl-lock-to"
            name="endsOn"
            value={toPickerDate(values.endsOn)}
            dateFormat={PICKER_FORMAT}
            showIcon
            onChange={(e) => change('endsOn', fromPickerDate(e.value as Date | null))}
          />
          {error('endsOn')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="wl-lock-note">{t('errors:fields.note')}</label>
          <InputTextarea
            id="wl-lock-note"
            name="note"
            rows={2}
            autoResize
            maxLength={1000}
            value={values.note}
            onChange={(e) => change('note', e.target.value)}
          />
        </div>
      </form>
    </Dialog>
  );
}
