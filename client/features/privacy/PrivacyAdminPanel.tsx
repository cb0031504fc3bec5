import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RETENTION_MONTHS_MAX,
  RETENTION_MONTHS_MIN,
  type RetentionCandidate,
} from '../../../shared/privacy.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { privacyApi, privacyKeys, usePrivacySettings, useRetentionPreview } from './privacy.queries.ts';

/** HR's personal data tools: a person's data export, the retention period, the anonymisation's dry run and run. */
export function PrivacyAdminPanel() {
  const { t } = useTranslation(['privacy', 'errors']);
  const settings = usePrivacySettings();
  const preview = useRetentionPreview();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const run = useRunAction([privacyKeys.all]);
  const months = settings.data?.retentionMonths;
  return (
    <div className="lv-grid" data-testid="privacy-admin">
      <section className="lv-wide">
        <h3>{t('export.person')}</h3>
        <p className="lv-hint">{t('export.personHint')}</p>
        <div className="lv-bar">
          <InputText
            aria-label={t('export.email')}
            placeholder={t('export.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button
            type="button"
            icon="pi pi-download"
            label={t('export.person')}
            disabled={!email.trim()}
            onClick={() => void run(() => privacyApi.exportByEmail(email.trim()), t('export.started'))}
          />
        </div>
      </section>
      <section className="lv-wide">
        <h3>{t('retention.title')}</h3>
        <p>{t('retention.body')}</p>
        {months !== undefined && <RetentionForm key={months} months={months} />}
        <h4>{t('retention.preview', { count: preview.data?.candidates.length ?? 0 })}</h4>
        {preview.data?.truncated && <p className="lv-hint">{t('retention.truncated', { count: 500 })}</p>}
        <DataTable
          value={preview.data?.candidates ?? []}
          dataKey="userId"
          loading={preview.isFetching}
          emptyMessage={t('retention.none')}
          cellMemo={false}
          data-testid="retention-preview"
        >
          <Column header={t('retention.name')} body={(c: RetentionCandidate) => fullName(c)} />
          <Column header={t('retention.email')} field="email" />
          <Column
            header={t('retention.offboard')}
            body={(c: RetentionCandidate) => formatDate(c.offboardDate)}
          />
          <Column header={t('retention.due')} body={(c: RetentionCandidate) => formatDate(c.dueDate)} />
        </DataTable>
        {preview.data && (
          <>
            <p className="lv-hint">
              {t('retention.cleared', { fields: preview.data.anonymisedFields.join(', ') })}
            </p>
            <p className="lv-hint">{t('retention.kept', { fields: preview.data.keptFields.join(', ') })}</p>
          </>
        )}
        <Button
          type="button"
          severity="danger"
          icon="pi pi-eraser"
          label={t('retention.run')}
          disabled={(preview.data?.candidates.length ?? 0) === 0}
          onClick={() => setConfirming(true)}
        />
        <ConfirmAction
          visible={confirming}
          title={t('retention.run')}
          message={t('retention.runConfirm', { count: preview.data?.candidates.length ?? 0 })}
          action={t('retention.run')}
          severity="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            void run(
              async () => {
                const result = await privacyApi.run();
                return result;
              },
              t('retention.done', { count: preview.data?.candidates.length ?? 0 }),
            ).then(() => setConfirming(false))
          }
        />
      </section>
    </div>
  );
}

function RetentionForm({ months }: { months: number }) {
  const { t } = useTranslation(['privacy', 'errors']);
  const form = useFormValues({ retentionMonths: months as number | null });
  const save = useFormMutation({
    mutationFn: (retentionMonths: number) => privacyApi.saveSettings({ retentionMonths }),
    success: t('retention.saved'),
    invalidate: [privacyKeys.all],
  });
  return (
    <form
      id={form.formId}
      className="lv-bar"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.values.retentionMonths;
        if (value === null || value < RETENTION_MONTHS_MIN || value > RETENTION_MONTHS_MAX)
          return save.setProblems({
            retentionMonths: t('errors:validation.minimum', { min: RETENTION_MONTHS_MIN }),
          });
        void save.submit(value);
      }}
    >
      <label htmlFor="retention-months">{t('retention.months')}</label>
      <InputNumber
        inputId="retention-months"
        name="retentionMonths"
        value={form.values.retentionMonths}
        min={RETENTION_MONTHS_MIN}
        max={RETENTION_MONTHS_MAX}
        useGrouping={false}
        onChange={(e) => (form.set('retentionMonths', e.value), save.clear('retentionMonths'))}
      />
      <Button type="submit" form={form.formId} label={t('retention.save')} loading={save.submitting} />
      {save.fieldErrors.retentionMonths && (
        <small className="lv-error">{save.fieldErrors.retentionMonths}</small>
      )}
    </form>
  );
}
