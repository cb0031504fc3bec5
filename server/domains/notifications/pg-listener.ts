import pg from 'pg';

export interface ListenerLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface PgListenerOptions {
  connectionString: string;
  channels: readonly string[];
  onNotification(channel: string, payload: string): void;
  /** Called after a lost connection is back and listening again (not on the first connect). */
  onReconnected?(): void;
  log: ListenerLog;
  /** How often the connection is checked with a query, so a silently dead one is noticed. */
  checkIntervalMs?: number;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;

/**
 * One dedicated connection that LISTENs on some channels (a pooled connection cannot: LISTEN
 * belongs to a session). When the connection is lost — a database restart, a network cut, a
 * terminated backend — it reconnects with a growing delay (0.1 s to 5 s) and listens again.
 */
export class PgListener {
  readonly #options: PgListenerOptions;
  #client: pg.Client | null = null;
  #stopped = false;
  #listening = false;
  #everConnected = false;
  #attempt = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  #checkTimer: NodeJS.Timeout | null = null;
  #waiters: Array<() => void> = [];

  constructor(options: PgListenerOptions) {
    this.#options = options;
  }

  /** True while the connection is up and LISTENing. */
  get listening(): boolean {
    return this.#listening;
  }

  /** The backend process id of the listening connection (for tests and diagnostics). */
  get backendPid(): number | null {
    return (this.#client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  /** Starts listening; resolves once listening, or after the first failure (retries go on in the background). */
  async start(): Promise<void> {
    await this.#connect();
    const interval = this.#options.checkIntervalMs ?? 30_000;
    this.#checkTimer = setInterval(() => void this.#check(), interval);
    this.#checkTimer.unref();
  }

  /** Resolves when listening (at once if already), or after `timeoutMs`. */
  waitUntilListening(timeoutMs = 10_000): Promise<boolean> {
    if (this.#listening) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.#listening), timeoutMs);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#listening = false;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    if (this.#checkTimer) clearInterval(this.#checkTimer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({
      connectionString: this.#options.connectionString,
      application_name: 'backoffice-realtime',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    this.#client = client;
    client.on('notification', (message) => {
      if (message.payload !== undefined) this.#options.onNotification(message.channel, message.payload);
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, null));
    try {
      await client.connect();
      for (const channel of this.#options.channels) await client.query(`listen "${channel}"`);
    } catch (error) {
      this.#lost(client, error as Error);
      return;
    }
    if (this.#stopped || this.#client !== client) return;
    this.#listening = true;
    this.#attempt = 0;
    if (this.#everConnected) {
      this.#options.log.info('realtime listener reconnected');
      this.#options.onReconnected?.();
    }
    this.#everConnected = true;
    for (const wake of this.#waiters.splice(0)) wake();
  }

  #lost(client: pg.Client, error: Error | null): void {
    if (this.#client !== client) return; // an old connection's late event
    this.#client = null;
    this.#listening = false;
    client.removeAllListeners('notification');
    client.on('error', () => {}); // a closing client may still report errors
    void client.end().catch(() => {});
    if (this.#stopped) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.#attempt++);
    this.#options.log.warn(
      `realtime listener lost its connection (${error?.message ?? 'closed'}); retrying in ${delay} ms`,
    );
    this.#retryTimer = setTimeout(() => void this.#connect(), delay);
    this.#retryTimer.unref();
  }

  async #check(): Promise<void> {
    const client = this.#client;
    if (!client || !this.#listening) return;
    try {
      await client.query('select 1');
    } catch (error) {
      this.#lost(client, error as Error);
    }
  }
}
