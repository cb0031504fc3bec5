import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../../shared/rules/format.ts';
import { onPasswordExpired } from '../../api/http.ts';
import { accountApi } from './account.api.ts';
import { accountKeys, usePasswordExpiry } from './account.queries.ts';

/**
 * Inside the shell: an expired password (any call answering 498) sends the person to /change-password;
 * a password that expires soon shows a notice once per password ("Remind me later" records that).
 */
export function PasswordExpiryNotice() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [closed, setClosed] = useState(false);
  const expiry = usePasswordExpiry({ staleTime: 60 * 60_000 });

  useEffect(() => onPasswordExpired(() => navigate('/change-password', { replace: true })), [navigate]);
  useEffect(() => {
    if (expiry.data?.state === 'EXPIRED') navigate('/change-password', { replace: true });
  }, [expiry.data?.state, navigate]);

  const data = expiry.data;
  const visible = !closed && data?.state === 'EXPIRING_SOON' && !data.notified && pathname !== '/settings';

  async function later() {
    setClosed(true);
    await accountApi.expiryNotified().catch(() => {});
    await queryClient.invalidateQueries({ queryKey: accountKeys.passwordExpiry });
  }

  return (
    <Dialog
      visible={visible}
      onHide={() => void later()}
      header={t('expiry.soonTitle')}
      modal
      draggable={false}
      resizable={false}
      data-testid="password-expiring-notice"
      footer={
        <>
          <Button label={t('expiry.later')} severity="secondary" text onClick={() => void later()} />
          <Button
            label={t('expiry.changeNow')}
            onClick={() => {
              setClosed(true);
              navigate('/settings#password');
            }}
          />
        </>
      }
    >
      {data?.expiresAt && (
        <p>{t('expiry.soonBody', { count: data.daysLeft ?? 0, date: formatDate(data.expiresAt) })}</p>
      )}
    </Dialog>
  );
}
