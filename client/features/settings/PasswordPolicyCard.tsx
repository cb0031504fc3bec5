import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import type { PasswordPolicySettings } from '../../../shared/account.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { accountApi } from '../account/account.api.ts';
import { accountKeys, usePasswordPolicy } from '../account/account.queries.ts';

/** For holders of password-policy.manage: the maximum password age and the reminder days. */
export function PasswordPolicyCard({ onSaved, hint }: { onSaved?: () => void; hint?: string } = {}) {
  const { t } = useTranslation(['account', 'errors']);
  const policy = usePasswordPolicy();
  if (policy.error) return <Message severity="error" text={errorMessage(policy.error, t)} />;
  if (!policy.data) return null;
  return <PolicyForm initial={policy.data} onSaved={onSaved} hint={hint} />;
}

/** A number typed before hydration ("90") becomes the number; anything else is ignored. */
const typedNumber = (typed: string | boolean) => {
  const value = Number(String(typed).replace(/[^\d]/g, ''));
  return typeof typed === 'string' && typed.trim() !== '' && Number.isFinite(value) ? value : undefined;
};

function PolicyForm({
  initial,
  onSaved,
  hint,
}: {
  initial: PasswordPolicySettings;
  onSaved?: () => void;
  hint?: string;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const form = useFormValues<{ maxAgeDays: number | null; reminderDays: number | null }>(
    { maxAgeDays: initial.maxAgeDays, reminderDays: initial.reminderDays },
    { parse: { maxAgeDays: typedNumber, reminderDays: typedNumber } },
  );
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    mutationFn: accountApi.savePasswordPolicy,
    invalidate: [accountKeys.passwordExpiry],
    onSuccess: (saved) => {
      form.reset(saved);
      queryClient.setQueryData(accountKeys.passwordPolicy, saved);
      onSaved?.();
    },
    success: t('settings.policySaved'),
  });
  const errors = save.fieldErrors;

  return (
    <form
      id={form.formId}
      className="settings-card form-stack"
      onSubmit={(event) => {
        event.preventDefault();
        void save.submit({
          maxAgeDays: form.values.maxAgeDays ?? 0,
          reminderDays: form.values.reminderDays ?? 0,
        });
      }}
      noValidate
      data-testid="password-policy-card"
    >
      {guard.prompt}
      <h2>{t('settings.policyTitle')}</h2>
      {save.message && <Message severity="error" text={save.message} />}
      <label htmlFor="maxAgeDays">{t('settings.maxAgeDays')}</label>
      <InputNumber
        inputId="maxAgeDays"
        name="maxAgeDays"
        value={form.values.maxAgeDays}
        min={0}
        max={3650}
        useGrouping={false}
        invalid={Boolean(errors.maxAgeDays)}
        onValueChange={(event) => form.set('maxAgeDays', event.value ?? null)}
      />
      {errors.maxAgeDays && <small className="field-error">{errors.maxAgeDays}</small>}
      <label htmlFor="reminderDays">{t('settings.reminderDays')}</label>
      <InputNumber
        inputId="reminderDays"
        name="reminderDays"
        value={form.values.reminderDays}
        min={0}
        max={365}
        useGrouping={false}
        invalid={Boolean(errors.reminderDays)}
        onValueChange={(event) => form.set('reminderDays', event.value ?? null)}
      />
      {errors.reminderDays && <small className="field-error">{errors.reminderDays}</small>}
      {hint && <small>{hint}</small>}
      <div className="form-stack__actions">
        <Button type="submit" label={t('settings.save')} loading={save.submitting} />
      </div>
    </form>
  );
}
