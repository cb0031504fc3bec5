import type { Notification } from './notifications.schemas.ts';

/**
 * The live channel (spec sections 4 and 7): a websocket at `/api/realtime?token=<access token>`.
 * Every frame either way is JSON `{ "event": string, "data": … }`.
 */
export const REALTIME_PATH = '/api/realtime';

/** Rooms a connection may join: its own person's room and the Discord-status room. */
export const DISCORD_STATUS_ROOM = 'discord-status';
export const userRoom = (userId: string) => `user:${userId}`;

/** Messages a client sends. */
export type ClientMessage =
  { event: 'join-room'; data: { room: string } } | { event: 'left-room'; data: { room: string } };

export const ENFORCEMENT_TYPES = ['DEVICE', 'DISCORD'] as const;
export type EnforcementType = (typeof ENFORCEMENT_TYPES)[number];

/** Password expiring soon or expired; `message` comes from the server in the person's language. */
export interface PasswordExpirationData {
  message: string;
  expired: boolean;
  expiresAt?: string | null;
}

/** The platform asks for a device checklist (DEVICE) or a connected chat account (DISCORD); `active: false` lifts it. */
export interface SecurityEnforcementData {
  type: EnforcementType;
  active: boolean;
}

/** The work device runs an outdated OS or browser; `outdated: false` lifts the block. */
export interface OutdatedDeviceData {
  outdated: boolean;
  os?: string | null;
  osVersion?: string | null;
  latestOsVersion?: string | null;
  browser?: string | null;
  browserVersion?: string | null;
  latestBrowserVersion?: string | null;
  releaseDate?: string | null;
}

/**
 * The person's access changed (a request granted, a role given or taken away): their open pages
 * reload their permissions at once and say what changed. `path` is the page a granted request named.
 */
export interface AccessChangedData {
  reason: 'ACCESS_GRANTED' | 'ROLE_ADDED' | 'ROLE_REMOVED';
  role: string;
  path?: string;
}

export interface DiscordStatusData {
  userId: string;
  status: string;
}

/** Events the server pushes, by name. */
export interface ServerEvents {
  'activity-notification': Notification;
  'discord-status': DiscordStatusData;
  'password-expiration': PasswordExpirationData;
  'security-enforcement': SecurityEnforcementData;
  'outdated-device-version': OutdatedDeviceData;
  'access-changed': AccessChangedData;
  /** Acknowledgements of join-room / left-room. */
  'room-joined': { room: string };
  'room-left': { room: string };
  /** A message the server could not act on; `message` is translated. */
  error: { code: string; message: string };
}
export type ServerEventName = keyof ServerEvents;
export type ServerMessage = { [E in ServerEventName]: { event: E; data: ServerEvents[E] } }[ServerEventName];

/** Events other services may push to people or rooms (acknowledgements and errors are the channel's own). */
export type PushEventName = Exclude<ServerEventName, 'room-joined' | 'room-left' | 'error'>;

/** Close codes: the client does not reconnect after these. */
export const CLOSE_SESSION_ENDED = 4401;
/** Largest client frame the server accepts. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
