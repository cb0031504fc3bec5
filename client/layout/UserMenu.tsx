import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { avatarInitial } from '../../shared/rules/avatar.ts';
import { fullName } from '../../shared/rules/format.ts';
import { errorMessage } from '../api/errors.ts';
import { useSession, useSignOut } from '../api/session.ts';
import { useToast } from './toast.tsx';

/** The user menu (opens on hover or click): full name, email, profile details and log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  if (!session) return null;
  const name = fullName(session.user) || session.user.email;

  async function logOut() {
    try {
      await signOut();
      navigate('/sign-in', { replace: true });
    } catch (error) {
      toast.error(t('userMenu.logOutFailed'), errorMessage(error, t));
    }
  }

  return (
    <div
      className="user-menu"
      // Hover is for a mouse only: a tap also fires mouseenter, and the click after it closed the menu again.
      onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('userMenu.label')}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {session.user.avatarUrl ? <img src={session.user.avatarUrl} alt="" /> : avatarInitial(session.user)}
        </span>
        <span className="user-menu__name">{name}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      {open && (
        <div className="user-menu__popover" role="menu">
          <div className="user-menu__identity">
            <strong data-testid="user-full-name">{name}</strong>
            <span data-testid="user-email">{session.user.email}</span>
          </div>
          <Link role="menuitem" to="/settings" onClick={() => setOpen(false)}>
            <i className="pi pi-user" aria-hidden="true" /> {t('userMenu.profileDetails')}
          </Link>
          <button role="menuitem" type="button" onClick={() => void logOut()}>
            <i className="pi pi-sign-out" aria-hidden="true" /> {t('userMenu.logOut')}
          </button>
        </div>
      )}
    </div>
  );
}
