import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { useSession, useSignIn } from '../../api/session.ts';
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
  const [email, setEmail] = useState(params.get('email') ?? '');
  // Set when the password was right and two-factor authentication asks for a code.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Only same-site paths are followed after sign-in, never another site's address.
  const next = safeNextPath(params.get('next'));

  if (session) return <Navigate to={next} replace />;
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

  const fieldError = (field: string) => error?.fieldErrors.find((f) => f.field === field)?.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await signIn(email, password);
      navigate(next, { replace: true });
    } catch (caught) {
      const secondStep = twoFactorChallengeOf(caught);
      if (secondStep) return setChallenge(secondStep);
      // Signed in, but the password expired: it must be replaced before anything else (498).
      if (caught instanceof ApiError && caught.code === 'PASSWORD_EXPIRED')
        return navigate('/change-password', { replace: true });
      setError(caught instanceof ApiError ? caught : new ApiError(0, 'NETWORK', ''));
    } finally {
      setSubmitting(false);
    }
  }

  // The server's message is already in the chosen language; a network failure has none.
  const message = error ? error.message || t(`errors:codes.${error.code}`) : null;
  return (
    <div className="auth-page">
      {/* POST: before the script runs, a submitted form must never put the password in the address. */}
      <form className="auth-card" method="post" onSubmit={submit} noValidate>
        <div className="auth-card__top">
          <span className="auth-card__brand">
            <i className="pi pi-th-large" aria-hidden="true" /> {t('common:appName')}
          </span>
          <LanguageSwitcher />
        </div>
        <h1>{t('signIn.title')}</h1>
        <p className="auth-card__subtitle">{t('signIn.subtitle')}</p>
        {message && !error?.fieldErrors.length && (
          <Message severity="error" text={message} className="auth-card__error" data-testid="sign-in-error" />
        )}
        <label htmlFor="email">{t('signIn.email')}</label>
        <InputText
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          invalid={Boolean(fieldError('email'))}
          onChange={(event) => setEmail(event.target.value)}
          autoFocus
        />
        {fieldError('email') && <small className="field-error">{fieldError('email')}</small>}
        <label htmlFor="password">{t('signIn.password')}</label>
        <Password
          inputId="password"
          name="password"
          autoComplete="current-password"
          value={password}
          feedback={false}
          toggleMask
          invalid={Boolean(fieldError('password'))}
          onChange={(event) => setPassword(event.target.value)}
        />
        {fieldError('password') && <small className="field-error">{fieldError('password')}</small>}
        <Link
          to={`/forgot-password${email ? `?email=${encodeURIComponent(email)}` : ''}`}
          className="auth-card__link auth-card__link--end"
        >
          {t('account:forgot.link')}
        </Link>
        <Button
          type="submit"
          label={submitting ? t('signIn.submitting') : t('signIn.submit')}
          loading={submitting}
          disabled={!hydrated}
        />
      </form>
    </div>
  );
}
