import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../api/session.ts';
import { ToReadBadge } from '../features/documents/ToReadBadge.tsx';
import { mayOpen, NAV_ITEMS } from '../navigation.ts';

/** The sidebar: every area the signed-in person may use. */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => !item.permission || (session && mayOpen(session, item)));
  return (
    <nav className="sidebar" aria-label={t('nav.main')}>
      <NavLink to="/" className="sidebar__brand" onClick={onNavigate}>
        <i className="pi pi-th-large" aria-hidden="true" /> {t('appName')}
      </NavLink>
      <ul>
        {items.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              onClick={onNavigate}
              // The employee list is also the home page: "Employees" is highlighted at `/` too.
              className={({ isActive }) => (isActive || item.alsoAt?.includes(pathname) ? 'is-active' : '')}
            >
              <i className={item.icon} aria-hidden="true" />
              <span>{t(item.labelKey)}</span>
              {item.path === '/document-management' && <ToReadBadge />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
