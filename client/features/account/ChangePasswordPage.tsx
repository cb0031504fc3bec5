import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { fetchSession, sessionKeys } from '../../api/session.ts';
import { accountKeys, usePasswordExpiry } from './account.queries.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { PublicCard } from './PublicCard.tsx';

/**
 * /change-password: where an expired password is replaced (every other call answers 498 until then),
 * and where anyone signed in may change theirs.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation(['account', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState(false);
  const expiry = usePasswordExpiry({ retry: false });

  if (expiry.error instanceof ApiError && expiry.error.status === 401) {
    return (
      <PublicCard title={t('change.title')} testId="change-password-sign-in">
        <Message severity="info" text={t('change.signInFirst')} />
        <Link to="/sign-in?next=%2Fchange-password" className="p-button">
          {t('auth:signIn.submit')}
        </Link>
      </PublicCard>
    );
  }
  if (changed) {
    return (
      <PublicCard title={t('change.title')} testId="password-changed" backToSignIn={false}>
        <Message severity="success" text={t('change.success')} />
        <Button label={t('change.continue')} onClick={() => navigate('/', { replace: true })} />
      </PublicCard>
    );
  }
  if (!expiry.data) {
    return (
      <PublicCard title={t('change.title')}>
        {expiry.error ? (
          <Message severity="error" text={errorMessage(expiry.error, t)} />
        ) : (
          <p>{t('common:actions.loading')}</p>
        )}
      </PublicCard>
    );
  }

  const expired = expiry.data.state === 'EXPIRED';
  return (
    <PublicCard
      title={expired ? t('change.expiredTitle') : t('change.title')}
      subtitle={expired ? t('change.expiredBody') : undefined}
      testId="change-password"
      backToSignIn={false}
    >
      <ChangePasswordForm
        expired={expired}
        className="auth-card__form"
        onChanged={async () => {
          queryClient.removeQueries({ queryKey: accountKeys.passwordExpiry });
          queryClient.setQueryData(sessionKeys.session, await fetchSession().catch(() => null));
          setChanged(true);
        }}
      />
    </PublicCard>
  );
}
