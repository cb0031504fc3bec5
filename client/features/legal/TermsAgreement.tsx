import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/rules/date-time.ts';

/**
 * "I agree to the terms of service and privacy policy", each a link to its page. The pages open in a
 * new tab, so reading them does not lose what the person typed in the sign-up form.
 */
export function TermsAgreementLabel({ htmlFor }: { htmlFor: string }) {
  useTranslation('legal');
  return (
    <label htmlFor={htmlFor}>
      <Trans
        ns="legal"
        i18nKey="agreement"
        components={{
          terms: <a href="/terms" target="_blank" rel="noreferrer" data-testid="terms-link" />,
          privacy: <a href="/privacy" target="_blank" rel="noreferrer" data-testid="privacy-link" />,
        }}
      />
    </label>
  );
}

/** Until when an invitation link works, in the reader's own time zone (named, so it is never ambiguous). */
export function InvitationExpiry({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation('legal');
  const { text, timeZone } = formatDateTime(expiresAt);
  return (
    <p className="auth-card__subtitle" data-testid="invitation-expiry">
      {t('invitationExpiry', { when: text, timeZone })}
    </p>
  );
}
