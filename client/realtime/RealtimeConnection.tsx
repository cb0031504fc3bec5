import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  DISCORD_STATUS_ROOM,
  REALTIME_PATH,
  userRoom,
  type ServerEventName,
  type ServerEvents,
} from '../../shared/realtime.schemas.ts';
import { getAccessToken, refreshAccessToken } from '../api/http.ts';
import { sessionKeys } from '../api/session.ts';
import { notificationKeys } from '../features/notifications/notifications.queries.ts';
import { getRealtimeClient } from './realtime-client.ts';

/** Seconds left before the token's `exp` claim; 0 when it cannot be read. */
function secondsLeft(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof exp === 'number' ? exp - Date.now() / 1000 : 0;
  } catch {
    return 0;
  }
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_PATH}`;
}

/**
 * Keeps the signed-in person's live channel open while the signed-in area is shown (spec section 4):
 * joins their own room and the Discord-status room, reconnects, and leaves the rooms on the way out.
 */
export function RealtimeConnection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = getRealtimeClient();
    client.configure({
      url: socketUrl,
      async getToken(refresh) {
        const token = getAccessToken();
        if (token && !refresh && secondsLeft(token) > 30) return token;
        if (await refreshAccessToken()) return getAccessToken();
        // The session may be over: reloading it sends the person to sign in when it is.
        void queryClient.invalidateQueries({ queryKey: sessionKeys.session });
        return null;
      },
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.session }),
      // Pushes sent while the connection was down were missed: reload the bell.
      onReconnected: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    });
    client.join(userRoom(userId));
    client.join(DISCORD_STATUS_ROOM);
    client.start();
    return () => client.stop();
  }, [queryClient, userId]);
  return null;
}

/** Calls `handler` for every `event` the server pushes while the component is mounted. */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  handler: (data: ServerEvents[E]) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => getRealtimeClient().on(event, (data) => latest.current(data)), [event]);
}
