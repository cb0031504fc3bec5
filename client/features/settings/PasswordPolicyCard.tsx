import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordPolicySettings } from '../../../shared/account.schemas.ts';
import { accountApi, accountKeys, errorMessage, fieldErrors } from '../account/account.api.ts';

/** For holders of password-policy.manage: the maximum password age and the reminder days. */
export function PasswordPolicyCard({ onSaved }: { onSaved: (message: string) => void }) {
  const { t } = useTranslation(['account', 'errors']);
  const policy = useQuery({ queryKey: accountKeys.passwordPolicy, queryFn: accountApi.passwordPolicy });
  if (policy.error) return <Message severity="error" text={errorMessage(policy.error, t)} />;
  if (!policy.data) return null;
  return <PolicyForm initial={policy.data} onSaved={onSaved} />;
}

function PolicyForm({
  initial,
  onSaved,
}: {
  initial: PasswordPolicySettings;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const [maxAgeDays, setMaxAgeDays] = useState<number | null>(initial.maxAgeDays);
  const [reminderDays, setReminderDays] = useState<number | null>(initial.reminderDays);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const errors = fieldErrors(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await accountApi.savePasswordPolicy({
        maxAgeDays: maxAgeDays ?? 0,
        reminderDays: reminderDays ?? 0,
      });
      queryClient.setQueryData(accountKeys.passwordPolicy, saved);
      await queryClient.invalidateQueries({ queryKey: accountKeys.passwordExpiry });
      onSaved(t('settings.policySaved'));
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="settings-card form-stack"
      onSubmit={submit}
      noValidate
      data-testid="password-policy-card"
    >
      <h2>{t('settings.policyTitle')}</h2>
      {error !== null && Object.keys(errors).length === 0 && (
        <Message severity="error" text={errorMessage(error, t)} />
      )}
      <label htmlFor="maxAgeDays">{t('settings.maxAgeDays')}</label>
      <InputNumber
        inputId="maxAgeDays"
        value={maxAgeDays}
        min={0}
        max={3650}
        useGrouping={false}
        invalid={Boolean(errors.maxAgeDays)}
        onValueChange={(event) => setMaxAgeDays(event.value ?? null)}
      />
      {errors.maxAgeDays && <small className="field-error">{errors.maxAgeDays}</small>}
      <label htmlFor="reminderDays">{t('settings.reminderDays')}</label>
      <InputNumber
        inputId="reminderDays"
        value={reminderDays}
        min={0}
        max={365}
        useGrouping={false}
        invalid={Boolean(errors.reminderDays)}
        onValueChange={(event) => setReminderDays(event.value ?? null)}
      />
      {errors.reminderDays && <small className="field-error">{errors.reminderDays}</small>}
      <div className="form-stack__actions">
        <Button type="submit" label={t('settings.save')} loading={saving} />
      </div>
    </form>
  );
}
