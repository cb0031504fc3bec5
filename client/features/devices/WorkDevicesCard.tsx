import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUTO_LOCK_GUIDANCE_MINUTES,
  AUTO_LOCK_MAX_MINUTES,
  type WorkDevice,
} from '../../../shared/devices.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { readBrowserHints, rememberThisDevice, thisDeviceId } from './browser-hints.ts';
import { devicesApi } from './devices.api.ts';
import { deviceKeys, useMyDevices } from './devices.queries.ts';

const STATE_SEVERITY = { OK: 'success', OUTDATED_GRACE: 'warning', OUTDATED: 'danger' } as const;

/**
 * /settings "Work devices": the person's declared devices with their standing, the checklist
 * answers (what a browser cannot read), and "Add this device" — the versions come from this browser.
 */
export function WorkDevicesCard() {
  const { t } = useTranslation(['devices', 'errors']);
  const devices = useMyDevices();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WorkDevice | null>(null);
  const [removing, setRemoving] = useState<WorkDevice | null>(null);
  const run = useRunAction([deviceKeys.all]);

  return (
    <section className="settings-card" id="work-devices" data-testid="work-devices-card">
      <h2>{t('card.title')}</h2>
      <p>{t('card.intro')}</p>
      {devices.error && <Message severity="error" text={errorMessage(devices.error, t)} />}
      {devices.data?.items.length === 0 && <p>{t('card.empty')}</p>}
      <ul className="work-devices">
        {devices.data?.items.map((device) => (
          <li key={device.id} data-testid="work-device">
            <strong>{device.name}</strong>{' '}
            <Tag
              severity={STATE_SEVERITY[device.state]}
              value={t(`state.${device.state}`, { date: device.blocksAt ? formatDate(device.blocksAt) : '' })}
            />
            <div>
              {t('card.os')}: {device.os ? t(`os.${device.os}`) : t('card.unknown')} {device.osVersion ?? ''}{' '}
              · {t('card.browser')}: {device.browser ? t(`browsers.${device.browser}`) : t('card.unknown')}{' '}
              {device.browserVersion ?? ''}
            </div>
            {device.state === 'OUTDATED_GRACE' && device.blocksAt && (
              <Message
                severity="warn"
                text={t('card.graceWarning', { device: device.name, date: formatDate(device.blocksAt) })}
              />
            )}
            {device.checklistGaps.length > 0 && (
              <small className="field-error">
                {device.checklistGaps.map((gap) => t(`gaps.${gap}`)).join(', ')}
              </small>
            )}
            <div className="form-stack__actions">
              <Button
                type="button"
                size="small"
                text
                label={t('card.recheck')}
                onClick={async () => {
                  const hints = await readBrowserHints();
                  await run(() => devicesApi.recheck({ deviceId: device.id, hints }), t('card.rechecked'));
                }}
              />
              <Button
                type="button"
                size="small"
                text
                label={t('card.edit')}
                onClick={() => setEditing(device)}
              />
              <Button
                type="button"
                size="small"
                text
                severity="danger"
                label={t('card.remove')}
                onClick={() => setRemoving(device)}
              />
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <DeviceForm key={editing.id} device={editing} onDone={() => setEditing(null)} />
      ) : adding ? (
        <DeviceForm onDone={() => setAdding(false)} />
      ) : (
        <Button type="button" icon="pi pi-plus" label={t('card.add')} onClick={() => setAdding(true)} />
      )}
      <ConfirmAction
        visible={removing !== null}
        title={t('card.remove')}
        message={t('card.removeConfirm', { name: removing?.name ?? '' })}
        action={t('card.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          const device = removing!;
          setRemoving(null);
          if (await run(() => devicesApi.remove(device.id), t('card.removed')))
            if (thisDeviceId() === device.id) rememberThisDevice(null);
        }}
      />
    </section>
  );
}

interface DeviceValues {
  name: string;
  antivirus: string;
  firewall: boolean;
  diskEncryption: boolean;
  autoLockMinutes: number | null;
  [key: string]: unknown;
}

/** Declares this browser's device, or (with `device`) changes a device's name and checklist answers. */
function DeviceForm({ device, onDone }: { device?: WorkDevice; onDone: () => void }) {
  const { t } = useTranslation(['devices', 'errors']);
  const form = useFormValues<DeviceValues>({
    name: device?.name ?? '',
    antivirus: device?.antivirus ?? '',
    firewall: device?.firewall ?? false,
    diskEncryption: device?.diskEncryption ?? false,
    autoLockMinutes: device?.autoLockMinutes ?? AUTO_LOCK_GUIDANCE_MINUTES,
  });
  const save = useFormMutation({
    mutationFn: async (values: DeviceValues) => {
      const answers = {
        name: values.name,
        antivirus: values.antivirus.trim() ? values.antivirus : null,
        firewall: values.firewall,
        diskEncryption: values.diskEncryption,
        autoLockMinutes: values.autoLockMinutes ?? 0,
      };
      return device
        ? devicesApi.update(device.id, answers)
        : devicesApi.declare({ ...answers, hints: await readBrowserHints() });
    },
    invalidate: [deviceKeys.all],
    success: device ? t('card.updated') : t('card.declared'),
    onSuccess: (saved) => {
      if (!device) rememberThisDevice(saved.id);
      onDone();
    },
  });
  const errors = save.fieldErrors;
  return (
    <form
      id={form.formId}
      className="form-stack"
      noValidate
      data-testid="work-device-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save.submit(form.values);
      }}
    >
      {save.message && <Message severity="error" text={save.message} />}
      <label htmlFor="device-name">{t('card.name')}</label>
      <InputText
        id="device-name"
        name="name"
        value={form.values.name}
        invalid={Boolean(errors.name)}
        onChange={(event) => form.set('name', event.target.value)}
      />
      {errors.name && <small className="field-error">{errors.name}</small>}
      <label htmlFor="device-antivirus">{t('card.antivirus')}</label>
      <InputText
        id="device-antivirus"
        name="antivirus"
        value={form.values.antivirus}
        placeholder={t('card.antivirusHint')}
        invalid={Boolean(errors.antivirus)}
        onChange={(event) => form.set('antivirus', event.target.value)}
      />
      {errors.antivirus && <small className="field-error">{errors.antivirus}</small>}
      <div>
        <Checkbox
          inputId="device-firewall"
          name="firewall"
          checked={form.values.firewall}
          onChange={(event) => form.set('firewall', Boolean(event.checked))}
        />{' '}
        <label htmlFor="device-firewall">{t('card.firewall')}</label>
      </div>
      <div>
        <Checkbox
          inputId="device-encryption"
          name="diskEncryption"
          checked={form.values.diskEncryption}
          onChange={(event) => form.set('diskEncryption', Boolean(event.checked))}
        />{' '}
        <label htmlFor="device-encryption">{t('card.diskEncryption')}</label>
      </div>
      <label htmlFor="device-autolock">{t('card.autoLock')}</label>
      <InputNumber
        inputId="device-autolock"
        name="autoLockMinutes"
        value={form.values.autoLockMinutes}
        min={1}
        max={AUTO_LOCK_MAX_MINUTES}
        useGrouping={false}
        invalid={Boolean(errors.autoLockMinutes)}
        onValueChange={(event) => form.set('autoLockMinutes', event.value ?? null)}
      />
      <small>{t('card.autoLockGuidance', { minutes: AUTO_LOCK_GUIDANCE_MINUTES })}</small>
      {errors.autoLockMinutes && <small className="field-error">{errors.autoLockMinutes}</small>}
      <div className="form-stack__actions">
        <Button type="button" text label={t('card.cancel')} onClick={onDone} />
        <Button type="submit" label={t('card.save')} loading={save.submitting} />
      </div>
    </form>
  );
}
