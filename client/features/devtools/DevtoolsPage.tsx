import { useTranslation } from 'react-i18next';
import { MailOutbox } from '../account/MailOutbox.tsx';

/** Developer tools, lazy-loaded and only routed when the environment is development. */
export default function DevtoolsPage({ isDev }: { isDev: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="status-page">
      <h1>{t('devtools.title')}</h1>
      <p>{t('devtools.environment', { env: isDev ? 'development' : 'production' })}</p>
      <ul className="devtools-links">
        <li>
          <a href="/api/docs">/api/docs</a>
        </li>
        <li>
          <a href="/readyz">/readyz</a>
        </li>
      </ul>
      {isDev && <MailOutbox />}
    </section>
  );
}
