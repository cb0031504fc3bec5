import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/rules/format.ts';
import { useMySsoApps } from './sso.queries.ts';

/** /sso-connections: the apps the person can open through Backoffice, and their requests still waiting. */
export default function MySsoAppsPage() {
  const { t } = useTranslation('sso');
  const mine = useMySsoApps();
  const apps = mine.data?.apps ?? [];
  const pending = mine.data?.pendingRequests ?? [];
  return (
    <div className="pm-page" data-testid="my-sso-apps">
      <h2>{t('myTitle')}</h2>
      <h3>{t('mine.apps')}</h3>
      {mine.data && apps.length === 0 && <p>{t('mine.noApps')}</p>}
      <ul>
        {apps.map((app) => (
          <li key={app.id}>
            <a href={app.url} target="_blank" rel="noreferrer">
              {app.name}
            </a>
          </li>
        ))}
      </ul>
      <h3>{t('mine.pending')}</h3>
      {mine.data && pending.length === 0 && <p>{t('mine.noPending')}</p>}
      <ul data-testid="my-sso-pending">
        {pending.map((request) => (
          <li key={request.id}>
            {request.connectionName} · {formatDate(request.createdAt)}
          </li>
        ))}
      </ul>
    </div>
  );
}
