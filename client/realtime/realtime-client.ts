import {
  CLOSE_SESSION_ENDED,
  type ClientMessage,
  type ServerEventName,
  type ServerEvents,
} from '../../shared/realtime.schemas.ts';

/** Spec section 7: reconnect after 1 s, growing to 5 s; give up on a connection attempt after 20 s. */
export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 5000;
export const CONNECT_TIMEOUT_MS = 20_000;

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s, then 5 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting';

export interface RealtimeClientOptions {
  /** The websocket address without the token (ws://host/api/realtime). */
  url: () => string;
  /** A current access token; `refresh` asks for a new one (the last attempt was refused). */
  getToken: (refresh: boolean) => Promise<string | null>;
  /** The server ended the connection because the session ended (signed out, deactivated). */
  onSessionEnded?: () => void;
  /** A connection is open again after it was lost: pushes may have been missed meanwhile. */
  onReconnected?: () => void;
  WebSocketImpl?: typeof WebSocket;
}

type Handler = (data: unknown) => void;

/**
 * The browser side of the live channel: one websocket with the access token as a query value,
 * rooms that are joined again after every reconnect, and handlers per server event.
 */
export class RealtimeClient {
  #options: RealtimeClientOptions;
  readonly #rooms = new Set<string>();
  readonly #handlers = new Map<string, Set<Handler>>();
  readonly #statusListeners = new Set<(status: RealtimeStatus) => void>();
  #socket: WebSocket | null = null;
  #running = false;
  /** Bumped by start and stop, so an attempt begun before a stop never opens a socket after it. */
  #generation = 0;
  #attempt = 0;
  #everOpened = false;
  #refreshToken = false;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #status: RealtimeStatus = 'idle';

  constructor(options: RealtimeClientOptions) {
    this.#options = options;
  }

  /** Replaces the options (the token source and callbacks); takes effect from the next connection. */
  configure(options: RealtimeClientOptions): void {
    this.#options = options;
  }

  get status(): RealtimeStatus {
    return this.#status;
  }

  get rooms(): string[] {
    return [...this.#rooms];
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#generation++;
    void this.#connect();
  }

  /** Leaves every room and closes for good (signing out, leaving the signed-in area). */
  stop(): void {
    this.#running = false;
    this.#generation++;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    for (const room of this.#rooms) this.#send({ event: 'left-room', data: { room } });
    this.#rooms.clear();
    const socket = this.#socket;
    this.#socket = null;
    socket?.close(1000, 'signed out');
    this.#setStatus('idle');
  }

  join(room: string): void {
    if (this.#rooms.has(room)) return;
    this.#rooms.add(room);
    this.#send({ event: 'join-room', data: { room } });
  }

  leave(room: string): void {
    if (!this.#rooms.delete(room)) return;
    this.#send({ event: 'left-room', data: { room } });
  }

  /** Leaves every room now; the returned function joins them again (a sign-out that failed). */
  leaveAll(): () => void {
    const rooms = [...this.#rooms];
    for (const room of rooms) this.leave(room);
    return () => rooms.forEach((room) => this.join(room));
  }

  on<E extends ServerEventName>(event: E, handler: (data: ServerEvents[E]) => void): () => void {
    let handlers = this.#handlers.get(event);
    if (!handlers) this.#handlers.set(event, (handlers = new Set()));
    handlers.add(handler as Handler);
    return () => handlers.delete(handler as Handler);
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  async #connect(): Promise<void> {
    if (!this.#running) return;
    const generation = this.#generation;
    this.#setStatus('connecting');
    const token = await this.#options.getToken(this.#refreshToken).catch(() => null);
    if (!this.#running || generation !== this.#generation) return;
    if (!token) return this.#retry();
    const Impl = this.#options.WebSocketImpl ?? WebSocket;
    const socket = new Impl(`${this.#options.url()}?token=${encodeURIComponent(token)}`);
    this.#socket = socket;
    let opened = false;
    const timeout = setTimeout(() => {
      if (!opened) socket.close();
    }, CONNECT_TIMEOUT_MS);

    socket.onopen = () => {
      opened = true;
      clearTimeout(timeout);
      if (this.#socket !== socket) return;
      this.#attempt = 0;
      this.#refreshToken = false;
      this.#setStatus('open');
      for (const room of this.#rooms) this.#send({ event: 'join-room', data: { room } });
      if (this.#everOpened) this.#options.onReconnected?.();
      this.#everOpened = true;
    };
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let parsed: { event?: unknown; data?: unknown };
      try {
        parsed = JSON.parse(message.data) as typeof parsed;
      } catch {
        return;
      }
      if (typeof parsed.event !== 'string') return;
      for (const handler of this.#handlers.get(parsed.event) ?? []) handler(parsed.data);
    };
    socket.onclose = (event) => {
      clearTimeout(timeout);
      if (this.#socket !== socket) return;
      this.#socket = null;
      if (event.code === CLOSE_SESSION_ENDED) {
        this.#running = false;
        this.#setStatus('idle');
        this.#options.onSessionEnded?.();
        return;
      }
      // Refused before opening: the token may have expired; ask for a fresh one once per outage.
      if (!opened && this.#attempt === 0) this.#refreshToken = true;
      this.#retry();
    };
  }

  #retry(): void {
    if (!this.#running) return;
    this.#setStatus('waiting');
    const delay = reconnectDelay(this.#attempt++);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.#connect();
    }, delay);
  }

  #send(message: ClientMessage): void {
    if (this.#socket?.readyState === 1) this.#socket.send(JSON.stringify(message));
  }

  #setStatus(status: RealtimeStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    for (const listener of this.#statusListeners) listener(status);
  }
}

/** One client per page: the signed-in area connects it, and any component may listen to it. */
let shared: RealtimeClient | null = null;
export function getRealtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient({ url: () => '', getToken: async () => null });
  return shared;
}

/** Leaves the live rooms before a sign-out; the returned function rejoins them if the sign-out fails. */
export function leaveRealtimeRooms(): () => void {
  return shared?.leaveAll() ?? (() => {});
}
