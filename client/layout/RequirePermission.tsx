import type { ReactNode } from 'react';
import { usePermission } from '../api/session.ts';
import StatusPage from '../features/errors/StatusPage.tsx';

/** Shows the 403 page instead of a screen the signed-in person may not use. */
export function RequirePermission({ permission, children }: { permission?: string; children: ReactNode }) {
  const allowed = usePermission(permission);
  return allowed ? children : <StatusPage status={403} embedded permission={permission} />;
}
