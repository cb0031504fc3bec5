import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_BROWSERS,
  DEVICE_OSES,
  GRACE_PERIOD_MAX_DAYS,
  GRACE_PERIOD_MIN_DAYS,
  REQUIREMENT_KINDS,
  type DeviceUpdateSettings,
  type VersionRequirementBody,
} from '../../../shared/devices.schemas.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { devicesApi } from './devices.api.ts';
import { deviceKeys, useDeviceCompliance, useDeviceUpdateSettings } from './devices.queries.ts';

/**
 * /platform-settings WORK_DEVICE_UPDATE_MANAGEMENT: the latest OS and browser versions with their
 * release dates, the grace period, whether declaring a device is required; and compliance per
 * department and per person.
 */
export function DeviceUpdatesSection() {
  const { t } = useTranslation(['devices', 'errors']);
  const settings = useDeviceUpdateSettings();
  return (
    <section className="settings-card" data-testid="device-updates-card">
      <h2>{t('updates.title')}</h2>
      <p>{t('updates.intro')}</p>
      <p>
        <small>{t('updates.breakGlass')}</small>
      </p>
      {settings.error && <Message severity="error" text={errorMessage(settings.error, t)} />}
      {settings.data && <UpdatesForm initial={settings.data} />}
      <DiscordCheckButton />
      <ComplianceTables />
    </section>
  );
}

interface Values {
  gracePeriodDays: number | null;
  requireDeclaration: boolean;
  discordCheck: boolean;
  requirements: VersionRequirementBody[];
  [key: string]: unknown;
}

const toValues = (settings: DeviceUpdateSettings): Values => ({
  gracePeriodDays: settings.gracePeriodDays,
  requireDeclaration: settings.requireDeclaration,
  discordCheck: settings.discordCheck,
  requirements: settings.requirements.map(({ kind, name, latestVersion, releaseDate }) => ({
    kind,
    name,
    latestVersion,
    releaseDate,
  })),
});

function UpdatesForm({ initial }: { initial: DeviceUpdateSettings }) {
  const { t } = useTranslation(['devices', 'errors']);
  const form = useFormValues<Values>(toValues(initial));
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    mutationFn: (values: Values) =>
      devicesApi.saveUpdateSettings({
        gracePeriodDays: values.gracePeriodDays ?? -1,
        requireDeclaration: values.requireDeclaration,
        discordCheck: values.discordCheck,
        requirements: values.requirements,
      }),
    invalidate: [deviceKeys.all],
    success: t('updates.saved'),
    onSuccess: (saved) => form.reset(toValues(saved)),
  });
  // Row problems come as `requirements.<row>.<field>`: shown beside their row.
  const rowErrors = new Map<string, string>();
  if (save.error instanceof ApiError)
    for (const detail of save.error.fieldErrors) rowErrors.set(detail.field, detail.message);
  const rows = form.values.requirements;
  const setRow = (index: number, patch: Partial<VersionRequirementBody>) =>
    form.set(
      'requirements',
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const names = (kind: string) => (kind === 'OS' ? DEVICE_OSES : DEVICE_BROWSERS);

  return (
    <form
      id={form.formId}
      className="form-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save.submit(form.values);
      }}
    >
      {guard.prompt}
      {save.message && <Message severity="error" text={save.message} />}
      <label htmlFor="gracePeriodDays">{t('updates.gracePeriodDays')}</label>
      <InputNumber
        inputId="gracePeriodDays"
        name="gracePeriodDays"
        value={form.values.gracePeriodDays}
        useGrouping={false}
        invalid={Boolean(save.fieldErrors.gracePeriodDays)}
        onValueChange={(event) => form.set('gracePeriodDays', event.value ?? null)}
      />
      <small>{t('updates.graceHint', { min: GRACE_PERIOD_MIN_DAYS, max: GRACE_PERIOD_MAX_DAYS })}</small>
      {save.fieldErrors.gracePeriodDays && (
        <small className="field-error">{save.fieldErrors.gracePeriodDays}</small>
      )}
      <div>
        <Checkbox
          inputId="requireDeclaration"
          name="requireDeclaration"
          checked={form.values.requireDeclaration}
          onChange={(event) => form.set('requireDeclaration', Boolean(event.checked))}
        />{' '}
        <label htmlFor="requireDeclaration">{t('updates.requireDeclaration')}</label>
      </div>
      <div>
        <Checkbox
          inputId="discordCheck"
          name="discordCheck"
          checked={form.values.discordCheck}
          onChange={(event) => form.set('discordCheck', Boolean(event.checked))}
        />{' '}
        <label htmlFor="discordCheck">{t('updates.discordCheck')}</label>
      </div>
      <small>{t('updates.discordMfaNote')}</small>
      <h3>{t('updates.requirements')}</h3>
      {rows.map((row, index) => (
        <div key={index} className="device-requirement" data-testid="device-requirement">
          <Dropdown
            aria-label={t('updates.kind')}
            value={row.kind}
            options={REQUIREMENT_KINDS.map((kind) => ({ value: kind, label: t(`updates.kinds.${kind}`) }))}
            onChange={(event) => setRow(index, { kind: event.value, name: names(event.value)[0]! })}
          />
          <Dropdown
            aria-label={t('updates.name')}
            value={row.name}
            options={names(row.kind).map((name) => ({
              value: name,
              label: t(row.kind === 'OS' ? `os.${name}` : `browsers.${name}`),
            }))}
            onChange={(event) => setRow(index, { name: event.value })}
          />
          <InputText
            aria-label={t('updates.latestVersion')}
            name={`requirement-${index}-version`}
            placeholder={t('updates.latestVersion')}
            value={row.latestVersion}
            invalid={rowErrors.has(`requirements.${index}.latestVersion`)}
            onChange={(event) => setRow(index, { latestVersion: event.target.value })}
          />
          <InputText
            type="date"
            aria-label={t('updates.releaseDate')}
            name={`requirement-${index}-date`}
            value={row.releaseDate}
            invalid={rowErrors.has(`requirements.${index}.releaseDate`)}
            onChange={(event) => setRow(index, { releaseDate: event.target.value })}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            text
            severity="danger"
            aria-label={t('updates.remove')}
            onClick={() =>
              form.set(
                'requirements',
                rows.filter((_, i) => i !== index),
              )
            }
          />
          {['name', 'latestVersion', 'releaseDate'].map((field) => {
            const message = rowErrors.get(`requirements.${index}.${field}`);
            return message ? (
              <small key={field} className="field-error">
                {message}
              </small>
            ) : null;
          })}
        </div>
      ))}
      <div className="form-stack__actions">
        <Button
          type="button"
          icon="pi pi-plus"
          text
          label={t('updates.add')}
          onClick={() =>
            form.set('requirements', [
              ...rows,
              { kind: 'BROWSER', name: 'CHROME', latestVersion: '', releaseDate: '' },
            ])
          }
        />
        <Button type="submit" label={t('updates.save')} loading={save.submitting} />
      </div>
    </form>
  );
}

function ComplianceTables() {
  const { t } = useTranslation(['devices', 'errors']);
  const compliance = useDeviceCompliance();
  if (compliance.error) return <Message severity="error" text={errorMessage(compliance.error, t)} />;
  if (!compliance.data) return null;
  const yesNo = (value: boolean) => (value ? t('compliance.yes') : t('compliance.no'));
  return (
    <div data-testid="device-compliance">
      <h3>{t('compliance.title')}</h3>
      <h4>{t('compliance.byDepartment')}</h4>
      <DataTable value={compliance.data.departments} size="small" cellMemo={false}>
        <Column
          header={t('compliance.department')}
          body={(row) => row.department ?? t('compliance.noDepartment')}
        />
        <Column field="people" header={t('compliance.people')} />
        <Column field="compliant" header={t('compliance.compliant')} />
        <Column field="blocked" header={t('compliance.blocked')} />
        <Column field="withoutDevice" header={t('compliance.withoutDevice')} />
      </DataTable>
      <h4>{t('compliance.byPerson')}</h4>
      <DataTable
        value={compliance.data.people}
        size="small"
        cellMemo={false}
        paginator
        rows={10}
        dataKey="userId"
      >
        <Column header={t('compliance.person')} body={(row) => `${row.name} (${row.email})`} />
        <Column
          header={t('compliance.department')}
          body={(row) => row.department ?? t('compliance.noDepartment')}
        />
        <Column field="deviceCount" header={t('compliance.devices')} />
        <Column field="outdated" header={t('compliance.outdated')} />
        <Column header={t('compliance.blocked')} body={(row) => yesNo(row.blocked)} />
        <Column field="checklistGaps" header={t('compliance.gaps')} />
        <Column header={t('compliance.exempt')} body={(row) => yesNo(row.exempt)} />
      </DataTable>
    </div>
  );
}

function DiscordCheckButton() {
  const { t } = useTranslation(['devices', 'errors']);
  const check = useFormMutation({
    mutationFn: (_: null) => devicesApi.runDiscordCheck(),
    invalidate: [deviceKeys.all],
    failure: 'toast',
    success: (result) =>
      !result.enabled
        ? t('updates.discordOff')
        : !result.connected
          ? t('updates.discordNoConnection')
          : t('updates.discordResult', result),
  });
  return (
    <div className="form-stack__actions">
      <Button
        type="button"
        icon="pi pi-discord"
        severity="secondary"
        label={t('updates.runDiscordCheck')}
        loading={check.submitting}
        onClick={() => void check.submit(null)}
      />
    </div>
  );
}
