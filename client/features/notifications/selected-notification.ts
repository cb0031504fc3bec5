import { useSyncExternalStore } from 'react';
import type { Notification } from '../../../shared/notifications.schemas.ts';

/**
 * The notification a person last opened (spec section 3, store: selectedNotification). The screen it
 * leads to reads it to open the record concerned, then clears it.
 */
let selected: Notification | null = null;
const listeners = new Set<() => void>();

export function setSelectedNotification(notification: Notification | null): void {
  selected = notification;
  for (const listener of listeners) listener();
}

export function clearSelectedNotification(): void {
  setSelectedNotification(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedNotification(): Notification | null {
  return useSyncExternalStore(
    subscribe,
    () => selected,
    () => null,
  );
}
