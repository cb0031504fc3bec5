import {
  DISCORD_STATUS_ROOM,
  type PushEventName,
  type ServerEvents,
} from '../../../shared/realtime.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { inTransaction } from '../../core/transaction.ts';
import { CHANNELS, encodeEvent, publish } from './realtime.channels.ts';

/**
 * Pushes a live event to people's open pages (their `user:<id>` rooms): password expiration,
 * security enforcement (DEVICE or DISCORD), outdated device version. Called inside a service's
 * transaction it leaves on commit; a rolled-back change pushes nothing. Keep `data` small (< 7 kB).
 */
export async function pushToUsers<E extends PushEventName>(
  ctx: ServiceContext,
  userIds: readonly string[],
  event: E,
  data: ServerEvents[E],
): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  const payloads = encodeEvent({ users }, event, data);
  await inTransaction(ctx, (tx) => publish(tx.db, CHANNELS.events, payloads));
}

/** Pushes an event to everyone in a room, e.g. a person's Discord status to the Discord-status room. */
export async function pushToRoom<E extends PushEventName>(
  ctx: ServiceContext,
  room: string,
  event: E,
  data: ServerEvents[E],
): Promise<void> {
  const payloads = encodeEvent({ room }, event, data);
  await inTransaction(ctx, (tx) => publish(tx.db, CHANNELS.events, payloads));
}

/** Tells the Discord-status room that a person's Discord status changed. */
export function pushDiscordStatus(ctx: ServiceContext, userId: string, status: string): Promise<void> {
  return pushToRoom(ctx, DISCORD_STATUS_ROOM, 'discord-status', { userId, status });
}
