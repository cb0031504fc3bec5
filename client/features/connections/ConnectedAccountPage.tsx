import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROVIDER_CATALOGUE } from '../../../shared/connections.schemas.ts';
import { useSession } from '../../api/session.ts';
import { useMyConnectedAccounts } from './account-board.queries.ts';

/** The providers a person links, in the order the page lists them; Discord first (the chat-account rule). */
const LINKED_PROVIDERS = ['DISCORD', 'GITHUB', 'GITLAB', 'JIRA', 'SLACK'] as const;

/**
 * /connected-account (and /connections): the signed-in person's own linked accounts — the Discord
 * id on their profile, and the GitHub, GitLab, Jira and Slack accounts the account keepers assigned
 * to them — with, for each one missing, how to link it.
 */
export default function ConnectedAccountPage() {
  const { t } = useTranslation('connections');
  const mine = useMyConnectedAccounts();
  const session = useSession();
  if (!mine.data) return null;
  const { discordAccountId, accounts } = mine.data;
  return (
    <div className="pm-page" data-testid="connected-account-page">
      <div className="pm-bar">
        <h2>{t('ui.mine.title')}</h2>
      </div>
      <p className="cx-hint">{t('ui.mine.intro')}</p>
      {LINKED_PROVIDERS.map((provider) => {
        const held = accounts.filter((a) => a.provider === provider);
        const linked =
          provider === 'DISCORD' ? discordAccountId !== null || held.length > 0 : held.length > 0;
        return (
          <section key={provider} className="pm-card" data-testid={`mine-${provider}`}>
            <div className="pm-card__head">
              <h3>{PROVIDER_CATALOGUE[provider].label}</h3>
              <Tag
                severity={linked ? 'success' : 'warning'}
                value={linked ? t('ui.mine.linked') : t('ui.mine.notLinked')}
              />
            </div>
            {provider === 'DISCORD' && (
              <p>
                {discordAccountId
                  ? t('ui.mine.discordId', { id: discordAccountId })
                  : t('ui.mine.discordMissing')}{' '}
                {session && (
                  <Link to={`/employee-management/employee/${session.user.id}`}>
                    {t('ui.mine.editProfile')}
                  </Link>
                )}
              </p>
            )}
            {held.length > 0 && (
              <ul>
                {held.map((a) => (
                  <li key={`${a.connectionName}-${a.externalId}`}>
                    {a.displayName}
                    {a.username ? ` (${a.username})` : ''} · {a.connectionName}
                    {a.email ? ` · ${a.email}` : ''}
                  </li>
                ))}
              </ul>
            )}
            {!linked && <p className="cx-hint">{t(`ui.mine.howTo.${provider}`)}</p>}
          </section>
        );
      })}
    </div>
  );
}
