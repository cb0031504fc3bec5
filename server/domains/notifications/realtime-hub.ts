import type { ErrorCode } from '../../../shared/errors.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { MAX_CLIENT_MESSAGE_BYTES, type ServerMessage } from '../../../shared/realtime.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { roomPolicy } from './notifications.policy.ts';

/** The part of a websocket the hub uses (the `ws` library's WebSocket fits). */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

const OPEN = 1;
/** A client that cannot keep up with 1 MiB of pending frames is cut off rather than grow memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface Connection {
  readonly socket: HubSocket;
  readonly userId: string;
  readonly sessionId: string;
  readonly language: Language;
  readonly rooms: Set<string>;
  alive: boolean;
}

export type Translate = (code: ErrorCode, language: Language) => string;

/**
 * Who a socket is, as the room rules see it: the person its token was issued to. It carries no
 * permissions because no room depends on any; a rule that needs them must be given a loaded actor.
 */
function socketActor(connection: Connection): Actor {
  return {
    kind: 'user',
    id: connection.userId,
    label: connection.userId,
    sessionId: connection.sessionId,
    permissions: new Set(),
    projectPermissions: new Map(),
  };
}

/**
 * The live connections of this server process and their rooms. Rooms: `user:<id>` (only that
 * person may join it) and `discord-status` (anyone signed in). Other processes' connections are
 * reached through PostgreSQL NOTIFY, never through this object.
 */
export class RealtimeHub {
  readonly #connections = new Set<Connection>();
  readonly #rooms = new Map<string, Set<Connection>>();
  readonly #translate: Translate;

  constructor(translate: Translate) {
    this.#translate = translate;
  }

  get size(): number {
    return this.#connections.size;
  }

  add(socket: HubSocket, identity: { userId: string; sessionId: string; language: Language }): Connection {
    const connection: Connection = { socket, ...identity, rooms: new Set(), alive: true };
    this.#connections.add(connection);
    return connection;
  }

  remove(connection: Connection): void {
    for (const room of connection.rooms) this.#leave(connection, room);
    this.#connections.delete(connection);
  }

  /** True when at least one local connection is in the room (a push for nobody here costs no query). */
  hasMembers(room: string): boolean {
    return (this.#rooms.get(room)?.size ?? 0) > 0;
  }

  /** Handles a frame from a client: join-room or left-room with a room name. */
  handleMessage(connection: Connection, raw: string): void {
    connection.alive = true;
    let message: { event?: unknown; data?: { room?: unknown } } | null;
    try {
      message = raw.length <= MAX_CLIENT_MESSAGE_BYTES ? JSON.parse(raw) : null;
    } catch {
      message = null;
    }
    const room = typeof message?.data?.room === 'string' ? message.data.room : null;
    if (!message || !room || (message.event !== 'join-room' && message.event !== 'left-room')) {
      this.#error(connection, 'BAD_REALTIME_MESSAGE');
      return;
    }
    if (message.event === 'left-room') {
      this.#leave(connection, room);
      this.send(connection, { event: 'room-left', data: { room } });
      return;
    }
    // Another person's room looks like one that does not exist.
    if (!roomPolicy.can(socketActor(connection), 'join', { room })) {
      this.#error(connection, 'ROOM_NOT_FOUND');
      return;
    }
    connection.rooms.add(room);
    let members = this.#rooms.get(room);
    if (!members) this.#rooms.set(room, (members = new Set()));
    members.add(connection);
    this.send(connection, { event: 'room-joined', data: { room } });
  }

  send(connection: Connection, message: ServerMessage): void {
    this.#sendRaw(connection, JSON.stringify(message));
  }

  /** Sends to everyone in the room; returns how many connections it reached. */
  sendToRoom(room: string, message: ServerMessage): number {
    const members = this.#rooms.get(room);
    if (!members || members.size === 0) return 0;
    const frame = JSON.stringify(message);
    let sent = 0;
    for (const connection of [...members]) if (this.#sendRaw(connection, frame)) sent++;
    return sent;
  }

  /** Closes the connections of one session (signed out) or of one person (deactivated). */
  closeWhere(match: { sessionId: string } | { userId: string }, code: number, reason: string): number {
    let closed = 0;
    for (const connection of [...this.#connections]) {
      const hit =
        'sessionId' in match ? connection.sessionId === match.sessionId : connection.userId === match.userId;
      if (!hit) continue;
      this.remove(connection);
      connection.socket.close(code, reason);
      closed++;
    }
    return closed;
  }

  /**
   * One heartbeat: a connection that did not answer the previous ping is dead and dropped; the others
   * get a new ping. Returns how many were dropped.
   */
  heartbeat(): number {
    let dropped = 0;
    for (const connection of [...this.#connections]) {
      if (!connection.alive) {
        this.remove(connection);
        connection.socket.terminate();
        dropped++;
        continue;
      }
      connection.alive = false;
      try {
        connection.socket.ping();
      } catch {
        // A socket that is closing throws; the next beat removes it.
      }
    }
    return dropped;
  }

  /** Starts closing every connection (server shutting down). */
  closeAll(code: number, reason: string): void {
    for (const connection of this.#connections) connection.socket.close(code, reason);
  }

  terminateAll(): void {
    for (const connection of [...this.#connections]) {
      this.remove(connection);
      connection.socket.terminate();
    }
  }

  #sendRaw(connection: Connection, frame: string): boolean {
    const { socket } = connection;
    if (socket.readyState !== OPEN) return false;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.remove(connection);
      socket.terminate();
      return false;
    }
    socket.send(frame);
    return true;
  }

  #leave(connection: Connection, room: string): void {
    connection.rooms.delete(room);
    const members = this.#rooms.get(room);
    if (!members) return;
    members.delete(connection);
    if (members.size === 0) this.#rooms.delete(room);
  }

  #error(connection: Connection, code: ErrorCode): void {
    this.send(connection, {
      event: 'error',
      data: { code, message: this.#translate(code, connection.language) },
    });
  }
}
