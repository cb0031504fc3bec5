import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fullName } from '../../../shared/rules/format.ts';
import { ApiError } from '../../api/http.ts';
import { accountApi, errorMessage, fieldErrors } from './account.api.ts';
import { NewPasswordFields } from './PasswordFields.tsx';
import { InvitationExpiry, TermsAgreementLabel } from '../legal/TermsAgreement.tsx';
import { PublicCard } from './PublicCard.tsx';

/** /invite-account?token=…: the invited person sets a password and accepts the terms (spec section 2). */
export default function InviteAccountPage() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useQuery({
    queryKey: ['account', 'invitation', token],
    queryFn: () => accountApi.checkSignUpToken(token, i18n.language),
    enabled: typeof window !== 'undefined' && token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const expired =
    token === '' ||
    (invitation.error instanceof ApiError && invitation.error.status === 410) ||
    (error instanceof ApiError && error.status === 410);

  if (expired) {
    return (
      <PublicCard title={t('invite.expiredTitle')} testId="invitation-expired">
        <Message severity="warn" text={t('invite.expiredBody')} />
      </PublicCard>
    );
  }
  if (done) {
    return (
      <PublicCard title={t('invite.successTitle')} testId="sign-up-done" backToSignIn={false}>
        <p>{t('invite.successBody', { email: done })}</p>
        <Link to={`/sign-in?email=${encodeURIComponent(done)}`} className="p-button">
          {t('invite.goToSignIn')}
        </Link>
      </PublicCard>
    );
  }
  if (!invitation.data) {
    return (
      <PublicCard title={t('invite.title')}>
        {invitation.error ? (
          <Message severity="error" text={errorMessage(invitation.error, t)} />
        ) : (
          <p className="auth-card__subtitle">{t('invite.checking')}</p>
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
      const result = await accountApi.signUp(
        { token, password, confirmPassword, agreeToTerms: agree },
        i18n.language,
      );
      setDone(result.email);
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  const person = invitation.data;
  return (
    <PublicCard
      title={t('invite.title')}
      subtitle={t('invite.welcome', { name: fullName(person) || person.email })}
      onSubmit={submit}
      testId="invite-account"
    >
      {error !== null && Object.keys(errors).length === 0 && (
        <Message severity="error" text={errorMessage(error, t)} className="auth-card__error" />
      )}
      <InvitationExpiry expiresAt={person.expiresAt} />
      <label htmlFor="email">{t('invite.email')}</label>
      <InputText id="email" value={person.email} readOnly autoComplete="username" />
      <NewPasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPassword={setPassword}
        onConfirmPassword={setConfirmPassword}
        errors={errors}
      />
      <div className="auth-card__check">
        <Checkbox
          inputId="agreeToTerms"
          checked={agree}
          invalid={Boolean(errors.agreeToTerms)}
          onChange={(event) => setAgree(Boolean(event.checked))}
        />
        <TermsAgreementLabel htmlFor="agreeToTerms" />
      </div>
      {errors.agreeToTerms && <small className="field-error">{errors.agreeToTerms}</small>}
      <Button
        type="submit"
        label={submitting ? t('invite.submitting') : t('invite.submit')}
        loading={submitting}
      />
    </PublicCard>
  );
}
