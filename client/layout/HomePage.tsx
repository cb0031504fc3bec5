import { Dropdown } from 'primereact/dropdown';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { fullName } from '../../shared/rules/format.ts';
import { useSession } from '../api/session.ts';
import { RequestAccess } from '../features/access-control/RequestAccess.tsx';
import { homePathFor, holds, NAV_ITEMS } from '../navigation.ts';

/**
 * `/`: the employee list for those who may see it, else the first screen the person may open, else a
 * page that says what to do (ask for access) — never a 403 page, so nothing loops.
 */
export function HomePage({ list }: { list: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  if (holds(session, 'employees.view')) return list;
  const home = homePathFor(session);
  if (home !== '/') return <Navigate to={home} replace />;
  return <NoScreenYet />;
}

/** The first page of someone who may open no screen yet: pick the screen you need and ask for it. */
function NoScreenYet() {
  const { t } = useTranslation();
  const session = useSession()!;
  const screens = NAV_ITEMS.filter((item) => item.permission);
  const [path, setPath] = useState(screens[0]!.path);
  const screen = screens.find((item) => item.path === path)!;
  const name = fullName(session.user) || session.user.email;
  return (
    <section className="status-page status-page--embedded home-welcome" data-testid="no-screen-yet">
      <i className="pi pi-compass status-page__icon" aria-hidden="true" />
      <h2>{t('home.welcomeTitle', { name })}</h2>
      <p>{t('home.welcomeBody')}</p>
      <div className="home-welcome__request">
        <label htmlFor="requested-screen">{t('home.screen')}</label>
        <Dropdown
          inputId="requested-screen"
          value={path}
          options={screens.map((item) => ({ value: item.path, label: t(item.labelKey) }))}
          onChange={(event) => setPath(event.value as string)}
        />
        <RequestAccess key={path} path={screen.path} permission={screen.permission} />
      </div>
      <p>
        {t('home.meanwhile')} <Link to="/settings">{t('home.settings')}</Link>
      </p>
    </section>
  );
}
