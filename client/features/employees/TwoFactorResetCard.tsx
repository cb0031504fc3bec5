import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { Toast } from 'primereact/toast';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import type { EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { profileApi } from './profile.api.ts';
import { profileKeys, usePersonTwoFactor } from './profile.queries.ts';

/**
 * A person's two-factor authentication, for those who manage employees: whether it is on, and a reset
 * for someone who lost their phone (they are told by mail and set it up again from their settings).
 */
export function TwoFactorResetCard({
  person,
  toast,
}: {
  person: EmployeeSummary;
  toast: RefObject<Toast | null>;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const queryClient = useQueryClient();
  const status = usePersonTwoFactor(person.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = fullName(person) || person.email;

  async function reset() {
    setBusy(true);
    try {
      await profileApi.resetTwoFactor(person.id);
      toast.current?.show({ severity: 'success', summary: t('twoFactor.resetDone', { name }), life: 5000 });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.twoFactor(person.id) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.historyOf(person.id) }),
      ]);
    } catch (error) {
      toast.current?.show({ severity: 'error', summary: errorMessage(error, t), life: 6000 });
    } finally {
      setBusy(false);
    }
  }

  const data = status.data;
  return (
    <section className="people-card" data-testid="profile-two-factor" aria-label={t('sections.twoFactor')}>
      <div className="profile-card__head">
        <h3>{t('sections.twoFactor')}</h3>
        {data && (
          <Tag
            value={data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
            severity={data.enabled ? 'success' : 'secondary'}
            data-testid="two-factor-state"
          />
        )}
      </div>
      {status.isError && <Message severity="error" text={errorMessage(status.error, t)} />}
      {data && (
        <p>
          {data.enabled
            ? t('twoFactor.enabledSince', {
                date: formatDate(data.enabledAt!),
                count: data.recoveryCodesLeft,
              })
            : t('twoFactor.notEnabled')}
        </p>
      )}
      {data?.enabled && (
        <>
          <p>
            <small>{t('twoFactor.resetHint')}</small>
          </p>
          <Button
            severity="danger"
            outlined
            icon="pi pi-refresh"
            label={t('actions.resetTwoFactor')}
            loading={busy}
            onClick={() => setConfirming(true)}
            data-testid="reset-two-factor"
          />
        </>
      )}
      <ConfirmAction
        visible={confirming}
        onCancel={() => setConfirming(false)}
        title={t('twoFactor.confirmTitle', { name })}
        message={t('twoFactor.confirmBody')}
        action={t('actions.resetTwoFactor')}
        busy={busy}
        onConfirm={() => void reset().then(() => setConfirming(false))}
      />
    </section>
  );
}
