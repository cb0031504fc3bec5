import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { SessionUser } from '../../shared/auth.schemas.ts';
import type { UserRolesResponse } from '../../shared/roles.schemas.ts';
import type { Session } from '../bootstrap.ts';
import { holds } from '../navigation.ts';
import { leaveRealtimeRooms } from '../realtime/realtime-client.ts';
import { ApiError } from './errors.ts';
import { api, setAccessToken, signInRequest } from './http.ts';

/** The session's query keys (the signed-in person and their permissions). */
export const sessionKeys = {
  session: ['session'] as const,
};

/** Loads the signed-in person and their permissions; null when nobody is signed in. */
export async function fetchSession(): Promise<Session | null> {
  try {
    const [user, roles] = await Promise.all([
      api<SessionUser>('/auth/me'),
      api<UserRolesResponse>('/user-roles/me'),
    ]);
    return { user, permissions: roles.permissions, projectPermissions: roles.projectPermissions };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSession(): Session | null {
  const { data } = useQuery({ queryKey: sessionKeys.session, queryFn: fetchSession, staleTime: 5 * 60_000 });
  return data ?? null;
}

/** True when the signed-in person holds the permission company-wide or in any project. */
export function usePermission(permission: string | undefined): boolean {
  const session = useSession();
  if (!permission) return true;
  if (!session) return false;
  return holds(session, permission);
}

/** Reloads the person's permissions (a role was given or taken away while the page was open). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: sessionKeys.session }), [queryClient]);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (email: string, password: string) => {
      await signInRequest(email, password);
      const session = await fetchSession();
      clearSessionEnd();
      queryClient.setQueryData(sessionKeys.session, session);
      return session;
    },
    [queryClient],
  );
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // The live channel leaves its rooms first (spec section 4); back in them if signing out fails.
    const rejoinRooms = leaveRealtimeRooms();
    await api('/auth/sign-out', { method: 'DELETE' }).catch((error: unknown) => {
      rejoinRooms();
      throw error;
    });
    setAccessToken(null);
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.session, null);
  }, [queryClient]);
}

/*
 * Why the session of this page ended (ACCOUNT_DEACTIVATED, SESSION_EXPIRED…), when it ended while
 * the page was open: the shell says so before sending the person to sign in.
 */
let sessionEnd: string | null = null;
const endListeners = new Set<() => void>();

export function recordSessionEnd(reason: string | null): void {
  sessionEnd = reason;
  for (const listener of endListeners) listener();
}

export function clearSessionEnd(): void {
  recordSessionEnd(null);
}

export function useSessionEnd(): string | null {
  return useSyncExternalStore(
    (listener) => {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    () => sessionEnd,
    () => null,
  );
}
