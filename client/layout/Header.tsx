import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { titleKeyForPath } from '../../shared/rules/titles.ts';
import { NotificationBell } from '../features/notifications/NotificationBell.tsx';
import { UtilitiesMenu } from '../features/secure-share/UtilitiesMenu.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Header: the title derived from the path prefix (spec section 2), the language and the user menu. */
export function Header({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = t(titleKeyForPath(pathname));
  return (
    <header className="header">
      <button
        type="button"
        className="header__menu-button"
        aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      >
        <i className={menuOpen ? 'pi pi-times' : 'pi pi-bars'} aria-hidden="true" />
      </button>
      <h1 className="header__title" data-testid="page-title">
        {title}
      </h1>
      <title>{`${title} · ${t('appName')}`}</title>
      <div className="header__tools">
        <UtilitiesMenu />
        <NotificationBell />
        <LanguageSwitcher />
        <UserMenu />
      </div>
    </header>
  );
}
