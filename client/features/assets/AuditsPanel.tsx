import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { showDate } from '../projects/project-dates.ts';
import { fieldError, FormDialog } from '../recurring-tasks/FormDialog.tsx';
import { assetKeys, assetsApi, useAssetAudit, useAssetAudits } from './assets.queries.ts';

/** Asset audits: start one, confirm where each asset was seen, and see the ones nobody has seen. */
export function AuditsPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(['assets', 'errors']);
  const audits = useAssetAudits();
  const [openId, setOpenId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const audit = useAssetAudit(openId);
  const run = useRunAction([assetKeys.audits]);
  const closedAt = (a: { closedAt: string | null }) =>
    a.closedAt ? t('audits.closed', { date: showDate(a.closedAt.slice(0, 10)) }) : t('audits.open');
  return (
    <div className="lv-page">
      <div className="lv-bar">
        <h3>{t('audits.title')}</h3>
        {canManage && (
          <Button icon="pi pi-plus" label={t('audits.start')} onClick={() => setStarting(true)} />
        )}
      </div>
      <DataTable
        value={audits.data?.items ?? []}
        emptyMessage={t('audits.empty')}
        dataKey="id"
        cellMemo={false}
        selectionMode="single"
        onRowClick={(e) => setOpenId((e.data as { id: string }).id)}
      >
        <Column field="name" header={t('audits.name')} />
        <Column
          header={t('audits.startedAt')}
          body={(a: { createdAt: string }) => showDate(a.createdAt.slice(0, 10))}
        />
        <Column header={t('audits.state')} body={closedAt} />
        <Column
          header={t('audits.confirmed')}
          body={(a: { confirmedCount: number; assetCount: number }) =>
            t('audits.progress', { confirmed: a.confirmedCount, total: a.assetCount })
          }
        />
      </DataTable>
      {audit.data && (
        <div className="lv-card">
          <div className="lv-bar">
            <h3>{audit.data.name}</h3>
            <span data-testid="audit-state">{closedAt(audit.data)}</span>
            {canManage && !audit.data.closedAt && (
              <span className="lv-footer">
                <Button size="small" label={t('audits.confirm')} onClick={() => setConfirming(true)} />
                <Button
                  size="small"
                  severity="secondary"
                  outlined
                  label={t('audits.close')}
                  onClick={() => setClosing(true)}
                  data-testid="audit-close"
                />
              </span>
            )}
          </div>
          <h4>{t('audits.confirmed')}</h4>
          <DataTable value={audit.data.confirmed} dataKey="assetId" cellMemo={false}>
            <Column field="name" header={t('audits.asset')} />
            <Column field="location" header={t('audits.location')} />
            <Column field="confirmedBy" header={t('audits.seenBy')} />
          </DataTable>
          <h4>{t('audits.notSeen')}</h4>
          <DataTable value={audit.data.notSeen} dataKey="assetId" cellMemo={false}>
            <Column field="name" header={t('audits.asset')} />
            <Column field="serialNumber" header={t('fields.serialNumber')} />
            <Column field="location" header={t('fields.location')} />
          </DataTable>
        </div>
      )}
      {audit.data && (
        <ConfirmAction
          visible={closing}
          title={t('audits.closeTitle')}
          message={t('audits.closeMessage', { notSeen: audit.data.notSeen.length })}
          action={t('audits.close')}
          severity="warning"
          onCancel={() => setClosing(false)}
          onConfirm={() => {
            setClosing(false);
            void run(() => assetsApi.closeAudit(audit.data!.id), t('audits.closedDone'));
          }}
        />
      )}
      {starting && <StartAudit onClose={() => setStarting(false)} onStarted={(id) => setOpenId(id)} />}
      {confirming && audit.data && (
        <ConfirmAsset
          auditId={audit.data.id}
          choices={audit.data.notSeen.map((a) => ({ value: a.assetId, label: a.name }))}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function StartAudit({ onClose, onStarted }: { onClose: () => void; onStarted: (id: string) => void }) {
  const { t } = useTranslation(['assets', 'errors']);
  const form = useFormValues({ name: '' });
  const save = useFormMutation({
    mutationFn: (name: string) => assetsApi.startAudit(name),
    invalidate: [assetKeys.audits],
    success: t('audits.started'),
    onSuccess: (audit) => (onStarted(audit.id), onClose()),
  });
  return (
    <FormDialog
      header={t('audits.start')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="audit-start"
      onSubmit={() => void save.submit(form.values.name)}
    >
      <div className="lv-field lv-wide">
        <label htmlFor="audit-name">{t('audits.name')}</label>
        <InputText
          id="audit-name"
          name="name"
          value={form.values.name}
          onChange={(e) => form.set('name', e.target.value)}
        />
        {fieldError(save.fieldErrors, 'name')}
      </div>
    </FormDialog>
  );
}

function ConfirmAsset({
  auditId,
  choices,
  onClose,
}: {
  auditId: string;
  choices: Array<{ value: string; label: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['assets', 'errors']);
  const form = useFormValues({ assetId: '', location: '' });
  const save = useFormMutation({
    mutationFn: (input: { assetId: string; location: string }) =>
      assetsApi.confirm(auditId, input.assetId, input.location),
    invalidate: [assetKeys.audits],
    success: t('audits.recorded'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      header={t('audits.confirmTitle')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="audit-confirm"
      onSubmit={() => void save.submit(form.values)}
    >
      <div className="lv-field">
        <label htmlFor="audit-asset">{t('audits.asset')}</label>
        <Dropdown
          inputId="audit-asset"
          value={form.values.assetId}
          options={choices}
          filter
          onChange={(e) => form.set('assetId', e.value)}
        />
        {fieldError(save.fieldErrors, 'assetId')}
      </div>
      <div className="lv-field">
        <label htmlFor="audit-location">{t('audits.location')}</label>
        <InputText
          id="audit-location"
          name="location"
          value={form.values.location}
          onChange={(e) => form.set('location', e.target.value)}
        />
        {fieldError(save.fieldErrors, 'location')}
      </div>
    </FormDialog>
  );
}
