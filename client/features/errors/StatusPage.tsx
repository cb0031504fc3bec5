import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { RequestAccess } from '../access-control/RequestAccess.tsx';

const TEXT = {
  403: { title: 'pages.forbiddenTitle', body: 'pages.forbiddenBody', icon: 'pi pi-lock' },
  404: { title: 'pages.notFoundTitle', body: 'pages.notFoundBody', icon: 'pi pi-compass' },
  500: { title: 'pages.serverErrorTitle', body: 'pages.serverErrorBody', icon: 'pi pi-exclamation-circle' },
} as const;

/** The 403, 404 and 500 pages; `embedded` shows it inside the shell instead of a full page. */
export default function StatusPage({
  status,
  embedded = false,
  permission,
}: {
  status: 403 | 404 | 500;
  embedded?: boolean;
  /** On a 403 inside the shell: the permission the page needs, sent with a request for access. */
  permission?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const text = TEXT[status];
  return (
    <div
      className={embedded ? 'status-page status-page--embedded' : 'status-page'}
      data-testid={`status-${status}`}
    >
      <i className={`${text.icon} status-page__icon`} aria-hidden="true" />
      <p className="status-page__code">{status}</p>
      <h1>{t(text.title)}</h1>
      <p>{t(text.body)}</p>
      {status === 403 && embedded && <RequestAccess path={pathname} permission={permission} />}
      {!embedded && <title>{`${t(text.title)} · ${t('appName')}`}</title>}
      {/* Home is always a page the person may open (see navigation.ts homePathFor): no loop. */}
      <Link to="/" className="p-button p-button-outlined">
        {t('pages.backHome')}
      </Link>
    </div>
  );
}
