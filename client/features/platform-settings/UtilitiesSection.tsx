import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import type { SecureShareSettings, UtilitySettings } from '../../../shared/platform-settings.schemas.ts';
import { SECURE_SHARE_LIMITS } from '../../../shared/secrets.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { platformSettingsApi } from './platform-settings.api.ts';
import { platformSettingsKeys, useUtilitySettings } from './platform-settings.queries.ts';

const FIELDS = ['maxViews', 'defaultViews', 'maxHours', 'defaultHours'] as const;
const CEILING = {
  maxViews: SECURE_SHARE_LIMITS.accessLimit.max,
  defaultViews: SECURE_SHARE_LIMITS.accessLimit.max,
  maxHours: SECURE_SHARE_LIMITS.expirationHours.max,
  defaultHours: SECURE_SHARE_LIMITS.expirationHours.max,
};

/** A number typed before hydration ("24") becomes the number; anything else is ignored. */
const typedNumber = (typed: string | boolean) => {
  const value = Number(String(typed).replace(/[^\d]/g, ''));
  return typeof typed === 'string' && typed.trim() !== '' && Number.isFinite(value) ? value : undefined;
};

/** UTILITIES: the settings of the header's utilities (secure share), and the company time zone. */
export function UtilitiesSection() {
  const { t } = useTranslation(['platformSettings', 'errors']);
  const settings = useUtilitySettings();
  if (settings.error) return <Message severity="error" text={errorMessage(settings.error, t)} />;
  if (!settings.data) return null;
  return (
    <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
      <SecureShareForm initial={settings.data.secureShare} />
      <section className="settings-card" data-testid="company-time-zone">
        <h2>{t('utilities.timeZoneTitle')}</h2>
        <p>{t('utilities.timeZone', { zone: settings.data.companyTimeZone })}</p>
        <small>{t('utilities.timeZoneHint')}</small>
      </section>
    </div>
  );
}

function SecureShareForm({ initial }: { initial: SecureShareSettings }) {
  const { t } = useTranslation(['platformSettings', 'errors']);
  const queryClient = useQueryClient();
  const form = useFormValues<Record<(typeof FIELDS)[number], number | null>>(initial, {
    parse: Object.fromEntries(FIELDS.map((field) => [field, typedNumber])),
  });
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    mutationFn: platformSettingsApi.saveSecureShare,
    onSuccess: (saved: UtilitySettings) => {
      guard.release();
      form.reset(saved.secureShare);
      queryClient.setQueryData(platformSettingsKeys.utilities, saved);
    },
    success: t('utilities.saved'),
  });
  const submit = () => {
    const missing = FIELDS.filter((field) => form.values[field] === null);
    if (missing.length)
      return save.setProblems(
        Object.fromEntries(missing.map((field) => [field, t('errors:validation.required')])),
      );
    void save.submit(form.values as SecureShareSettings);
  };
  return (
    <form
      id={form.formId}
      className="settings-card form-stack"
      noValidate
      data-testid="secure-share-settings"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {guard.prompt}
      <h2>{t('utilities.secureShareTitle')}</h2>
      <p>{t('utilities.secureShareIntro')}</p>
      {save.message && <Message severity="error" text={save.message} />}
      {FIELDS.map((field) => (
        <div key={field} className="form-stack">
          <label htmlFor={`utilities-${field}`}>{t(`utilities.${field}`)}</label>
          <InputNumber
            inputId={`utilities-${field}`}
            name={field}
            value={form.values[field]}
            min={1}
            max={CEILING[field]}
            useGrouping={false}
            invalid={Boolean(save.fieldErrors[field])}
            onValueChange={(event) => (form.set(field, event.value ?? null), save.clear(field))}
          />
          {save.fieldErrors[field] && (
            <small className="field-error" role="alert">
              {save.fieldErrors[field]}
            </small>
          )}
        </div>
      ))}
      <small>
        {t('utilities.bounds', {
          views: SECURE_SHARE_LIMITS.accessLimit.max,
          hours: SECURE_SHARE_LIMITS.expirationHours.max,
        })}
      </small>
      <div className="form-stack__actions">
        <Button
          type="submit"
          label={t('utilities.save')}
          loading={save.submitting}
          data-testid="utilities-save"
        />
      </div>
    </form>
  );
}
