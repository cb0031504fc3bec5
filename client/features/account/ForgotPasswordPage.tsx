import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accountApi, errorMessage, fieldErrors } from './account.api.ts';
import { PublicCard } from './PublicCard.tsx';

/** /forgot-password: asks for a reset link; the notice never says whether the account exists. */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  if (sentTo) {
    return (
      <PublicCard title={t('forgot.sentTitle')} testId="reset-link-sent">
        <Message severity="success" text={t('forgot.sentBody', { email: sentTo })} />
      </PublicCard>
    );
  }

  const errors = fieldErrors(error);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await accountApi.forgotPassword(email.trim(), i18n.language);
      setSentTo(email.trim());
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      onSubmit={submit}
      testId="forgot-password"
    >
      {error !== null && !errors.email && (
        <Message severity="error" text={errorMessage(error, t)} className="auth-card__error" />
      )}
      <label htmlFor="email">{t('forgot.email')}</label>
      <InputText
        id="email"
        type="email"
        autoComplete="username"
        value={email}
        invalid={Boolean(errors.email)}
        onChange={(event) => setEmail(event.target.value)}
        autoFocus
      />
      {errors.email && <small className="field-error">{errors.email}</small>}
      <Button
        type="submit"
        label={submitting ? t('forgot.submitting') : t('forgot.submit')}
        loading={submitting}
      />
    </PublicCard>
  );
}
