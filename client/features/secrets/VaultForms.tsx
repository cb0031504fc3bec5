import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createVault,
  derivePasscodeKeys,
  deriveRecoveryKeys,
  openVault,
  rewrapForPasscode,
} from '../../../shared/crypto/vault-crypto.ts';
import type { VaultStatus } from '../../../shared/secrets.schemas.ts';
import { formatRecoveryKey, passcodeProblems, recoveryKeyProblems } from '../../../shared/rules/secrets.ts';
import { problemsByField } from '../../api/errors.ts';
import { sessionKeys } from '../../api/session.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { secretKeys, secretsApi } from './secrets.queries.ts';
import { setVaultKeys } from './vault-session.ts';

/** Setting up, unlocking and recovering the vault. Passcodes and recovery keys stay in the browser. */

function Field({
  id,
  label,
  value,
  onChange,
  error,
  digits = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  digits?: boolean;
}) {
  return (
    <div className="vault-field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        name={id}
        value={value}
        type={digits ? 'password' : 'text'}
        inputMode={digits ? 'numeric' : undefined}
        maxLength={digits ? 6 : 64}
        autoComplete="off"
        invalid={Boolean(error)}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <small className="vault-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** A new vault: passcode twice, then the recovery key shown once and typed back. */
export function VaultSetup() {
  const { t } = useTranslation(['secrets', 'errors']);
  const queryClient = useQueryClient();
  const form = useFormValues({ passcode: '', confirmPasscode: '' });
  const confirm = useFormValues({ recoveryKey: '' });
  const [recoveryKey, setRecoveryKey] = useState<string | null>(null);
  const [pending, setPending] = useState<Awaited<ReturnType<typeof createVault>> | null>(null);
  const save = useFormMutation({
    mutationFn: async () => {
      const vault = await createVault(form.values.passcode);
      await secretsApi.setUp(vault.material);
      return vault;
    },
    onSuccess: (vault) => {
      setPending(vault);
      setRecoveryKey(vault.recoveryKey);
    },
  });
  const [confirmError, setConfirmError] = useState<string | undefined>();

  if (recoveryKey && pending)
    return (
      <form
        id={confirm.formId}
        className="vault-card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problems = recoveryKeyProblems(confirm.values.recoveryKey);
          if (problems.length) return setConfirmError(problemsByField(problems, t).recoveryKey);
          if (formatRecoveryKey(confirm.values.recoveryKey) !== formatRecoveryKey(recoveryKey))
            return setConfirmError(t('errors:codes.RECOVERY_KEY_INVALID'));
          setVaultKeys({ ...pending.keys, userKeyRaw: pending.userKeyRaw });
          void queryClient.invalidateQueries({ queryKey: secretKeys.vault });
          void queryClient.invalidateQueries({ queryKey: sessionKeys.session });
        }}
      >
        <h2>{t('setup.recoveryTitle')}</h2>
        <p>{t('setup.recoveryIntro')}</p>
        <code className="vault-recovery" data-testid="recovery-key">
          {formatRecoveryKey(recoveryKey)}
        </code>
        <Field
          id="recoveryKey"
          label={t('setup.recoveryConfirm')}
          value={confirm.values.recoveryKey}
          onChange={(value) => (confirm.set('recoveryKey', value), setConfirmError(undefined))}
          error={confirmError}
        />
        <Button type="submit" label={t('setup.recoveryDone')} />
      </form>
    );

  return (
    <form
      id={form.formId}
      className="vault-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problems = passcodeProblems(form.values.passcode, form.values.confirmPasscode);
        if (problems.length) return save.setProblems(problemsByField(problems, t));
        void save.submit(undefined);
      }}
    >
      <h2>{t('setup.title')}</h2>
      <p>{t('setup.intro')}</p>
      <Field
        id="passcode"
        digits
        label={t('setup.passcode')}
        value={form.values.passcode}
        onChange={(value) => (form.set('passcode', value), save.clear('passcode'))}
        error={save.fieldErrors.passcode}
      />
      <Field
        id="confirmPasscode"
        digits
        label={t('setup.confirm')}
        value={form.values.confirmPasscode}
        onChange={(value) => (form.set('confirmPasscode', value), save.clear('confirmPasscode'))}
        error={save.fieldErrors.confirmPasscode}
      />
      {save.message && <small className="vault-error">{save.message}</small>}
      <Button type="submit" label={t('setup.submit')} loading={save.submitting} />
    </form>
  );
}

/** The passcode: the server counts wrong ones (attempts left, then 10 minutes). */
export function VaultUnlock({ status, onForgot }: { status: VaultStatus; onForgot: () => void }) {
  const { t } = useTranslation(['secrets', 'errors']);
  const form = useFormValues({ passcode: '' });
  const unlock = useFormMutation({
    mutationFn: async (passcode: string) => {
      const derived = await derivePasscodeKeys(passcode, status.passcodeSalt!, status.kdfIterations);
      const { wrappedUserKey } = await secretsApi.unlock(derived.proof);
      return openVault(derived.key, wrappedUserKey, {
        publicKey: status.publicKey!,
        wrappedPrivateKey: status.wrappedPrivateKey!,
      });
    },
    invalidate: [secretKeys.vault],
    onSuccess: (keys) => setVaultKeys(keys),
  });
  return (
    <form
      id={form.formId}
      className="vault-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problems = passcodeProblems(form.values.passcode);
        if (problems.length) return unlock.setProblems(problemsByField(problems, t));
        void unlock.submit(form.values.passcode);
      }}
    >
      <h2>{t('unlock.title')}</h2>
      <Field
        id="passcode"
        digits
        label={t('setup.passcode')}
        value={form.values.passcode}
        onChange={(value) => (form.set('passcode', value), unlock.clear())}
        error={unlock.fieldErrors.passcode ?? unlock.message ?? undefined}
      />
      <div className="vault-actions">
        <Button type="submit" label={t('unlock.submit')} loading={unlock.submitting} />
        <Button type="button" link label={t('unlock.forgot')} onClick={onForgot} />
      </div>
    </form>
  );
}

/** A forgotten passcode: the recovery key opens the vault, a new (different) passcode is set. */
export function VaultRecover({ status, onDone }: { status: VaultStatus; onDone: () => void }) {
  const { t } = useTranslation(['secrets', 'errors']);
  const form = useFormValues({ recoveryKey: '', passcode: '', confirmPasscode: '' });
  const reset = useFormMutation({
    mutationFn: async (values: typeof form.values) => {
      const recovery = await deriveRecoveryKeys(values.recoveryKey);
      const { wrappedUserKey } = await secretsApi.recover(recovery.proof);
      const keys = await openVault(recovery.key, wrappedUserKey, {
        publicKey: status.publicKey!,
        wrappedPrivateKey: status.wrappedPrivateKey!,
      });
      const [fresh, same] = await Promise.all([
        rewrapForPasscode(keys.userKeyRaw, values.passcode),
        derivePasscodeKeys(values.passcode, status.passcodeSalt!, status.kdfIterations),
      ]);
      await secretsApi.resetPasscode({
        recoveryProof: recovery.proof,
        sameAsCurrentProof: same.proof,
        ...fresh,
      });
      return keys;
    },
    invalidate: [secretKeys.vault],
    success: t('recover.done'),
    onSuccess: (keys) => (setVaultKeys(keys), onDone()),
  });
  const set = (field: keyof typeof form.values) => (value: string) => (
    form.set(field, value),
    reset.clear(field)
  );
  return (
    <form
      id={form.formId}
      className="vault-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problems = [
          ...recoveryKeyProblems(form.values.recoveryKey),
          ...passcodeProblems(form.values.passcode, form.values.confirmPasscode),
        ];
        if (problems.length) return reset.setProblems(problemsByField(problems, t));
        void reset.submit(form.values);
      }}
    >
      <h2>{t('recover.title')}</h2>
      <Field
        id="recoveryKey"
        label={t('recover.recoveryKey')}
        value={form.values.recoveryKey}
        onChange={set('recoveryKey')}
        error={reset.fieldErrors.recoveryKey}
      />
      <Field
        id="passcode"
        digits
        label={t('recover.newPasscode')}
        value={form.values.passcode}
        onChange={set('passcode')}
        error={reset.fieldErrors.passcode}
      />
      <Field
        id="confirmPasscode"
        digits
        label={t('recover.confirm')}
        value={form.values.confirmPasscode}
        onChange={set('confirmPasscode')}
        error={reset.fieldErrors.confirmPasscode}
      />
      {reset.message && (
        <small className="vault-error" role="alert">
          {reset.message}
        </small>
      )}
      <div className="vault-actions">
        <Button type="submit" label={t('recover.submit')} loading={reset.submitting} />
        <Button type="button" link label={t('recover.back')} onClick={onDone} />
      </div>
    </form>
  );
}
