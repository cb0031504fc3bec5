import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession, useSessionEnd } from '../api/session.ts';
import { PasswordExpiryNotice } from '../features/account/PasswordExpiryNotice.tsx';
import { BlockingModals } from '../realtime/BlockingModals.tsx';
import { RealtimeConnection } from '../realtime/RealtimeConnection.tsx';
import { AccessChanges } from './AccessChanges.tsx';
import { Header } from './Header.tsx';
import { PageLoading } from './PageLoading.tsx';
import { SessionEnded } from './SessionEnded.tsx';
import { Sidebar } from './Sidebar.tsx';
import { HydrationMarker } from './use-hydrated.ts';

/** The authenticated area: header, sidebar and the current screen. */
export function Shell() {
  const session = useSession();
  const ended = useSessionEnd();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  if (!session) {
    // A session that ended while the page was open says why before sign-in (issue 9, defect 10).
    if (ended) {
      return (
        <>
          <SessionEnded reason={ended} />
          <HydrationMarker />
        </>
      );
    }
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <div className={`shell ${menuOpen ? 'shell--menu-open' : ''}`}>
      <RealtimeConnection userId={session.user.id} />
      <AccessChanges />
      <BlockingModals />
      <PasswordExpiryNotice />
      {/* On a phone the sidebar is a drawer: following a link closes it. */}
      <Sidebar onNavigate={() => setMenuOpen(false)} />
      <div className="shell__backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />
      <div className="shell__main">
        <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
        <main className="shell__content" id="main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <HydrationMarker />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
