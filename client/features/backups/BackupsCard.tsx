import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BACKUP_DESTINATIONS,
  BACKUP_FREQUENCIES,
  DRIVE_SHARE_ROLES,
  type BackupConfiguration,
  type BackupConfigurationBody,
  type BackupLog,
} from '../../../shared/backups.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { backupsApi } from './backups.api.ts';
import { backupKeys, useBackupConfigurations, useBackupLogs } from './backups.queries.ts';

const STATUS_SEVERITY = { QUEUED: 'info', RUNNING: 'info', SUCCEED: 'success', FAILED: 'danger' } as const;

const megabytes = (bytes: number | null) => (bytes === null ? '' : `${(bytes / 1048576).toFixed(2)} MB`);
const seconds = (ms: number | null) => (ms === null ? '' : `${(ms / 1000).toFixed(1)} s`);

/** Platform settings, BACKUP: the backup configurations, their runs, and the actions on them. */
export function BackupsCard() {
  const { t } = useTranslation(['backups', 'errors']);
  const list = useBackupConfigurations();
  const run = useRunAction([backupKeys.all]);
  const [editing, setEditing] = useState<BackupConfiguration | 'new' | null>(null);
  const [removing, setRemoving] = useState<BackupConfiguration | null>(null);
  const [logsOf, setLogsOf] = useState<BackupConfiguration | null>(null);
  return (
    <section className="settings-card" data-testid="backups-card" id="backups">
      <h2>{t('title')}</h2>
      <p>{t('description')}</p>
      <div className="profile-actions" style={{ marginTop: 0 }}>
        <Button
          label={t('add')}
          icon="pi pi-plus"
          onClick={() => setEditing('new')}
          data-testid="backup-add"
        />
      </div>
      {list.isError && <Message severity="error" text={errorMessage(list.error, t)} />}
      <DataTable
        value={list.data?.items ?? []}
        loading={list.isLoading}
        dataKey="id"
        emptyMessage={t('empty')}
        size="small"
      >
        <Column header={t('columns.name')} field="name" />
        <Column
          header={t('columns.destination')}
          body={(b: BackupConfiguration) => t(`destinations.${b.destination}`)}
        />
        <Column header={t('columns.url')} body={(b: BackupConfiguration) => b.url} />
        <Column
          header={t('columns.frequency')}
          body={(b: BackupConfiguration) => t(`frequencies.${b.frequency}`)}
        />
        <Column header={t('columns.retention')} field="retention" />
        <Column
          header={t('columns.active')}
          body={(b: BackupConfiguration) => (
            <Tag
              severity={b.active ? 'success' : 'secondary'}
              value={t(b.active ? 'actions.activate' : 'actions.deactivate')}
            />
          )}
        />
        <Column header={t('columns.note')} body={(b: BackupConfiguration) => b.note ?? ''} />
        <Column
          header={t('columns.lastRun')}
          body={(b: BackupConfiguration) =>
            b.lastLog && (
              <span data-testid="backup-last-status">
                <Tag severity={STATUS_SEVERITY[b.lastLog.status]} value={t(`statuses.${b.lastLog.status}`)} />{' '}
                {formatDate(b.lastLog.createdAt.slice(0, 10))}
              </span>
            )
          }
        />
        <Column
          header={t('columns.actions')}
          body={(b: BackupConfiguration) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <Button
                label={t('actions.runNow')}
                text
                size="small"
                data-testid="backup-run"
                onClick={() => void run(() => backupsApi.runNow(b.id), t('queued'))}
              />
              <Button
                label={t('actions.logs')}
                text
                size="small"
                data-testid="backup-logs"
                onClick={() => setLogsOf(b)}
              />
              <Button label={t('edit')} text size="small" onClick={() => setEditing(b)} />
              <Button
                label={t(b.active ? 'actions.deactivate' : 'actions.activate')}
                text
                size="small"
                onClick={() => void run(() => backupsApi.setActive(b.id, !b.active), t('saved'))}
              />
              <Button
                label={t('actions.remove')}
                text
                size="small"
                severity="danger"
                onClick={() => setRemoving(b)}
              />
            </span>
          )}
        />
      </DataTable>
      {editing && (
        <BackupDialog configuration={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {logsOf && <LogsDialog configuration={logsOf} onClose={() => setLogsOf(null)} />}
      <ConfirmAction
        visible={removing !== null}
        title={t('actions.remove')}
        message={removing ? t('confirmRemove', { name: removing.name }) : undefined}
        action={t('actions.remove')}
        severity="danger"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing!;
          setRemoving(null);
          void run(() => backupsApi.remove(target.id), t('removed'));
        }}
      />
    </section>
  );
}

function BackupDialog({
  configuration,
  onClose,
}: {
  configuration: BackupConfiguration | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['backups', 'errors']);
  const form = useFormValues({
    name: configuration?.name ?? '',
    destination: configuration?.destination ?? ('LOCAL' as BackupConfiguration['destination']),
    url: configuration?.url ?? '',
    endpoint: configuration?.endpoint ?? '',
    region: configuration?.region ?? '',
    accessKeyId: '',
    secretAccessKey: '',
    serviceAccountJson: '',
    clientId: '',
    clientSecret: '',
    refreshToken: '',
    shareEmails: (configuration?.shareEmails ?? []).join(', '),
    shareRole: configuration?.shareRole ?? null,
    note: configuration?.note ?? '',
    frequency: configuration?.frequency ?? ('DAILY' as BackupConfiguration['frequency']),
    retention: configuration?.retention ?? 7,
  });
  const save = useFormMutation({
    mutationFn: (body: BackupConfigurationBody) =>
      configuration ? backupsApi.update(configuration.id, body) : backupsApi.create(body),
    invalidate: [backupKeys.all],
    success: t('saved'),
    onSuccess: onClose,
  });
  const { values, set } = form;
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => (
    set(field, value),
    save.clear(field as string)
  );
  const error = (field: string) =>
    save.fieldErrors[field] && (
      <small className="lv-error" role="alert">
        {save.fieldErrors[field]}
      </small>
    );
  const text = (field: keyof typeof values, label: string, type = 'text') => (
    <div className="lv-field lv-wide">
      <label htmlFor={`backup-${field}`}>{label}</label>
      <InputText
        id={`backup-${field}`}
        type={type}
        autoComplete="off"
        value={String(values[field] ?? '')}
        onChange={(e) => change(field, e.target.value as never)}
      />
      {error(field)}
    </div>
  );
  const credentials = Object.fromEntries(
    (
      [
        'accessKeyId',
        'secretAccessKey',
        'serviceAccountJson',
        'clientId',
        'clientSecret',
        'refreshToken',
      ] as const
    )
      .filter((field) => values[field].trim())
      .map((field) => [field, values[field].trim()]),
  );
  return (
    <Dialog
      visible
      header={configuration ? t('edit') : t('add')}
      onHide={onClose}
      closeOnEscape={!form.dirty}
      className="form-dialog"
      style={{ width: 'min(40rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('form.cancel')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('form.save')}
            loading={save.submitting}
            data-testid="backup-save"
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
          void save.submit({
            name: values.name,
            destination: values.destination,
            url: values.url.trim(),
            endpoint: values.endpoint.trim() || null,
            region: values.region.trim() || null,
            ...(Object.keys(credentials).length > 0 && { credentials }),
            shareEmails: values.shareEmails
              .split(',')
              .map((email) => email.trim())
              .filter(Boolean),
            shareRole: values.destination === 'GOOGLE_DRIVE' ? values.shareRole : null,
            note: values.note.trim() || null,
            frequency: values.frequency,
            retention: values.retention,
          });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        {text('name', t('form.name'))}
        <div className="lv-field">
          <label htmlFor="backup-destination">{t('form.destination')}</label>
          <Dropdown
            inputId="backup-destination"
            value={values.destination}
            options={BACKUP_DESTINATIONS.map((value) => ({ value, label: t(`destinations.${value}`) }))}
            onChange={(e) => change('destination', e.value)}
          />
        </div>
        <div className="lv-field">
          <label htmlFor="backup-frequency">{t('form.frequency')}</label>
          <Dropdown
            inputId="backup-frequency"
            value={values.frequency}
            options={BACKUP_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }))}
            onChange={(e) => change('frequency', e.value)}
          />
          {error('frequency')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="backup-url">{t('form.url')}</label>
          <InputText id="backup-url" value={values.url} onChange={(e) => change('url', e.target.value)} />
          <small>{t('form.urlHint')}</small>
          {error('url')}
        </div>
        {values.destination !== 'LOCAL' && (
          <>
            <div className="lv-field lv-wide">
              <label htmlFor="backup-endpoint">{t('form.endpoint')}</label>
              <InputText
                id="backup-endpoint"
                value={values.endpoint}
                onChange={(e) => change('endpoint', e.target.value)}
              />
              <small>{t('form.endpointHint')}</small>
              {error('endpoint')}
            </div>
            {configuration?.hasCredentials && <p className="lv-wide">{t('form.credentialsKept')}</p>}
            {error('credentials')}
          </>
        )}
        {values.destination === 'S3' && (
          <>
            {text('region', t('form.region'))}
            {text('accessKeyId', t('form.accessKeyId'))}
            {text('secretAccessKey', t('form.secretAccessKey'), 'password')}
          </>
        )}
        {values.destination === 'GOOGLE_DRIVE' && (
          <>
            <div className="lv-field lv-wide">
              <label htmlFor="backup-serviceAccountJson">{t('form.serviceAccountJson')}</label>
              <InputTextarea
                id="backup-serviceAccountJson"
                rows={3}
                value={values.serviceAccountJson}
                onChange={(e) => change('serviceAccountJson', e.target.value)}
              />
              {error('serviceAccountJson')}
            </div>
            {text('clientId', t('form.clientId'))}
            {text('clientSecret', t('form.clientSecret'), 'password')}
            {text('refreshToken', t('form.refreshToken'), 'password')}
            {text('shareEmails', t('form.shareEmails'))}
            <div className="lv-field">
              <label htmlFor="backup-shareRole">{t('form.shareRole')}</label>
              <Dropdown
                inputId="backup-shareRole"
                value={values.shareRole}
                showClear
                options={DRIVE_SHARE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
                onChange={(e) => change('shareRole', e.value ?? null)}
              />
              {error('shareRole')}
            </div>
          </>
        )}
        <div className="lv-field">
          <label htmlFor="backup-retention">{t('form.retention')}</label>
          <InputNumber
            inputId="backup-retention"
            value={values.retention}
            min={1}
            max={365}
            onValueChange={(e) => change('retention', e.value ?? 1)}
          />
          {error('retention')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="backup-note">{t('form.note')}</label>
          <InputTextarea
            id="backup-note"
            rows={2}
            value={values.note}
            onChange={(e) => change('note', e.target.value)}
          />
          {error('note')}
        </div>
      </form>
    </Dialog>
  );
}

function LogsDialog({ configuration, onClose }: { configuration: BackupConfiguration; onClose: () => void }) {
  const { t } = useTranslation(['backups', 'errors']);
  const [page, setPage] = useState(1);
  const logs = useBackupLogs(configuration.id, page);
  const run = useRunAction([]);
  return (
    <Dialog
      visible
      header={t('logs.title', { name: configuration.name })}
      onHide={onClose}
      style={{ width: 'min(56rem, 96vw)' }}
      draggable={false}
    >
      {logs.isError && <Message severity="error" text={errorMessage(logs.error, t)} />}
      <DataTable
        value={logs.data?.items ?? []}
        loading={logs.isLoading}
        dataKey="id"
        emptyMessage={t('logs.empty')}
        size="small"
        lazy
        paginator
        rows={10}
        first={(page - 1) * 10}
        totalRecords={logs.data?.total ?? 0}
        onPage={(event) => setPage(event.page !== undefined ? event.page + 1 : 1)}
        data-testid="backup-log-table"
      >
        <Column
          header={t('logs.created')}
          body={(l: BackupLog) => `${formatDate(l.createdAt.slice(0, 10))} ${l.createdAt.slice(11, 16)}`}
        />
        <Column
          header={t('logs.status')}
          body={(l: BackupLog) => (
            <Tag severity={STATUS_SEVERITY[l.status]} value={t(`statuses.${l.status}`)} />
          )}
        />
        <Column header={t('logs.trigger')} body={(l: BackupLog) => t(`triggers.${l.trigger}`)} />
        <Column header={t('logs.size')} body={(l: BackupLog) => megabytes(l.sizeBytes)} />
        <Column header={t('logs.duration')} body={(l: BackupLog) => seconds(l.durationMs)} />
        <Column
          header={t('logs.drill')}
          body={(l: BackupLog) =>
            l.drillMatched === null ? '' : t(l.drillMatched ? 'logs.drillPassed' : 'logs.drillFailed')
          }
        />
        <Column header={t('logs.error')} body={(l: BackupLog) => l.error ?? ''} />
        <Column
          body={(l: BackupLog) =>
            l.downloadable && (
              <Button
                label={t('actions.download')}
                icon="pi pi-download"
                text
                size="small"
                onClick={() => void run(() => backupsApi.download(l), t('actions.download'))}
              />
            )
          }
        />
      </DataTable>
    </Dialog>
  );
}
