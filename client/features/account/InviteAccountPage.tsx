import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fullName } from '../../../shared/rules/format.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { applyLanguage } from '../../i18n/language.ts';
import { accountApi } from './account.api.ts';
import { useInvitation } from './account.queries.ts';
import { NewPasswordFields } from './PasswordFields.tsx';
import { InvitationExpiry, TermsAgreementLabel } from '../legal/TermsAgreement.tsx';
import { PublicCard } from './PublicCard.tsx';

/** /invite-account?token=…: the invited person sets a password and accepts the terms (spec section 2). */
export default function InviteAccountPage() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const form = useFormValues({ password: '', confirmPassword: '', agreeToTerms: false });
  const [done, setDone] = useState<string | null>(null);
  const signUp = useFormMutation({
    mutationFn: (values: typeof form.values) => accountApi.signUp({ token, ...values }),
    onSuccess: (result) => setDone(result.email),
  });

  // The page speaks the invitee's language, as their invitation mail does. A link without `lang`
  // (an older mail) is switched once the invitation is known; a link with one was rendered in it.
  const inviteeLanguage = invitation.data?.language;
  const linkChoseLanguage = params.has('lang');
  useEffect(() => {
    if (inviteeLanguage && !linkChoseLanguage) void applyLanguage(i18n, inviteeLanguage);
  }, [inviteeLanguage, linkChoseLanguage, i18n]);

  const expired =
    token === '' ||
    (invitation.error instanceof ApiError && invitation.error.status === 410) ||
    (signUp.error instanceof ApiError && signUp.error.status === 410);

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

  const person = invitation.data;
  const errors = signUp.fieldErrors;
  return (
    <PublicCard
      title={t('invite.title')}
      subtitle={t('invite.welcome', { name: fullName(person) || person.email })}
      formId={form.formId}
      onSubmit={(event) => {
        event.preventDefault();
        void signUp.submit(form.values);
      }}
      testId="invite-account"
    >
      {signUp.message && <Message severity="error" text={signUp.message} className="auth-card__error" />}
      <InvitationExpiry expiresAt={person.expiresAt} />
      <label htmlFor="email">{t('invite.email')}</label>
      <InputText id="email" value={person.email} readOnly autoComplete="username" />
      <NewPasswordFields
        password={form.values.password}
        confirmPassword={form.values.confirmPassword}
        onPassword={(value) => form.set('password', value)}
        onConfirmPassword={(value) => form.set('confirmPassword', value)}
        errors={errors}
      />
      <div className="auth-card__check">
        <Checkbox
          inputId="agreeToTerms"
          name="agreeToTerms"
          checked={form.values.agreeToTerms}
          invalid={Boolean(errors.agreeToTerms)}
          onChange={(event) => form.set('agreeToTerms', Boolean(event.checked))}
        />
        <TermsAgreementLabel htmlFor="agreeToTerms" />
      </div>
      {errors.agreeToTerms && <small className="field-error">{errors.agreeToTerms}</small>}
      <Button
        type="submit"
        label={signUp.submitting ? t('invite.submitting') : t('invite.submit')}
        loading={signUp.submitting}
      />
    </PublicCard>
  );
}
