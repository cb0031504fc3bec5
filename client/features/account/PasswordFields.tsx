import { Password } from 'primereact/password';
import { useTranslation } from 'react-i18next';
import { checkPassword, type PasswordCheck } from '../../../shared/rules/password.ts';

const RULES: Array<keyof PasswordCheck> = ['length', 'uppercase', 'lowercase', 'digit', 'special'];

/** A labelled password input with its field error. */
export function PasswordInput({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <Password
        inputId={id}
        name={id}
        value={value}
        feedback={false}
        toggleMask
        autoComplete={autoComplete}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <small className="field-error" id={`${id}-error`}>
          {error}
        </small>
      )}
    </>
  );
}

/** The new password and its confirmation, with the policy ticked off as the person types (spec section 5). */
export function NewPasswordFields({
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
  errors,
}: {
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('account');
  const check = checkPassword(password);
  return (
    <>
      <PasswordInput
        id="password"
        label={t('password.new')}
        value={password}
        onChange={onPassword}
        error={errors.password}
        autoComplete="new-password"
      />
      <div className="password-rules" aria-live="polite">
        <span>{t('password.rules.title')}</span>
        <ul>
          {RULES.map((rule) => (
            <li key={rule} className={check[rule] ? 'is-met' : ''}>
              <i className={check[rule] ? 'pi pi-check-circle' : 'pi pi-circle'} aria-hidden="true" />{' '}
              {t(`password.rules.${rule}`)}
            </li>
          ))}
        </ul>
      </div>
      <PasswordInput
        id="confirmPassword"
        label={t('password.confirm')}
        value={confirmPassword}
        onChange={onConfirmPassword}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}
