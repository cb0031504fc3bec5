import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useSession, useSignIn } from '../../api/session.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { LanguageSwitcher } from '../../layout/LanguageSwitcher.tsx';
import { useHydrated } from '../../layout/use-hydrated.ts';
import { twoFactorChallengeOf } from '../account/account.api.ts';
import { TwoFactorStep } from '../account/TwoFactorStep.tsx';
import { safeNextPath } from './safe-next.ts';

/** Sign in with email and password; returns the person to the page they asked for. */
export default function SignInPage() {
  const { t } = useTranslation(['auth', 'errors', 'common', 'account']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const signIn = useSignIn();
  const hydrated = useHydrated();
  const form = useFormValues({ email: params.get('email') ?? '', password: '' });
  // Set when the password was right and two-factor authentication asks for a code.
  const [challenge, setChallenge] = useState<string | null>(null);
  const next = safeNextPath(params.get('next'));
  const submit = useFormMutation({
    mutationFn: (values: { email: string; password: string }) => signIn(values.email, values.password),
    onSuccess: () => navigate(next, { replace: true }),
    onError: (caught) => {
      const secondStep = twoFactorChallengeOf(caught);
      if (secondStep) setChallenge(secondStep);
      // Signed in, but the password expired: it must be replaced before anything else (498).
      else if (caught instanceof ApiError && caught.code === 'PASSWORD_EXPIRED')
        navigate('/change-password', { replace: true });
      else return false;
      return true;
    },
  });

  if (session && !submit.submitting) return <Navigate to={next} replace />;
  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onRestart={() => setChallenge(null)}
        onDone={({ passwordExpired }) =>
          navigate(passwordExpired ? '/change-password' : next, { replace: true })
        }
      />
    );
  }

  const { values, set } = form;
  const errors = submit.fieldErrors;
  return (
    <div className="auth-page">
      {/* POST: before the script runs, a submitted form must never put the password in the address. */}
      <form
        id={form.formId}
        className="auth-card"
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          void submit.submit(values);
        }}
        noValidate
      >
        <div className="auth-card__top">
          <span className="auth-card__brand">
            <i className="pi pi-th-large" aria-hidden="true" /> {t('common:appName')}
          </span>
          <LanguageSwitcher />
        </div>
        <h1>{t('signIn.title')}</h1>
        <p className="auth-card__subtitle">{t('signIn.subtitle')}</p>
        {submit.message && (
          <Message
            severity="error"
            text={submit.message}
            className="auth-card__error"
            data-testid="sign-in-error"
          />
        )}
        <label htmlFor="email">{t('signIn.email')}</label>
        <InputText
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          value={values.email}
          invalid={Boolean(errors.email)}
          onChange={(event) => set('email', event.target.value)}
          autoFocus
        />
        {errors.email && <small className="field-error">{errors.email}</small>}
        <label htmlFor="password">{t('signIn.password')}</label>
        <Password
          inputId="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          feedback={false}
          toggleMask
          invalid={Boolean(errors.password)}
          onChange={(event) => set('password', event.target.value)}
        />
        {errors.password && <small className="field-error">{errors.password}</small>}
        <Link
          to={`/forgot-password${values.email ? `?email=${encodeURIComponent(values.email)}` : ''}`}
          className="auth-card__link auth-card__link--end"
        >
          {t('account:forgot.link')}
        </Link>
        <Button
          type="submit"
          label={submit.submitting ? t('signIn.submitting') : t('signIn.submit')}
          loading={submit.submitting}
          disabled={!hydrated}
        />
      </form>
    </div>
  );
}
