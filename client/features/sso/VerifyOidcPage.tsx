import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OidcInteraction } from '../../../shared/sso.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useSession } from '../../api/session.ts';
import { useHydrated } from '../../layout/use-hydrated.ts';
import { ssoApi, useAskForAccess, useOidcInteraction } from './sso.queries.ts';

/**
 * /verify-oidc (spec section 3): an app sent the person here to sign in. The steps run in order —
 * login with the Backoffice session, consent, back to the app's callback. Someone not signed in
 * goes through /sign-in and comes back; someone who may not use the app asks for access here and
 * the page continues once a manager approves.
 */
export default function VerifyOidcPage() {
  const { t } = useTranslation(['sso', 'errors', 'auth']);
  const [params] = useSearchParams();
  const id = params.get('interaction') ?? '';
  const session = useSession();
  const hydrated = useHydrated();
  const interaction = useOidcInteraction(id, hydrated && !!session);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const go = async (step: () => Promise<{ redirectTo: string }>) => {
    setBusy(true);
    setFailure(null);
    try {
      const { redirectTo } = await step();
      window.location.assign(redirectTo);
    } catch (error) {
      setFailure(errorMessage(error, t));
      setBusy(false);
    }
  };

  // The login step needs nobody's click: the Backoffice session is the proof.
  useEffect(() => {
    if (interaction.data?.step === 'login' && !started.current) {
      started.current = true;
      void go(() => ssoApi.signInByToken(id));
    }
  });

  const next = `/verify-oidc?interaction=${encodeURIComponent(id)}`;
  const data = interaction.data;
  return (
    <main
      className="verify-oidc"
      data-testid="verify-oidc"
      style={{ maxWidth: '32rem', margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>{t('verify.title', { app: data?.app.name ?? '…' })}</h1>
      {hydrated && !session && (
        <p>
          {t('verify.signInFirst')}{' '}
          <Link to={`/sign-in?next=${encodeURIComponent(next)}`} data-testid="verify-sign-in">
            {t('auth:signIn.submit')}
          </Link>
        </p>
      )}
      {hydrated && interaction.error && (
        <Message severity="error" text={errorMessage(interaction.error, t)} />
      )}
      {hydrated && failure && <Message severity="error" text={failure} data-testid="verify-error" />}
      {hydrated && (!data || data.step === 'login' || busy) && !interaction.error && session && (
        <p>
          <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} /> {t('verify.working')}
        </p>
      )}
      {hydrated && data?.step === 'consent' && !busy && <Consent data={data} onGo={go} />}
    </main>
  );
}

function Consent({
  data,
  onGo,
}: {
  data: OidcInteraction;
  onGo: (step: () => Promise<{ redirectTo: string }>) => void;
}) {
  const { t } = useTranslation(['sso', 'errors']);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const askForAccess = useAskForAccess(data.id);
  const current = data.request;
  const app = data.app.name;
  const ask = async () => {
    setAsking(true);
    setFailure(null);
    try {
      await askForAccess();
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setAsking(false);
    }
  };
  return (
    <section data-testid="verify-consent">
      {failure && <Message severity="error" text={failure} />}
      {data.allowed ? (
        <>
          {current?.status === 'APPROVED' && <Message severity="success" text={t('verify.approvedNow')} />}
          <p>{t('verify.consentBody', { app })}</p>
          <p className="cx-hint">{t('verify.scopes', { scopes: data.scopes.join(', ') })}</p>
          <div style={{ display: 'flex', gap: '0.5rem' }}>
            <Button
              label={t('verify.allow', { app })}
              onClick={() => onGo(() => ssoApi.confirm(data.id))}
              data-testid="verify-allow"
            />
            <Button
              label={t('verify.deny')}
              severity="secondary"
              text
              onClick={() => onGo(() => ssoApi.abort(data.id))}
              data-testid="verify-deny"
            />
          </div>
        </>
      ) : (
        <>
          <Message severity="warn" text={t('verify.notAllowed', { app })} />
          {current?.status === 'PENDING' ? (
            <p data-testid="verify-waiting">{t('verify.waiting')}</p>
          ) : (
            <>
              {current?.status === 'REJECTED' && <p>{t('verify.rejectedBefore')}</p>}
              <div style={{ display: 'flex', gap: '0.5rem', marginTop: '1rem' }}>
                <Button
                  label={t('verify.ask')}
                  loading={asking}
                  onClick={() => void ask()}
                  data-testid="verify-ask"
                />
                <Button
                  label={t('verify.deny')}
                  severity="secondary"
                  text
                  onClick={() => onGo(() => ssoApi.abort(data.id))}
                />
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
