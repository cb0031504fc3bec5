import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clearSessionEnd } from '../api/session.ts';

/**
 * Shown in place of the page when its session ended while it was open: says why (the account was
 * deactivated, the session was signed out elsewhere or expired) before the person goes to sign in.
 */
export function SessionEnded({ reason }: { reason: string }) {
  const { t } = useTranslation(['common', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const deactivated = reason === 'ACCOUNT_DEACTIVATED';
  return (
    <div className="auth-page">
      <section className="auth-card" role="alert" data-testid="session-ended">
        <h1>{deactivated ? t('sessionEnded.deactivatedTitle') : t('sessionEnded.title')}</h1>
        <title>{`${deactivated ? t('sessionEnded.deactivatedTitle') : t('sessionEnded.title')} · ${t('appName')}`}</title>
        <p>{t(`errors:codes.${deactivated ? 'ACCOUNT_DEACTIVATED' : 'SESSION_EXPIRED'}`)}</p>
        <Button
          label={t('sessionEnded.signIn')}
          onClick={() => {
            clearSessionEnd();
            const next = `${location.pathname}${location.search}`;
            navigate(`/sign-in?next=${encodeURIComponent(next)}`, { replace: true });
          }}
        />
      </section>
    </div>
  );
}
