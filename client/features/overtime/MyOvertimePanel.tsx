import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtRequest } from '../../../shared/overtime.schemas.ts';
import { overtimeMinutes } from '../../../shared/rules/overtime.ts';
import { useSession } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { statusSeverity } from '../leave/leave-format.ts';
import {
  fromPickerDate,
  PICKER_FORMAT,
  showDate,
  toPickerDate,
  typedPickerDate,
} from '../projects/project-dates.ts';
import { usePersonProjects } from '../projects/projects.queries.ts';
import { RemainingMeter } from './RemainingMeter.tsx';
import {
  overtimeApi,
  overtimeKeys,
  useMyOvertime,
  useOvertimeApprovers,
  useRegulations,
} from './overtime.queries.ts';

/** Times in half-hour steps, for the start and end pickers. */
const TIMES = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
const today = () => new Date().toISOString().slice(0, 10);

/** One's overtime: what is left today, this month and this year, the requests and the form. */
export function MyOvertimePanel() {
  const { t } = useTranslation('overtime');
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const requests = useMyOvertime(page);
  const [editing, setEditing] = useState<OtRequest | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OtRequest | null>(null);
  const run = useRunAction([overtimeKeys.all]);
  return (
    <div className="lv-page">
      <div className="lv-bar">
        <h3>{t('ui.remainingToday')}</h3>
        <Button
          label={t('ui.newRequest')}
          icon="pi pi-plus"
          onClick={() => setEditing('new')}
          data-testid="ot-new"
        />
      </div>
      <RemainingMeter date={today()} />
      <DataTable
        value={requests.data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={requests.data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noRequests')}
        cellMemo={false}
        dataKey="id"
        data-testid="ot-mine"
      >
        <Column header={t('ui.columns.date')} body={(r: OtRequest) => showDate(r.workDate)} />
        <Column header={t('ui.columns.time')} body={(r: OtRequest) => `${r.startTime}–${r.endTime}`} />
        <Column header={t('ui.columns.hours')} body={(r: OtRequest) => r.duration} />
        <Column header={t('ui.columns.project')} body={(r: OtRequest) => r.project?.name ?? ''} />
        <Column
          header={t('ui.columns.status')}
          body={(r: OtRequest) => (
            <Tag
              value={t(`leave:status.${r.status}`)}
              severity={statusSeverity(r.status)}
              data-testid="ot-status"
            />
          )}
        />
        <Column
          body={(r: OtRequest) => (
            <div className="lv-row-actions">
              {r.abilities.edit && (
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('ui.edit')}
                  onClick={() => setEditing(r)}
                />
              )}
              {r.abilities.delete && (
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('ui.delete')}
                  onClick={() => setDeleting(r)}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      {editing && (
        <OvertimeDialog request={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmAction
        visible={deleting !== null}
        title={t('ui.deleteTitle')}
        message={
          deleting ? `${showDate(deleting.workDate)} ${deleting.startTime}–${deleting.endTime}` : undefined
        }
        action={t('ui.deleteRequest')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const request = deleting!;
          setDeleting(null);
          void run(() => overtimeApi.remove(request.id), t('ui.deleted'));
        }}
      />
    </div>
  );
}

/** Request overtime (or change a waiting request), with the live day / month / year meter. */
function OvertimeDialog({ request, onClose }: { request: OtRequest | null; onClose: () => void }) {
  const { t } = useTranslation(['overtime', 'errors']);
  const session = useSession();
  const regulations = useRegulations();
  const [search, setSearch] = useState('');
  const approvers = useOvertimeApprovers(search);
  const projects = usePersonProjects(session?.user.id ?? '', Boolean(session?.user.id));
  const form = useFormValues(
    {
      workDate: request?.workDate ?? null,
      startTime: request?.startTime ?? '18:00',
      endTime: request?.endTime ?? '20:00',
      projectId: request?.project?.id ?? '',
      reason: request?.reason ?? '',
      approverIds: request?.approvers.map((a) => a.approverId) ?? ([] as string[]),
    },
    { parse: { workDate: typedPickerDate } },
  );
  const save = useFormMutation({
    mutationFn: (input: Parameters<typeof overtimeApi.create>[0]) =>
      request
        ? overtimeApi.update(request.id, { ...input, version: request.version })
        : overtimeApi.create(input),
    invalidate: [overtimeKeys.all],
    success: t('ui.sent'),
    onSuccess: onClose,
  });
  const { values, set } = form;
  const errors = save.fieldErrors;
  const hours = overtimeMinutes({ ...values, workDate: values.workDate ?? '' }) / 60;
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
  const people = approvers.data?.items ?? [];
  const chosen =
    request?.approvers.map((a) => ({
      id: a.approverId,
      firstName: a.firstName,
      lastName: a.lastName,
      email: '',
    })) ?? [];
  const options = [...people, ...chosen.filter((c) => !people.some((p) => p.id === c.id))].map((p) => ({
    value: p.id,
    label: `${p.firstName} ${p.lastName}`.trim() + (p.email ? ` <${p.email}>` : ''),
  }));
  const projectOptions = [
    { value: '', label: t('ui.noProject') },
    ...(projects.data?.items ?? [])
      .filter((m) => m.status === 'ACTIVE' && m.project.status === 'ACTIVE')
      .map((m) => ({ value: m.project.id, label: m.project.name })),
  ];

  return (
    <Dialog
      visible
      header={request ? t('ui.editTitle') : t('ui.newTitle')}
      onHide={onClose}
      closeOnEscape={!form.dirty}
      className="form-dialog"
      style={{ width: 'min(40rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('ui.send')}
            icon="pi pi-send"
            loading={save.submitting}
            data-testid="ot-submit"
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
          if (values.approverIds.length === 0) problems.approverIds = t('errors:validation.required');
          if (Object.keys(problems).length) return save.setProblems(problems);
          void save.submit({
            ...values,
            workDate: values.workDate!,
            reason: values.reason.trim(),
            projectId: values.projectId || null,
          });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        {regulations.data?.content && (
          <p className="lv-hint lv-wide" style={{ whiteSpace: 'pre-wrap' }}>
            {regulations.data.content}
          </p>
        )}
        <div className="lv-field">
          <label htmlFor="ot-date">{t('errors:fields.workDate')}</label>
          <Calendar
            inputId="ot-date"
            name="workDate"
            value={toPickerDate(values.workDate)}
            dateFormat={PICKER_FORMAT}
            showIcon
            onChange={(e) => change('workDate', fromPickerDate(e.value as Date | null))}
          />
          {error('workDate')}
        </div>
        <div className="lv-field">
          <label htmlFor="ot-start">{t('errors:fields.startTime')}</label>
          <Dropdown
            inputId="ot-start"
            value={values.startTime}
            options={TIMES}
            onChange={(e) => change('startTime', e.value as string)}
          />
          {error('startTime')}
        </div>
        <div className="lv-field">
          <label htmlFor="ot-end">{t('errors:fields.endTime')}</label>
          <Dropdown
            inputId="ot-end"
            value={values.endTime}
            options={TIMES}
            onChange={(e) => change('endTime', e.value as string)}
          />
          {error('endTime')}
        </div>
        <div className="lv-wide">
          <span className="lv-duration" data-testid="ot-duration">
            {t('ui.hours', { count: hours })}
          </span>
          {values.endTime <= values.startTime && <span className="lv-hint"> · {t('ui.nextDay')}</span>}
        </div>
        <RemainingMeter date={values.workDate} asking={hours} excludeId={request?.id} />
        {projectOptions.length > 1 && (
          <div className="lv-field lv-wide">
            <label htmlFor="ot-project">{t('errors:fields.projectId')}</label>
            <Dropdown
              inputId="ot-project"
              value={values.projectId}
              options={projectOptions}
              onChange={(e) => change('projectId', e.value as string)}
            />
            {error('projectId')}
          </div>
        )}
        <div className="lv-field lv-wide">
          <label htmlFor="ot-approvers">{t('errors:fields.approverIds')}</label>
          <MultiSelect
            inputId="ot-approvers"
            value={values.approverIds}
            options={options}
            filter
            onFilter={(e) => setSearch(e.filter)}
            display="chip"
            onChange={(e) => change('approverIds', e.value as string[])}
            data-testid="ot-approvers"
          />
          {error('approverIds')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="ot-reason">{t('errors:fields.reason')}</label>
          <InputTextarea
            id="ot-reason"
            name="reason"
            rows={2}
            autoResize
            maxLength={1000}
            value={values.reason}
            onChange={(e) => change('reason', e.target.value)}
          />
        </div>
      </form>
    </Dialog>
  );
}
