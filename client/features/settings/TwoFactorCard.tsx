import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '../../../shared/account.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useToast } from '../../layout/toast.tsx';
import { accountApi } from '../account/account.api.ts';
import { accountKeys, useTwoFactorStatus } from '../account/account.queries.ts';
import { PasswordInput } from '../account/PasswordFields.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'password'; purpose: 'disable' | 'regenerate' };

/** Two-factor authentication: set up with a QR code and the key, confirm with a code, recovery codes, turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const toast = useToast();
  const onSaved = toast.success;
  const status = useTwoFactorStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // One field serves each step: the confirmation code, or the password.
  const form = useFormValues({ value: '' });
  const value = form.values.value;
  const setValue = (next: string) => form.set('value', next);
  const mutation = useFormMutation({ mutationFn: (action: () => Promise<void>) => action() });
  const errors = mutation.fieldErrors;
  const busy = mutation.submitting;
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor });
  const attempt = (action: () => Promise<void>) => mutation.submit(action);

  const start = () =>
    attempt(async () => {
      setValue('');
      setStep({ kind: 'setup', setup: await accountApi.twoFactorSetup() });
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return attempt(async () => {
      const { recoveryCodes } = await accountApi.twoFactorEnable(value.trim());
      setValue('');
      setStep({ kind: 'codes', codes: recoveryCodes });
      onSaved(t('twoFactor.enabled'));
      await refresh();
    });
  };

  const withPassword = (event: FormEvent, purpose: 'disable' | 'regenerate') => {
    event.preventDefault();
    return attempt(async () => {
      if (purpose === 'disable') {
        await accountApi.twoFactorDisable(value);
        setStep({ kind: 'idle' });
        onSaved(t('twoFactor.disabled'));
      } else {
        const { recoveryCodes } = await accountApi.regenerateRecoveryCodes(value);
        setStep({ kind: 'codes', codes: recoveryCodes });
      }
      setValue('');
      await refresh();
    });
  };

  const download = (codes: string[]) => {
    const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: 'backoffice-recovery-codes.txt',
    });
    link.click();
    URL.revokeObjectURL(url);
  };

  const data = status.data;
  const generalError = mutation.message && <Message severity="error" text={mutation.message} />;

  return (
    <section className="settings-card" data-testid="two-factor-card">
      <h2>{t('twoFactor.title')}</h2>
      {status.error && <Message severity="error" text={errorMessage(status.error, t)} />}
      {data && (
        <p data-testid="two-factor-status">
          {data.enabled
            ? `${t('twoFactor.statusOn', { date: formatDate(data.enabledAt!) })} · ${t(
                'twoFactor.codesLeft',
                {
                  count: data.recoveryCodesLeft,
                },
              )}`
            : `${t('twoFactor.statusOff')}. ${t('twoFactor.intro')}`}
        </p>
      )}

      {step.kind === 'idle' && data && (
        <div className="form-stack__actions form-stack__actions--start">
          {generalError}
          {data.enabled ? (
            <>
              <Button
                label={t('twoFactor.regenerate')}
                severity="secondary"
                outlined
                onClick={() => setStep({ kind: 'password', purpose: 'regenerate' })}
              />
              <Button
                label={t('twoFactor.disable')}
                severity="danger"
                outlined
                onClick={() => setStep({ kind: 'password', purpose: 'disable' })}
              />
            </>
          ) : (
            <Button
              label={t('twoFactor.enable')}
              icon="pi pi-shield"
              loading={busy}
              onClick={() => void start()}
            />
          )}
        </div>
      )}

      {step.kind === 'setup' && (
        <form
          id={form.formId}
          className="form-stack"
          onSubmit={confirm}
          noValidate
          data-testid="two-factor-setup"
        >
          <p>{t('twoFactor.scan')}</p>
          <img
            src={step.setup.qrCode}
            alt={t('twoFactor.qrAlt')}
            className="two-factor__qr"
            width={200}
            height={200}
          />
          <span>{t('twoFactor.secret')}</span>
          <code className="two-factor__secret" data-testid="two-factor-secret">
            {step.setup.secret}
          </code>
          {generalError}
          <label htmlFor="two-factor-confirm">{t('twoFactor.confirmCode')}</label>
          <InputText
            id="two-factor-confirm"
            name="value"
            value={value}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            invalid={Boolean(errors.code)}
            onChange={(event) => setValue(event.target.value)}
          />
          {errors.code && <small className="field-error">{errors.code}</small>}
          <div className="form-stack__actions">
            <Button
              type="button"
              label={t('twoFactor.cancel')}
              severity="secondary"
              text
              onClick={() => setStep({ kind: 'idle' })}
            />
            <Button type="submit" label={t('twoFactor.confirm')} loading={busy} />
          </div>
        </form>
      )}

      {step.kind === 'codes' && (
        <div className="form-stack" data-testid="recovery-codes">
          <h3>{t('twoFactor.recoveryTitle')}</h3>
          <Message severity="warn" text={t('twoFactor.recoveryBody')} />
          <ul className="two-factor__codes">
            {step.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <div className="form-stack__actions">
            <Button
              label={t('twoFactor.download')}
              icon="pi pi-download"
              severity="secondary"
              outlined
              onClick={() => download(step.codes)}
            />
            <Button label={t('twoFactor.done')} onClick={() => setStep({ kind: 'idle' })} />
          </div>
        </div>
      )}

      {step.kind === 'password' && (
        <form
          id={form.formId}
          className="form-stack"
          method="post"
          onSubmit={(event) => void withPassword(event, step.purpose)}
          noValidate
          data-testid="two-factor-password"
        >
          <p>{step.purpose === 'disable' ? t('twoFactor.disableBody') : t('twoFactor.regenerateBody')}</p>
          {generalError}
          <PasswordInput
            id="two-factor-password"
            label={t('twoFactor.password')}
            value={value}
            onChange={setValue}
            error={errors.password}
            autoComplete="current-password"
          />
          <div className="form-stack__actions">
            <Button
              type="button"
              label={t('twoFactor.cancel')}
              severity="secondary"
              text
              onClick={() => {
                setStep({ kind: 'idle' });
                setValue('');
                mutation.clear();
              }}
            />
            <Button
              type="submit"
              label={step.purpose === 'disable' ? t('twoFactor.disable') : t('twoFactor.regenerate')}
              severity={step.purpose === 'disable' ? 'danger' : undefined}
              loading={busy}
            />
          </div>
        </form>
      )}
    </section>
  );
}
