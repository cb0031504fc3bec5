import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordChangeResult } from '../../../shared/account.schemas.ts';
import { accountApi, errorMessage, fieldErrors } from './account.api.ts';
import { NewPasswordFields, PasswordInput } from './PasswordFields.tsx';

/**
 * Current password, new password and confirmation. The server's validations call runs first, then the
 * change (spec section 5); `expired` uses the forced-update calls, the only ones an expired password allows.
 */
export function ChangePasswordForm({
  expired,
  onChanged,
  className = 'form-stack',
}: {
  expired: boolean;
  onChanged: (result: PasswordChangeResult) => void;
  className?: string;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const errors = fieldErrors(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const result = await accountApi.changePassword({ currentPassword, password, confirmPassword }, expired);
      setCurrentPassword('');
      setPassword('');
      setConfirmPassword('');
      onChanged(result);
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className={className} method="post" onSubmit={submit} noValidate data-testid="change-password-form">
      {error !== null && Object.keys(errors).length === 0 && (
        <Message severity="error" text={errorMessage(error, t)} />
      )}
      <PasswordInput
        id="currentPassword"
        label={t('password.current')}
        value={currentPassword}
        onChange={setCurrentPassword}
        error={errors.currentPassword}
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPassword={setPassword}
        onConfirmPassword={setConfirmPassword}
        errors={errors}
      />
      <Button
        type="submit"
        label={submitting ? t('change.submitting') : t('change.submit')}
        loading={submitting}
      />
    </form>
  );
}
