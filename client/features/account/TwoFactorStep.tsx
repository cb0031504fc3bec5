import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { fetchSession, queryKeys } from '../../api/session.ts';
import { accountApi, errorMessage, fieldErrors } from './account.api.ts';
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
  const { t, i18n } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const field = useRecovery ? 'recoveryCode' : 'code';
  const errors = fieldErrors(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await accountApi.signInSecondFactor(
        { challenge, ...(useRecovery ? { recoveryCode: value.trim() } : { code: value.trim() }) },
        i18n.language,
      );
      try {
        queryClient.setQueryData(queryKeys.session, await fetchSession());
        onDone({ passwordExpired: false });
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'PASSWORD_EXPIRED')
          onDone({ passwordExpired: true });
        else throw caught;
      }
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'SESSION_EXPIRED') onRestart();
      else setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicCard
      title={t('twoFactor.signInTitle')}
      subtitle={t('twoFactor.signInSubtitle')}
      onSubmit={submit}
      testId="two-factor-step"
      backToSignIn={false}
    >
      {error !== null && !errors[field] && (
        <Message severity="error" text={errorMessage(error, t)} className="auth-card__error" />
      )}
      <label htmlFor="two-factor-code">
        {useRecovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
      </label>
      <InputText
        id="two-factor-code"
        value={value}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        maxLength={useRecovery ? 40 : 6}
        invalid={Boolean(errors[field])}
        onChange={(event) => setValue(event.target.value)}
        autoFocus
      />
      {errors[field] && <small className="field-error">{errors[field]}</small>}
      <Button
        type="submit"
        label={submitting ? t('twoFactor.verifying') : t('twoFactor.verify')}
        loading={submitting}
      />
      <Button
        type="button"
        link
        label={useRecovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
        onClick={() => {
          setUseRecovery((current) => !current);
          setValue('');
          setError(null);
        }}
      />
      <Button type="button" link label={t('twoFactor.restart')} onClick={onRestart} />
    </PublicCard>
  );
}
