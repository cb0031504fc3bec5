import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import type { PasswordChangeResult } from '../../../shared/account.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { accountApi } from './account.api.ts';
import { NewPasswordFields, PasswordInput } from './PasswordFields.tsx';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

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
  onChanged: (result: PasswordChangeResult) => void | Promise<void>;
  className?: string;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const form = useFormValues(EMPTY);
  const change = useFormMutation({
    mutationFn: (values: typeof EMPTY) => accountApi.changePassword(values, expired),
    onSuccess: async (result) => {
      form.reset(EMPTY);
      await onChanged(result);
    },
  });

  return (
    <form
      id={form.formId}
      className={className}
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void change.submit(form.values);
      }}
      noValidate
      data-testid="change-password-form"
    >
      {change.message && <Message severity="error" text={change.message} />}
      <PasswordInput
        id="currentPassword"
        label={t('password.current')}
        value={form.values.currentPassword}
        onChange={(value) => form.set('currentPassword', value)}
        error={change.fieldErrors.currentPassword}
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={form.values.password}
        confirmPassword={form.values.confirmPassword}
        onPassword={(value) => form.set('password', value)}
        onConfirmPassword={(value) => form.set('confirmPassword', value)}
        errors={change.fieldErrors}
      />
      <Button
        type="submit"
        label={change.submitting ? t('change.submitting') : t('change.submit')}
        loading={change.submitting}
      />
    </form>
  );
}
