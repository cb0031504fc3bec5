import { useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/rules/format.ts';
import { usePermission, useSession } from '../../api/session.ts';
import { useToast } from '../../layout/toast.tsx';
import { accountKeys, usePasswordExpiry } from '../account/account.queries.ts';
import { ChangePasswordForm } from '../account/ChangePasswordForm.tsx';
import { WorkDevicesCard } from '../devices/WorkDevicesCard.tsx';
import { AvatarCard } from './AvatarCard.tsx';
import { PasswordPolicyCard } from './PasswordPolicyCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

/** /settings: own details, avatar, language, password and two-factor authentication (spec section 2). */
export default function SettingsPage() {
  const { t } = useTranslation('account');
  const session = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const canManagePolicy = usePermission('password-policy.manage');
  const expiry = usePasswordExpiry();

  if (!session) return null;
  const state = expiry.data?.state;
  return (
    <div className="settings-page" data-testid="settings-page">
      <div className="settings-page__column">
        <ProfileCard key={session.user.id} session={session} />
        <AvatarCard session={session} />
      </div>
      <div className="settings-page__column">
        <section className="settings-card" id="password" data-testid="password-card">
          <h2>{t('settings.passwordTitle')}</h2>
          {expiry.data && (
            <Message
              severity={state === 'OK' || state === 'NEVER' ? 'info' : 'warn'}
              text={
                state === 'NEVER'
                  ? t('expiry.never')
                  : state === 'EXPIRED'
                    ? t('expiry.expired')
                    : t('expiry.status', { date: formatDate(expiry.data.expiresAt!) })
              }
            />
          )}
          <ChangePasswordForm
            expired={state === 'EXPIRED'}
            onChanged={(result) => {
              queryClient.setQueryData(accountKeys.passwordExpiry, result.expiry);
              toast.success(t('change.success'));
            }}
          />
        </section>
        <TwoFactorCard />
        {canManagePolicy && <PasswordPolicyCard />}
        <WorkDevicesCard />
      </div>
    </div>
  );
}
