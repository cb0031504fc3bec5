import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { accountApi } from './account.api.ts';
import { PublicCard } from './PublicCard.tsx';

/** /forgot-password: asks for a reset link; the notice never says whether the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const form = useFormValues({ email: params.get('email') ?? '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useFormMutation({
    mutationFn: (email: string) => accountApi.forgotPassword(email),
    onSuccess: (_result, email) => setSentTo(email),
  });

  if (sentTo) {
    return (
      <PublicCard title={t('forgot.sentTitle')} testId="reset-link-sent">
        <Message severity="success" text={t('forgot.sentBody', { email: sentTo })} />
      </PublicCard>
    );
  }

  const errors = send.fieldErrors;
  return (
    <PublicCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      formId={form.formId}
      onSubmit={(event) => {
        event.preventDefault();
        void send.submit(form.values.email.trim());
      }}
      testId="forgot-password"
    >
      {send.message && <Message severity="error" text={send.message} className="auth-card__error" />}
      <label htmlFor="email">{t('forgot.email')}</label>
      <InputText
        id="email"
        name="email"
        type="email"
        autoComplete="username"
        value={form.values.email}
        invalid={Boolean(errors.email)}
        onChange={(event) => form.set('email', event.target.value)}
        autoFocus
      />
      {errors.email && <small className="field-error">{errors.email}</small>}
      <Button
        type="submit"
        label={send.submitting ? t('forgot.submitting') : t('forgot.submit')}
        loading={send.submitting}
      />
    </PublicCard>
  );
}
