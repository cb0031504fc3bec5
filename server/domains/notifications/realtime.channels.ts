import { sql } from 'kysely';
import type { PushEventName, ServerEvents } from '../../../shared/realtime.schemas.ts';
import type { Db } from '../../db/connect.ts';

/**
 * The PostgreSQL channels that carry live events between processes. Any process (server, worker,
 * CLI) publishes with NOTIFY inside its transaction; PostgreSQL delivers only on commit, to every
 * server that LISTENs, and each server pushes to its own websockets.
 */
export const CHANNELS = {
  /** `<notification id>:<recipient id>` pairs, comma-separated; the notification is read from the table. */
  notifications: 'bo_notifications',
  /** A JSON envelope: an event for some people or for a room. */
  events: 'bo_realtime',
  /** `s:<session id>` or `u:<user id>`: access ended, close those connections (see the 0301 migration). */
  sessionEnded: 'bo_session_ended',
} as const;

/** PostgreSQL refuses payloads of 8000 bytes or more; stay well below. */
const MAX_PAYLOAD_BYTES = 7900;
/** 100 pairs of two UUIDs make about 7,400 bytes. */
const PAIRS_PER_PAYLOAD = 100;
const USERS_PER_EVENT_PAYLOAD = 100;

export interface NotificationPair {
  id: string;
  user_id: string;
}

export function encodeNotificationPairs(pairs: readonly NotificationPair[]): string[] {
  const payloads: string[] = [];
  for (let i = 0; i < pairs.length; i += PAIRS_PER_PAYLOAD) {
    payloads.push(
      pairs
        .slice(i, i + PAIRS_PER_PAYLOAD)
        .map((pair) => `${pair.id}:${pair.user_id}`)
        .join(','),
    );
  }
  return payloads;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeNotificationPairs(payload: string): NotificationPair[] {
  return payload.split(',').flatMap((part) => {
    const [id, userId] = part.split(':');
    return id && userId && UUID.test(id) && UUID.test(userId) ? [{ id, user_id: userId }] : [];
  });
}

export type EventTarget = { users: string[] } | { room: string };
export interface EventEnvelope<E extends PushEventName = PushEventName> {
  to: EventTarget;
  event: E;
  data: ServerEvents[E];
}

export function encodeEvent<E extends PushEventName>(
  target: { users: readonly string[] } | { room: string },
  event: E,
  data: ServerEvents[E],
): string[] {
  const targets: EventTarget[] =
    'room' in target
      ? [{ room: target.room }]
      : chunk(target.users, USERS_PER_EVENT_PAYLOAD).map((users) => ({ users }));
  return targets.map((to) => {
    const payload = JSON.stringify({ to, event, data } satisfies EventEnvelope<E>);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      throw new Error(
        `realtime event ${event} is too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`,
      );
    }
    return payload;
  });
}

export function decodeEvent(payload: string): EventEnvelope | null {
  try {
    const value = JSON.parse(payload) as EventEnvelope;
    const to = value?.to as Partial<{ users: unknown; room: unknown }> | undefined;
    if (typeof value?.event !== 'string' || !to) return null;
    if (Array.isArray(to.users) || typeof to.room === 'string') return value;
    return null;
  } catch {
    return null;
  }
}

export type SessionEnded = { sessionId: string } | { userId: string };

export function decodeSessionEnded(payload: string): SessionEnded | null {
  const [kind, id] = payload.split(':');
  if (!id || !UUID.test(id)) return null;
  if (kind === 's') return { sessionId: id };
  if (kind === 'u') return { userId: id };
  return null;
}

/** Sends payloads on a channel with the handle's connection: inside a transaction, they leave on commit. */
export async function publish(db: Db, channel: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  await sql`select pg_notify(${channel}, payload) from unnest(${sql.val(payloads)}::text[]) as payload`.execute(
    db,
  );
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
