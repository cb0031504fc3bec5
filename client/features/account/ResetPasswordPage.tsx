import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { accountApi } from './account.api.ts';
import { useResetLink } from './account.queries.ts';
import { NewPasswordFields } from './PasswordFields.tsx';
import { PublicCard } from './PublicCard.tsx';

/** /reset-password?token=…: choose a new password; an expired link offers a new one (spec section 8). */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useResetLink(token);
  const form = useFormValues({ password: '', confirmPassword: '' });
  const [done, setDone] = useState<string | null>(null);
  const reset = useFormMutation({
    mutationFn: (values: { password: string; confirmPassword: string }) =>
      accountApi.resetPassword({ token, ...values }),
    onSuccess: (result) => setDone(result.email),
  });

  const expired =
    token === '' ||
    (link.error instanceof ApiError && link.error.status === 410) ||
    (reset.error instanceof ApiError && reset.error.status === 410);

  if (expired) {
    return (
      <PublicCard title={t('reset.expiredTitle')} testId="reset-link-expired">
        <Message severity="warn" text={t('reset.expiredBody')} />
        <Link to="/forgot-password" className="p-button">
          {t('reset.requestNewLink')}
        </Link>
      </PublicCard>
    );
  }
  if (done) {
    return (
      <PublicCard title={t('reset.successTitle')} testId="reset-done" backToSignIn={false}>
        <p>{t('reset.successBody')}</p>
        <Link to={`/sign-in?email=${encodeURIComponent(done)}`} className="p-button">
          {t('invite.goToSignIn')}
        </Link>
      </PublicCard>
    );
  }
  if (!link.data) {
    return (
      <PublicCard title={t('reset.title')}>
        {link.error ? (
          <Message severity="error" text={errorMessage(link.error, t)} />
        ) : (
          <p className="auth-card__subtitle">{t('reset.checking')}</p>
        )}
      </PublicCard>
    );
  }

  return (
    <PublicCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle', { email: link.data.email })}
      formId={form.formId}
      onSubmit={(event) => {
        event.preventDefault();
        void reset.submit(form.values);
      }}
      testId="reset-password"
    >
      {reset.message && <Message severity="error" text={reset.message} className="auth-card__error" />}
      <NewPasswordFields
        password={form.values.password}
        confirmPassword={form.values.confirmPassword}
        onPassword={(value) => form.set('password', value)}
        onConfirmPassword={(value) => form.set('confirmPassword', value)}
        errors={reset.fieldErrors}
      />
      <Button
        type="submit"
        label={reset.submitting ? t('reset.submitting') : t('reset.submit')}
        loading={reset.submitting}
      />
    </PublicCard>
  );
}
