import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR, type ServiceContext } from '../../server/core/context.ts';
import type { UserRow } from '../../server/db/database.ts';
import type { ServerMessage } from '../../shared/realtime.schemas.ts';
import { testConfig } from './build-app.ts';
import { createUser, DEFAULT_PASSWORD, type UserOptions } from './factories.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * Servers that really listen on a port, with the realtime listener on the test database, and a
 * websocket client (Node's global WebSocket) that records what it receives.
 */
export interface RealtimeServer {
  app: FastifyInstance;
  config: Config;
  port: number;
  socketUrl(token: string | null): string;
  /** A system context on this server's database, for calling services directly. */
  systemCtx(): ServiceContext;
  signIn(options?: UserOptions): Promise<{ user: UserRow; accessToken: string }>;
}

export async function startRealtimeServer(
  database: TestDatabase,
  overrides: Record<string, string> = {},
): Promise<RealtimeServer> {
  const config = testConfig(overrides);
  const app = await buildApp({ db: database.db, config, logger: false, databaseUrl: database.url });
  await app.listen({ host: '127.0.0.1', port: 0 });
  if (!(await app.realtime.listener?.waitUntilListening(10_000))) throw new Error('listener did not start');
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    config,
    port,
    socketUrl: (token) =>
      `ws://127.0.0.1:${port}/api/realtime${token === null ? '' : `?token=${encodeURIComponent(token)}`}`,
    systemCtx: () => createContext({ db: database.db, config }, SYSTEM_ACTOR),
    async signIn(options = {}) {
      const user = await createUser(database.db, options);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return { user, accessToken: response.json<{ accessToken: string }>().accessToken };
    },
  };
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A websocket client that keeps every message it receives. */
export class TestSocket {
  readonly socket: WebSocket;
  readonly messages: ServerMessage[] = [];
  opened = false;
  closed: { code: number; reason: string } | null = null;

  private constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.addEventListener('open', () => (this.opened = true));
    this.socket.addEventListener('message', (event) => {
      this.messages.push(JSON.parse(String(event.data)) as ServerMessage);
    });
    this.socket.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
    });
  }

  /** Opens a connection; resolves once open, or once closed when the server refuses it. */
  static async connect(url: string): Promise<TestSocket> {
    const client = new TestSocket(url);
    await eventually(
      () => (client.opened || client.closed ? true : undefined),
      'the socket to open or close',
    );
    return client;
  }

  send(event: string, data: unknown): void {
    this.socket.send(JSON.stringify({ event, data }));
  }

  /** Joins a room and waits for the server's acknowledgement. */
  async join(room: string): Promise<void> {
    const before = this.messages.length;
    this.send('join-room', { room });
    await this.next((m) => (m.event === 'room-joined' || m.event === 'error') && true, before).then((m) => {
      if (m.event === 'error') throw new Error(`join ${room} refused: ${m.data.code}`);
    });
  }

  async leave(room: string): Promise<void> {
    const before = this.messages.length;
    this.send('left-room', { room });
    await this.next((m) => m.event === 'room-left', before);
  }

  /** The first message from index `from` on that matches. */
  next(match: (message: ServerMessage) => boolean, from = 0, timeoutMs = 10_000): Promise<ServerMessage> {
    return eventually(() => this.messages.slice(from).find(match), 'a matching message', timeoutMs);
  }

  waitClosed(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    return eventually(() => this.closed ?? undefined, 'the socket to close', timeoutMs);
  }

  close(): void {
    if (!this.closed) this.socket.close();
  }
}
