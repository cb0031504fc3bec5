import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionUser } from '../../shared/auth.schemas.ts';
import type { UserRolesResponse } from '../../shared/roles.schemas.ts';
import type { Session } from '../bootstrap.ts';
import { leaveRealtimeRooms } from '../realtime/realtime-client.ts';
import { api, setAccessToken, signInRequest } from './http.ts';

export const queryKeys = {
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
    if ((error as { status?: number }).status === 401) return null;
    throw error;
  }
}

export function useSession(): Session | null {
  const { data } = useQuery({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: 5 * 60_000 });
  return data ?? null;
}

/** True when the signed-in person holds the permission company-wide or in any project. */
export function usePermission(permission: string | undefined): boolean {
  const session = useSession();
  if (!permission) return true;
  if (!session) return false;
  return (
    session.permissions.includes(permission) ||
    Object.values(session.projectPermissions).some((list) => list.includes(permission))
  );
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (email: string, password: string) => {
      await signInRequest(email, password);
      const session = await fetchSession();
      queryClient.setQueryData(queryKeys.session, session);
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
    queryClient.setQueryData(queryKeys.session, null);
  }, [queryClient]);
}
