import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { accountApi, errorMessage, fieldErrors } from './account.api.ts';
import { NewPasswordFields } from './PasswordFields.tsx';
import { PublicCard } from './PublicCard.tsx';

/** /reset-password?token=…: choose a new password; an expired link offers a new one (spec section 8). */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['account', 'reset-link', token],
    queryFn: () => accountApi.checkResetToken(token, i18n.language),
    enabled: typeof window !== 'undefined' && token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const expired =
    token === '' ||
    (link.error instanceof ApiError && link.error.status === 410) ||
    (error instanceof ApiError && error.status === 410);

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

  const errors = fieldErrors(error);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const result = await accountApi.resetPassword({ token, password, confirmPassword }, i18n.language);
      setDone(result.email);
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle', { email: link.data.email })}
      onSubmit={submit}
      testId="reset-password"
    >
      {error !== null && Object.keys(errors).length === 0 && (
        <Message severity="error" text={errorMessage(error, t)} className="auth-card__error" />
      )}
      <NewPasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPassword={setPassword}
        onConfirmPassword={setConfirmPassword}
        errors={errors}
      />
      <Button
        type="submit"
        label={submitting ? t('reset.submitting') : t('reset.submit')}
        loading={submitting}
      />
    </PublicCard>
  );
}
