import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { decryptFromLink, verifierOf } from '../../../shared/crypto/secure-share-crypto.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { useSession } from '../../api/session.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { VaultStyles } from '../secrets/VaultStyles.tsx';
import { secureShareApi, useSecureShareStatus } from './secure-share.queries.ts';
import { SecureShareForm } from './SecureShareForm.tsx';

/**
 * /secure-share: with `?id=` a link's page (views left; Reveal uses one, never loading the page),
 * without it the form to make a link (signed in).
 */
export default function SecureSharePage() {
  const { t } = useTranslation('secureShare');
  const [params] = useSearchParams();
  const id = params.get('id');
  const session = useSession();
  return (
    <main className="vault-page" style={{ maxWidth: '40rem', margin: '2rem auto', padding: '0 1rem' }}>
      <VaultStyles />
      <h1>{t('title')}</h1>
      {id ? <SharedLink id={id} /> : session ? <SecureShareForm /> : <p>{t('view.signInToCreate')}</p>}
    </main>
  );
}

function SharedLink({ id }: { id: string }) {
  const { t } = useTranslation(['secureShare', 'errors']);
  const { data: status, error } = useSecureShareStatus(id);
  const [text, setText] = useState<{ value: string; remaining: number } | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const reveal = useFormMutation({
    mutationFn: async () => {
      // The key is read from the fragment only now, in the browser: it never reaches a server.
      const linkKey = window.location.hash.slice(1);
      const verifier = linkKey ? await verifierOf(linkKey) : null;
      // A fragment that cannot be a key is refused here: nothing is asked of the server, no view used.
      if (!verifier) throw new ApiError(422, 'SECURE_SHARE_KEY_INVALID', '');
      const revealed = await secureShareApi.reveal(id, verifier);
      return { value: await decryptFromLink(linkKey, revealed.content), remaining: revealed.remainingViews };
    },
    onSuccess: (result) => setText(result),
    onError: (caught) => {
      if (caught instanceof ApiError && caught.code === 'SECURE_SHARE_KEY_INVALID')
        return (setIncomplete(true), true);
      return false;
    },
  });
  if (text)
    return (
      <div className="vault-form">
        <h2>{t('view.revealed')}</h2>
        <pre data-testid="secure-share-content" className="vault-recovery">
          {text.value}
        </pre>
        {text.remaining === 0 && <small>{t('view.lastView')}</small>}
      </div>
    );
  if (incomplete)
    return (
      <p className="vault-error" role="alert">
        {t('errors:codes.SECURE_SHARE_KEY_INVALID')}
      </p>
    );
  if (error)
    return (
      <p className="vault-error" role="alert">
        {error instanceof ApiError && error.status === 410 ? t('view.gone') : errorMessage(error, t)}
      </p>
    );
  if (!status) return null;
  return (
    <div className="vault-form">
      <p>{t('view.intro')}</p>
      <p>
        {t('view.remaining', { count: status.remainingViews })} ·{' '}
        {t('view.expires', { date: formatDate(status.expiresAt) })}
      </p>
      {reveal.message && (
        <small className="vault-error" role="alert">
          {reveal.message}
        </small>
      )}
      <div>
        <Button
          type="button"
          label={t('view.reveal')}
          loading={reveal.submitting}
          onClick={() => void reveal.submit(undefined)}
        />
      </div>
    </div>
  );
}
