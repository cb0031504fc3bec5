import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { fetchSession, sessionKeys } from '../../api/session.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { accountApi } from './account.api.ts';
import { PublicCard } from './PublicCard.tsx';

/**
 * The second step of a sign-in: a code from the authenticator app, or a recovery code. A spent or
 * expired challenge sends the person back to the password step.
 */
export function TwoFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  /** Called once the session is loaded; `passwordExpired` when the password must be replaced first. */
  onDone: (outcome: { passwordExpired: boolean }) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useFormValues({ code: '' });
  const field = useRecovery ? 'recoveryCode' : 'code';
  const verify = useFormMutation({
    mutationFn: async (value: string) => {
      await accountApi.signInSecondFactor({
        challenge,
        ...(useRecovery ? { recoveryCode: value.trim() } : { code: value.trim() }),
      });
      try {
        queryClient.setQueryData(sessionKeys.session, await fetchSession());
        return { passwordExpired: false };
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'PASSWORD_EXPIRED')
          return { passwordExpired: true };
        throw caught;
      }
    },
    onSuccess: onDone,
    onError: (caught) => {
      if (!(caught instanceof ApiError && caught.code === 'SESSION_EXPIRED')) return false;
      onRestart();
      return true;
    },
  });
  const error = verify.fieldErrors[field];

  return (
    <PublicCard
      title={t('twoFactor.signInTitle')}
      subtitle={t('twoFactor.signInSubtitle')}
      formId={form.formId}
      onSubmit={(event) => {
        event.preventDefault();
        void verify.submit(form.values.code);
      }}
      testId="two-factor-step"
      backToSignIn={false}
    >
      {verify.error !== null && !error && (verify.message || Object.keys(verify.fieldErrors).length > 0) && (
        <Message
          severity="error"
          text={verify.message ?? Object.values(verify.fieldErrors)[0]!}
          className="auth-card__error"
        />
      )}
      <label htmlFor="two-factor-code">
        {useRecovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
      </label>
      <InputText
        id="two-factor-code"
        name="code"
        value={form.values.code}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        maxLength={useRecovery ? 40 : 6}
        invalid={Boolean(error)}
        onChange={(event) => form.set('code', event.target.value)}
        autoFocus
      />
      {error && <small className="field-error">{error}</small>}
      <Button
        type="submit"
        label={verify.submitting ? t('twoFactor.verifying') : t('twoFactor.verify')}
        loading={verify.submitting}
      />
      <Button
        type="button"
        link
        label={useRecovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
        onClick={() => {
          setUseRecovery((current) => !current);
          form.set('code', '');
          verify.clear();
        }}
      />
      <Button type="button" link label={t('twoFactor.restart')} onClick={onRestart} />
    </PublicCard>
  );
}
