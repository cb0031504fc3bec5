import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AUDIT_FREQUENCIES,
  type AuditCheckStatus,
  type AuditFrequency,
  type AuditRun,
} from '../../../shared/security-audits.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { usePagedTable } from '../../tables/use-paged-table.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { checkDescription, checkName } from './audit-text.ts';
import { securityAuditsApi } from './platform-settings.api.ts';
import { securityAuditKeys, useAuditChecks, useAuditRuns } from './platform-settings.queries.ts';

export const RESULT_SEVERITY = { SUCCEED: 'success', FAILED: 'danger' } as const;
const dateTime = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)}`;

/** AUDIT_SCHEDULE: the checks with their schedules, "Run now", and the run log. */
export function AuditScheduleSection() {
  const { t } = useTranslation(['platformSettings', 'errors']);
  const checks = useAuditChecks();
  const [editing, setEditing] = useState<AuditCheckStatus | null>(null);
  const runNow = useFormMutation({
    mutationFn: (check: AuditCheckStatus['check']) => securityAuditsApi.runNow(check),
    invalidate: [securityAuditKeys.all],
    success: (run: AuditRun) =>
      run.result === 'FAILED'
        ? t('audits.ranFailed', { error: run.error ?? '' })
        : t('audits.ran', { count: run.findingCount }),
    failure: 'toast',
  });
  return (
    <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
      <section className="settings-card" data-testid="audit-schedule-card">
        <h2>{t('audits.title')}</h2>
        <p>{t('audits.intro')}</p>
        {checks.isError && <Message severity="error" text={errorMessage(checks.error, t)} />}
        <DataTable
          value={checks.data?.items ?? []}
          loading={checks.isLoading}
          dataKey="check"
          size="small"
          cellMemo={false}
        >
          <Column
            header={t('audits.check')}
            body={(item: AuditCheckStatus) => (
              <span>
                <strong>{checkName(t, item.check)}</strong>
                <br />
                <small>{checkDescription(t, item.check)}</small>
              </span>
            )}
          />
          <Column
            header={t('audits.schedule')}
            body={(item: AuditCheckStatus) => (
              <span data-testid="audit-schedule">
                {!item.schedule
                  ? t('audits.notScheduled')
                  : item.schedule.active
                    ? `${t(`audits.frequencies.${item.schedule.frequency}`)} · ${t('audits.nextRun', {
                        date: formatDate(item.schedule.nextRunAt!),
                      })}`
                    : `${t(`audits.frequencies.${item.schedule.frequency}`)} · ${t('audits.paused')}`}
              </span>
            )}
          />
          <Column
            header={t('audits.lastRun')}
            body={(item: AuditCheckStatus) =>
              item.lastRun ? (
                <Link to={`/platform-settings/audit-runs/${item.lastRun.id}`} data-testid="audit-last-run">
                  <Tag
                    severity={RESULT_SEVERITY[item.lastRun.result]}
                    value={t('audits.lastRunValue', {
                      result: t(`audits.results.${item.lastRun.result}`),
                      count: item.lastRun.findingCount,
                    })}
                  />{' '}
                  {dateTime(item.lastRun.finishedAt)}
                </Link>
              ) : (
                t('audits.never')
              )
            }
          />
          <Column
            body={(item: AuditCheckStatus) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <Button
                  label={t('audits.schedule')}
                  text
                  size="small"
                  data-testid="audit-edit-schedule"
                  onClick={() => setEditing(item)}
                />
                <Button
                  label={t('audits.runNow')}
                  text
                  size="small"
                  data-testid="audit-run-now"
                  loading={runNow.submitting}
                  onClick={() => void runNow.submit(item.check)}
                />
              </span>
            )}
          />
        </DataTable>
      </section>
      <RunLog />
      {editing && <ScheduleDialog item={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function ScheduleDialog({ item, onClose }: { item: AuditCheckStatus; onClose: () => void }) {
  const { t } = useTranslation(['platformSettings', 'errors']);
  const form = useFormValues({
    frequency: (item.schedule?.frequency ?? 'WEEKLY') as AuditFrequency,
    active: item.schedule?.active ?? true,
  });
  const [removing, setRemoving] = useState(false);
  const run = useRunAction([securityAuditKeys.all]);
  const save = useFormMutation({
    mutationFn: (values: typeof form.values) => securityAuditsApi.saveSchedule(item.check, values),
    invalidate: [securityAuditKeys.all],
    success: t('audits.saved'),
    onSuccess: onClose,
  });
  return (
    <Dialog
      visible
      header={`${t('audits.schedule')}: ${checkName(t, item.check)}`}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(30rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          {item.schedule && (
            <Button
              type="button"
              label={t('audits.unschedule')}
              text
              severity="danger"
              onClick={() => setRemoving(true)}
            />
          )}
          <Button
            type="submit"
            form={form.formId}
            label={t('audits.save')}
            loading={save.submitting}
            data-testid="audit-schedule-save"
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="form-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save.submit(form.values);
        }}
      >
        {save.message && <Message severity="error" text={save.message} />}
        <label htmlFor="audit-frequency">{t('audits.frequency')}</label>
        <Dropdown
          inputId="audit-frequency"
          name="frequency"
          value={form.values.frequency}
          options={AUDIT_FREQUENCIES.map((value) => ({ value, label: t(`audits.frequencies.${value}`) }))}
          invalid={Boolean(save.fieldErrors.frequency)}
          onChange={(event) => (
            form.set('frequency', event.value as AuditFrequency),
            save.clear('frequency')
          )}
        />
        {save.fieldErrors.frequency && <small className="field-error">{save.fieldErrors.frequency}</small>}
        <div style={{ display: 'flex', gap: '.5rem', alignItems: 'center' }}>
          <Checkbox
            inputId="audit-active"
            name="active"
            checked={form.values.active}
            onChange={(event) => form.set('active', Boolean(event.checked))}
          />
          <label htmlFor="audit-active">{t('audits.active')}</label>
        </div>
      </form>
      <ConfirmAction
        visible={removing}
        title={t('audits.unschedule')}
        message={checkName(t, item.check)}
        action={t('audits.unschedule')}
        onCancel={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false);
          void run(() => securityAuditsApi.removeSchedule(item.check), t('audits.unscheduled')).then(
            (done) => done && onClose(),
          );
        }}
      />
    </Dialog>
  );
}

function RunLog() {
  const { t } = useTranslation(['platformSettings', 'errors']);
  const table = usePagedTable({ prefix: 'runs', pageSizes: [10, 20, 50], defaultPerPage: 10 });
  const runs = useAuditRuns({ page: table.query.page, perPage: table.query.perPage });
  return (
    <section className="settings-card" data-testid="audit-run-log">
      <h2>{t('audits.runsTitle')}</h2>
      {runs.isError && <Message severity="error" text={errorMessage(runs.error, t)} />}
      <DataTable
        {...table.tableProps(runs.data, runs.isFetching)}
        emptyMessage={t('audits.noRuns')}
        size="small"
      >
        <Column header={t('audits.startedAt')} body={(run: AuditRun) => dateTime(run.startedAt)} />
        <Column header={t('audits.check')} body={(run: AuditRun) => checkName(t, run.check)} />
        <Column header={t('audits.trigger')} body={(run: AuditRun) => t(`audits.triggers.${run.trigger}`)} />
        <Column
          header={t('audits.result')}
          body={(run: AuditRun) => (
            <Tag severity={RESULT_SEVERITY[run.result]} value={t(`audits.results.${run.result}`)} />
          )}
        />
        <Column header={t('audits.findings')} field="findingCount" />
        <Column
          body={(run: AuditRun) => (
            <Link to={`/platform-settings/audit-runs/${run.id}`} data-testid="audit-open-run">
              {t('audits.open')}
            </Link>
          )}
        />
      </DataTable>
    </section>
  );
}
